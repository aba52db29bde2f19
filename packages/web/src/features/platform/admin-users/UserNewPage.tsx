import {
  ADMIN_MESSAGES,
  createEaaUserOp,
  createGaaUserOp,
  createSiUserOp,
  TEXT_LIMITS,
  TEXT_MAX,
  ZNewUserBody,
} from '@shopdesk/contract';
import { Alert, Button, Card, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useApiMutation } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { zodRule } from '../../../lib/form-rules';
import { useMessageText } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import type { TPageProps } from '../../../shell/lazy-page';
import { idParam, useAdminType, useInvalidateAdmin, useOwnSiAccountId } from './admin-queries';
import { showOnField } from './form-errors';
import { ShopPicker } from './ShopPicker';

type TForm = { name: string; email: string; phone?: string; shopIds?: number[] };

/** Where each "new user" route sends its form and where it goes back to. */
const useTarget = (routeId: string) => {
  const type = useAdminType();
  const paramSi = idParam(useParams().siId);
  const own = useOwnSiAccountId();
  if (routeId === 'gaa-users-new') return { kind: 'gaa' as const, type, back: '/gaa-users' };
  if (routeId === 'eaa-accounts-new') return { kind: 'eaa' as const, type, back: '/eaa-accounts' };
  if (routeId === 'si-users-new') return { kind: 'si' as const, type, siId: own.siId, back: '/si-users' };
  return { kind: 'si' as const, type, siId: paramSi, back: `/si-accounts/${paramSi}/si-users` };
};

/**
 * /gaa-users/new, /si-users/new, /si-accounts/{siId}/si-users/new, /eaa-accounts/new: invite a
 * person. No password is typed: the server mails a set-password link. A store owner gets shops at once.
 */
const UserNewPage = ({ route }: TPageProps) => {
  const { t, i18n } = useTranslation('adminUsers');
  const lang = i18n.language;
  const say = useMessageText();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const invalidate = useInvalidateAdmin();
  const [form] = Form.useForm<TForm>();
  const target = useTarget(route.id);
  const gaa = useApiMutation(createGaaUserOp);
  const si = useApiMutation(createSiUserOp);
  const eaa = useApiMutation(createEaaUserOp);
  const pending = gaa.isPending || si.isPending || eaa.isPending;
  const field = ZNewUserBody.shape;

  const save = async (v: TForm) => {
    const person = { name: v.name, email: v.email, phone: v.phone || undefined };
    try {
      if (target.kind === 'gaa') await gaa.mutateAsync({ body: person });
      else if (target.kind === 'eaa')
        await eaa.mutateAsync({
          params: { type: target.type },
          body: { ...person, shopIds: v.shopIds ?? [] },
        });
      else if (target.siId !== undefined)
        await si.mutateAsync({ params: { type: target.type, siId: target.siId }, body: person });
      notify.success(t('created201', { email: v.email.trim() }));
      await invalidate();
      navigate(target.back);
    } catch (err) {
      if (!showOnField(form, err, errorText(err))) notify.error(errorText(err));
    }
  };

  // one request per click, however fast the clicks (lib/use-one-at-a-time.ts)
  const [saveOnce, saving] = useOneAtATime(save);
  return (
    <Card style={{ maxWidth: 640 }}>
      <Alert type="info" showIcon title={t('inviteNote')} style={{ marginBottom: 16 }} />
      <Form<TForm> form={form} layout="vertical" onFinish={saveOnce} requiredMark>
        <Form.Item name="name" label={t('name')} rules={[zodRule(field.name, lang)]} required>
          <Input maxLength={TEXT_MAX.name} autoComplete="off" />
        </Form.Item>
        <Form.Item name="email" label={t('email')} rules={[zodRule(field.email, lang)]} required>
          <Input maxLength={TEXT_LIMITS.email} autoComplete="off" inputMode="email" />
        </Form.Item>
        <Form.Item name="phone" label={t('phone')} rules={[zodRule(field.phone, lang)]}>
          <Input maxLength={TEXT_LIMITS.phone} autoComplete="off" inputMode="tel" />
        </Form.Item>
        {target.kind === 'eaa' ? (
          <Form.Item
            name="shopIds"
            label={t('ownerShops')}
            extra={t('shopPickerHelp')}
            required={target.type === 'si'}
            rules={
              // an si sees only owners of its shops: the owner it makes must get one at once
              target.type === 'si'
                ? [{ required: true, type: 'array', min: 1, message: say(ADMIN_MESSAGES.shopsRequired) }]
                : []
            }
          >
            <ShopPicker type={target.type} />
          </Form.Item>
        ) : null}
        <Space>
          <Button type="primary" htmlType="submit" loading={saving || pending}>
            {t('invite')}
          </Button>
          <Button onClick={() => navigate(target.back)}>{t('cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
};

export default UserNewPage;
