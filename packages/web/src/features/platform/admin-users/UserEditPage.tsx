import { TEXT_LIMITS, TEXT_MAX, updateManagedUserOp, ZEditUserBody } from '@shopdesk/contract';
import { Alert, Button, Card, Descriptions, Form, Input, Skeleton, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useApiMutation } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { zodRule } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import type { TPageProps } from '../../../shell/lazy-page';
import { RouteButton } from '../../shops/shop-lists/RouteButton';
import { idParam, taipeiDate, useAdminType, useInvalidateAdmin, useManagedUser } from './admin-queries';
import { showOnField } from './form-errors';
import { UserStatusTag } from './UserStatusTag';
import { useUserActions } from './user-actions';

type TForm = { name: string; phone?: string; enabled: boolean };

/** The user a route edits and the list it returns to. */
const useTarget = (routeId: string) => {
  const p = useParams();
  if (routeId === 'gaa-users-edit') return { id: idParam(p.gaaId), back: '/gaa-users' };
  if (routeId === 'eaa-accounts-edit') return { id: idParam(p.eaaId), back: '/eaa-accounts' };
  return { id: idParam(p.siUserId), back: `/si-accounts/${p.siId}/si-users` };
};

/**
 * /gaa-users/{gaaId}/edit, /si-accounts/{siId}/si-users/{siUserId}/edit, /eaa-accounts/{eaaId}/edit
 * name, phone and whether the account may sign in. The e-mail is the sign-in name and stays.
 * A refused save (the last active administrator) stays on screen with the server's reason.
 */
const UserEditPage = ({ route }: TPageProps) => {
  const { t, i18n } = useTranslation('adminUsers');
  const lang = i18n.language;
  const errorText = useErrorText();
  const navigate = useNavigate();
  const type = useAdminType();
  const target = useTarget(route.id);
  const user = useManagedUser(type, target.id);
  const save = useApiMutation(updateManagedUserOp);
  const invalidate = useInvalidateAdmin();
  const actions = useUserActions(type);
  const [form] = Form.useForm<TForm>();
  const [refused, setRefused] = useState<string | null>(null);
  const row = user.data?.user;
  const field = ZEditUserBody.shape;

  useEffect(() => {
    if (row) form.setFieldsValue({ name: row.name, phone: row.phone ?? '', enabled: !row.disabled });
  }, [row, form]);

  if (user.isError) return <Alert type="error" showIcon role="alert" title={errorText(user.error)} />;
  if (!row || target.id === undefined) return <Skeleton active />;

  const submit = async (v: TForm) => {
    setRefused(null);
    try {
      await save.mutateAsync({
        params: { type, userId: row.id },
        body: { name: v.name, phone: v.phone ?? '', disabled: !v.enabled },
      });
      notify.success(t('saved'));
      await invalidate();
      navigate(target.back);
    } catch (err) {
      if (!showOnField(form, err, errorText(err))) setRefused(errorText(err));
    }
  };

  return (
    <Card style={{ maxWidth: 640 }}>
      {actions.holder}
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('email')}>{row.email}</Descriptions.Item>
        <Descriptions.Item label={t('status')}>
          <UserStatusTag user={row} />
        </Descriptions.Item>
        <Descriptions.Item label={t('created')}>{taipeiDate(row.createdAt)}</Descriptions.Item>
        {row.type === 'eaa' ? (
          <Descriptions.Item label={t('shops')}>
            {row.shops.map((s) => `${s.id} ${s.name}`).join('、') || '—'}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      {refused ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('disableFailed')}
          description={refused}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form<TForm> form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="name" label={t('name')} rules={[zodRule(field.name, lang)]} required>
          <Input maxLength={TEXT_MAX.name} autoComplete="off" />
        </Form.Item>
        <Form.Item name="phone" label={t('phone')} rules={[zodRule(field.phone, lang)]}>
          <Input maxLength={TEXT_LIMITS.phone} autoComplete="off" inputMode="tel" />
        </Form.Item>
        <Form.Item name="enabled" label={t('enabledSwitch')} valuePropName="checked" extra={t('enabledHelp')}>
          <Switch />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('save')}
          </Button>
          <Button onClick={() => navigate(target.back)}>{t('cancel')}</Button>
          {!row.passwordSet && !row.disabled ? (
            <Button onClick={() => actions.resendInvite(row)}>{t('resend')}</Button>
          ) : null}
          {row.type === 'eaa' ? (
            <RouteButton to={`/eaa-accounts/${row.id}/shops`}>{t('manageShops')}</RouteButton>
          ) : null}
        </Space>
      </Form>
    </Card>
  );
};

export default UserEditPage;
