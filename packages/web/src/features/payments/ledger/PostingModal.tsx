import {
  DEPOSIT_METHOD_LABELS,
  DEPOSIT_METHODS,
  depositOp,
  LEDGER_LIMITS,
  LEDGER_MESSAGES,
  refundOp,
  type TLedgerAccount,
} from '@shopdesk/contract';
import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { numberRule } from '../../../lib/form-rules';
import { useMessageText } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import { newPostingKey, toCents } from './ledger-kit';

type TForm = {
  amount: number;
  payer?: string;
  method?: string;
  reference?: string;
  note?: string;
  reason?: string;
};

/** A deposit or a refund into one wallet; the posting key is made once per opened form. */
export const PostingModal = (props: {
  kind: 'deposit' | 'refund';
  account: TLedgerAccount | null;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t, i18n } = useTranslation('ledger');
  const say = useMessageText();
  const errorText = useErrorText();
  const [form] = Form.useForm<TForm>();
  const dep = useApiMutation(depositOp);
  const ref = useApiMutation(refundOp);
  const { account, kind } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key each time the form opens for an account
  const idempotencyKey = useMemo(() => newPostingKey(), [account]);
  const save = async (v: TForm) => {
    if (!account) return;
    try {
      if (kind === 'deposit')
        await dep.mutateAsync({
          params: { id: account.id },
          body: {
            amount: toCents(v.amount),
            payer: v.payer ?? '',
            method: (v.method ?? 'bank_transfer') as (typeof DEPOSIT_METHODS)[number],
            reference: v.reference ?? '',
            note: v.note ?? '',
            idempotencyKey,
          },
        });
      else
        await ref.mutateAsync({
          params: { id: account.id },
          body: { amount: toCents(v.amount), reason: v.reason ?? '', idempotencyKey },
        });
      notify.success(say(kind === 'deposit' ? LEDGER_MESSAGES.deposited : LEDGER_MESSAGES.refunded));
      props.onDone();
    } catch (err) {
      notify.error(errorText(err));
    }
  };
  const required = { required: true, message: t('required') };
  return (
    <Modal
      open={account !== null}
      title={account ? t(kind === 'deposit' ? 'depositTo' : 'refundTo', { shop: account.shopName }) : ''}
      okText={t('save')}
      onOk={() => form.submit()}
      okButtonProps={{ 'data-testid': 'posting-save' } as Record<string, string>}
      confirmLoading={dep.isPending || ref.isPending}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={save}
        preserve={false}
        initialValues={{ method: 'bank_transfer' }}
      >
        <Form.Item
          name="amount"
          label={t('amountNtd')}
          rules={[required, numberRule({ min: 0.01, max: LEDGER_LIMITS.amountMax / 100 }, i18n.language)]}
        >
          <InputNumber style={{ width: 200 }} precision={2} data-testid="posting-amount" />
        </Form.Item>
        {kind === 'deposit' ? (
          <>
            <Form.Item name="payer" label={t('payer')} rules={[required]}>
              <Input maxLength={LEDGER_LIMITS.payerMax} data-testid="posting-payer" />
            </Form.Item>
            <Form.Item name="method" label={t('method')} rules={[required]}>
              <Select
                options={DEPOSIT_METHODS.map((m) => ({ value: m, label: say(DEPOSIT_METHOD_LABELS[m]) }))}
              />
            </Form.Item>
            <Form.Item name="reference" label={t('reference')}>
              <Input maxLength={LEDGER_LIMITS.referenceMax} data-testid="posting-reference" />
            </Form.Item>
            <Form.Item name="note" label={t('note')}>
              <Input maxLength={LEDGER_LIMITS.noteMax} />
            </Form.Item>
          </>
        ) : (
          <Form.Item name="reason" label={t('reason')} rules={[required]}>
            <Input maxLength={LEDGER_LIMITS.noteMax} data-testid="posting-reason" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
};
