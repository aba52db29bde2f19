import { BANNED_REASON_MAX, ORDER_MESSAGES, type TUserType, ZAddBannedRequest } from '@shopdesk/contract';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ShopSelect } from '../../../components/ShopSelect';
import { useErrorText } from '../../../lib/error-text';
import { zodRule } from '../../../lib/form-rules';
import { useMessageText } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { useAddBanned } from './order-summary-queries';

type TValues = { accountId?: number; phone: string; customerName: string; reason: string };
const field = ZAddBannedRequest.shape;

/** Adds a customer to a shop's banned list by hand (shop, phone, name, reason), checked by the contract. */
export const AddBannedDialog = ({
  type,
  open,
  shopId,
  onClose,
}: {
  type: TUserType;
  open: boolean;
  shopId?: number;
  onClose: () => void;
}) => {
  const { t, i18n } = useTranslation('orderSummary');
  const text = useMessageText();
  const errorText = useErrorText();
  const [form] = Form.useForm<TValues>();
  const add = useAddBanned();
  const accountId = Form.useWatch('accountId', form);
  const lang = i18n.language;

  const [submit, busy] = useOneAtATime(async (v: TValues) => {
    try {
      await add.mutateAsync({
        params: { type: type as 'gaa' | 'eaa' },
        body: {
          accountId: v.accountId ?? 0,
          phone: v.phone,
          customerName: v.customerName ?? '',
          reason: v.reason,
        },
      });
      notify.success(text(ORDER_MESSAGES.blocked));
      form.resetFields();
      onClose();
    } catch (err) {
      notify.error(errorText(err));
    }
  });

  return (
    <Modal
      open={open}
      title={t('addTitle')}
      okText={t('confirm')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy || add.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ accountId: shopId }}>
        <Form.Item name="accountId" label={t('shop')} rules={[zodRule(field.accountId, lang)]} required>
          <ShopSelect
            type={type}
            value={accountId}
            allowClear={false}
            width={360}
            onChange={(v) => form.setFieldValue('accountId', v)}
          />
        </Form.Item>
        <Form.Item name="phone" label={t('phone')} rules={[zodRule(field.phone, lang)]} required>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="customerName" label={t('colName')} rules={[zodRule(field.customerName, lang)]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="reason" label={t('colReason')} rules={[zodRule(field.reason, lang)]} required>
          <Input.TextArea maxLength={BANNED_REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
};
