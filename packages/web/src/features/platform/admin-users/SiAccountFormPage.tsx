import {
  createSiAccountOp,
  TEXT_LIMITS,
  TEXT_MAX,
  updateSiAccountOp,
  ZSiAccountNewBody,
} from '@shopdesk/contract';
import { Alert, Button, Card, Form, Input, Skeleton, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useApiMutation } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { zodRule } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import type { TPageProps } from '../../../shell/lazy-page';
import { idParam, useInvalidateAdmin, useSiAccount } from './admin-queries';
import { showOnField } from './form-errors';

type TForm = { name: string; displayName: string; contactName: string; email: string; phone?: string };

/**
 * /si-accounts/new and /si-accounts/{siId}/edit (gaa). A new SI's contact becomes its first
 * user and gets the set-password mail; the SI key is fixed once created.
 */
const SiAccountFormPage = ({ route }: TPageProps) => {
  const { t, i18n } = useTranslation('adminUsers');
  const lang = i18n.language;
  const errorText = useErrorText();
  const navigate = useNavigate();
  const invalidate = useInvalidateAdmin();
  const isNew = route.id === 'si-accounts-new';
  const siId = idParam(useParams().siId);
  const current = useSiAccount(isNew ? undefined : siId);
  const create = useApiMutation(createSiAccountOp);
  const update = useApiMutation(updateSiAccountOp);
  const [form] = Form.useForm<TForm>();
  const field = ZSiAccountNewBody.shape;
  const row = current.data?.siAccount;

  useEffect(() => {
    if (row)
      form.setFieldsValue({
        name: row.name,
        displayName: row.displayName,
        contactName: row.contactName ?? '',
        email: row.email ?? '',
        phone: row.phone ?? '',
      });
  }, [row, form]);

  // one request per click, however fast the clicks (lib/use-one-at-a-time.ts)
  const [saveOnce, saving] = useOneAtATime((v: TForm) => save(v));
  if (!isNew && current.isError)
    return <Alert type="error" showIcon role="alert" title={errorText(current.error)} />;
  if (!isNew && !row) return <Skeleton active />;

  const save = async (v: TForm) => {
    const body = {
      displayName: v.displayName,
      contactName: v.contactName,
      email: v.email,
      phone: v.phone || undefined,
    };
    try {
      if (isNew) {
        const res = await create.mutateAsync({ body: { ...body, name: v.name } });
        notify.success(t('siCreated', { name: res.siAccount.displayName, email: v.email.trim() }));
      } else if (siId !== undefined) {
        await update.mutateAsync({ params: { siId }, body });
        notify.success(t('saved'));
      }
      await invalidate();
      navigate('/si-accounts');
    } catch (err) {
      if (!showOnField(form, err, errorText(err))) notify.error(errorText(err));
    }
  };

  return (
    <Card style={{ maxWidth: 640 }}>
      {isNew ? <Alert type="info" showIcon title={t('contactHelp')} style={{ marginBottom: 16 }} /> : null}
      <Form<TForm> form={form} layout="vertical" onFinish={saveOnce}>
        <Form.Item
          name="name"
          label={t('siKey')}
          extra={t('siKeyHelp')}
          rules={isNew ? [zodRule(field.name, lang)] : []}
          required={isNew}
        >
          <Input maxLength={TEXT_LIMITS.accountName} disabled={!isNew} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="displayName"
          label={t('displayName')}
          rules={[zodRule(field.displayName, lang)]}
          required
        >
          <Input maxLength={TEXT_MAX.name} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="contactName"
          label={t('contactName')}
          rules={[zodRule(field.contactName, lang)]}
          required
        >
          <Input maxLength={TEXT_MAX.name} autoComplete="off" />
        </Form.Item>
        <Form.Item name="email" label={t('siEmail')} rules={[zodRule(field.email, lang)]} required>
          <Input maxLength={TEXT_LIMITS.email} autoComplete="off" inputMode="email" />
        </Form.Item>
        <Form.Item name="phone" label={t('phone')} rules={[zodRule(field.phone, lang)]}>
          <Input maxLength={TEXT_LIMITS.phone} autoComplete="off" inputMode="tel" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving || create.isPending || update.isPending}>
            {isNew ? t('invite') : t('save')}
          </Button>
          <Button onClick={() => navigate('/si-accounts')}>{t('cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
};

export default SiAccountFormPage;
