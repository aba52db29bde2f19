import {
  LEDGER_LIMITS,
  LEDGER_MESSAGES,
  openLedgerAccountOp,
  setCreditLimitOp,
  type TLedgerAccount,
} from '@shopdesk/contract';
import { Form, InputNumber, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShopOptions } from '../../../components/shop-options';
import { useApiMutation } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { numberRule } from '../../../lib/form-rules';
import { useMessageText } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { toCents } from './ledger-kit';

type TProps = { open: boolean; onClose: () => void; onDone: () => void };

const CreditField = () => {
  const { t, i18n } = useTranslation('ledger');
  return (
    <Form.Item
      name="creditLimit"
      label={t('creditLimitNtd')}
      rules={[
        { required: true },
        numberRule({ min: 0, max: LEDGER_LIMITS.creditLimitMax / 100 }, i18n.language),
      ]}
    >
      <InputNumber style={{ width: 200 }} precision={2} data-testid="credit-limit" />
    </Form.Item>
  );
};

/** Opens a shop's billing account (a shop has at most one). */
export const OpenAccountModal = (props: TProps) => {
  const { t } = useTranslation('ledger');
  const say = useMessageText();
  const errorText = useErrorText();
  const [q, setQ] = useState('');
  const shops = useShopOptions('gaa', q.trim(), props.open);
  const [form] = Form.useForm<{ shopId: number; creditLimit: number }>();
  const open = useApiMutation(openLedgerAccountOp);
  const save = async (v: { shopId: number; creditLimit: number }) => {
    try {
      await open.mutateAsync({ body: { shopId: v.shopId, creditLimit: toCents(v.creditLimit ?? 0) } });
      notify.success(say(LEDGER_MESSAGES.opened));
      props.onDone();
    } catch (err) {
      notify.error(errorText(err));
    }
  };
  // one request per click, however fast the clicks (lib/use-one-at-a-time.ts)
  const [saveOnce, saving] = useOneAtATime(save);
  return (
    <Modal
      open={props.open}
      title={t('openAccount')}
      okText={t('save')}
      onOk={() => form.submit()}
      confirmLoading={saving || open.isPending}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={saveOnce}
        preserve={false}
        initialValues={{ creditLimit: 0 }}
      >
        <Form.Item name="shopId" label={t('shop')} rules={[{ required: true, message: t('required') }]}>
          <Select<number>
            showSearch={{ filterOption: false, onSearch: setQ }}
            placeholder={t('chooseShop')}
            options={(shops.data?.rows ?? []).map((s) => ({
              value: s.accountId,
              label: `${s.accountId} - ${s.name}`,
            }))}
            loading={shops.isFetching}
            data-testid="open-account-shop"
          />
        </Form.Item>
        <CreditField />
      </Form>
    </Modal>
  );
};

/** Changes how far a wallet may go below zero (never below what it owes now: the server says so). */
export const CreditModal = (props: {
  account: TLedgerAccount | null;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation('ledger');
  const say = useMessageText();
  const errorText = useErrorText();
  const [form] = Form.useForm<{ creditLimit: number }>();
  const set = useApiMutation(setCreditLimitOp);
  const { account } = props;
  useEffect(() => {
    if (account) form.setFieldsValue({ creditLimit: account.creditLimit / 100 });
  }, [account, form]);
  const save = async (v: { creditLimit: number }) => {
    if (!account) return;
    try {
      await set.mutateAsync({ params: { id: account.id }, body: { creditLimit: toCents(v.creditLimit) } });
      notify.success(say(LEDGER_MESSAGES.saved));
      props.onDone();
    } catch (err) {
      notify.error(errorText(err));
    }
  };
  return (
    <Modal
      open={account !== null}
      title={account ? t('editCreditOf', { shop: account.shopName }) : ''}
      okText={t('save')}
      onOk={() => form.submit()}
      confirmLoading={set.isPending}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={save} preserve={false}>
        <CreditField />
      </Form>
    </Modal>
  );
};
