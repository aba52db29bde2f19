import { PlusOutlined } from '@ant-design/icons';
import {
  BANK_LIMITS,
  BANK_MESSAGES,
  BANK_OWNERS,
  createBankAccountOp,
  deleteBankAccountOp,
  listBankAccountsOp,
  type TBankAccount,
  type TBankAccountInput,
  ZBankAccountFields,
} from '@shopdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { zodRule } from '../../../lib/form-rules';
import { useMessageText } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import type { TPageProps } from '../../../shell/lazy-page';
import { ledgerKeys, when } from './ledger-kit';

type TForm = Omit<TBankAccountInput, 'siAccountId'> & { siAccountId?: number };
const shape = ZBankAccountFields.shape;

/**
 * /acct/bank-accounts (gaa): the platform's and the integrators' payout accounts, checked by
 * format (bank 3 digits, branch 4, number 10–16) with the contract's rules; numbers masked in the list.
 */
const BankAccountsPage = (_props: TPageProps) => {
  const { t, i18n } = useTranslation('ledger');
  const say = useMessageText();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const list = useApiQuery(listBankAccountsOp, {}, { queryKey: ledgerKeys.banks });
  const create = useApiMutation(createBankAccountOp);
  const remove = useApiMutation(deleteBankAccountOp);
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<TForm>();
  const owner = Form.useWatch('owner', form);
  const refresh = () => qc.invalidateQueries({ queryKey: ledgerKeys.banks });
  const save = async (v: TForm) => {
    try {
      await create.mutateAsync({
        body: { ...v, siAccountId: v.owner === 'si' ? (v.siAccountId ?? null) : null },
      });
      notify.success(say(BANK_MESSAGES.saved));
      setAdding(false);
      void refresh();
    } catch (err) {
      notify.error(errorText(err));
    }
  };
  const drop = async (r: TBankAccount) => {
    try {
      await remove.mutateAsync({ params: { id: r.id } });
      notify.success(say(BANK_MESSAGES.removed));
      void refresh();
    } catch (err) {
      notify.error(errorText(err));
    }
  };
  const columns: TableColumnsType<TBankAccount> = [
    {
      key: 'owner',
      title: t('owner'),
      render: (_, r) => (r.owner === 'si' ? r.siName : t('owner_platform')),
    },
    { key: 'bank', title: t('bankCode'), dataIndex: 'bankCode', width: 90 },
    { key: 'branch', title: t('branchCode'), dataIndex: 'branchCode', width: 90 },
    { key: 'number', title: t('accountNumber'), dataIndex: 'accountNumberMasked' },
    { key: 'name', title: t('accountName'), dataIndex: 'accountName' },
    { key: 'by', title: t('createdBy'), render: (_, r) => `${r.createdBy} ${when(r.createdAt)}` },
    {
      key: 'actions',
      title: '',
      width: 80,
      render: (_, r) => (
        <Popconfirm title={t('removeConfirm')} onConfirm={() => drop(r)}>
          <Button size="small" danger>
            {t('remove')}
          </Button>
        </Popconfirm>
      ),
    },
  ];
  const rule = (k: 'bankCode' | 'branchCode' | 'accountNumber' | 'accountName') =>
    zodRule(shape[k], i18n.language);
  // one request per click, however fast the clicks (lib/use-one-at-a-time.ts)
  const [saveOnce, saving] = useOneAtATime(save);
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" gap={8} wrap>
        <Typography.Text type="secondary">{t('bankIntro')}</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-bank">
          {t('addBank')}
        </Button>
      </Flex>
      {list.isError ? <Alert type="error" showIcon role="alert" title={errorText(list.error)} /> : null}
      <Table
        rowKey="id"
        size="small"
        data-testid="bank-accounts"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.rows ?? []}
        pagination={false}
        scroll={{ x: 900 }}
      />
      <Modal
        open={adding}
        title={t('addBank')}
        okText={t('save')}
        onOk={() => form.submit()}
        confirmLoading={saving || create.isPending}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={saveOnce}
          preserve={false}
          initialValues={{ owner: 'platform' }}
        >
          <Form.Item name="owner" label={t('owner')}>
            <Select options={BANK_OWNERS.map((o) => ({ value: o, label: t(`owner_${o}`) }))} />
          </Form.Item>
          {owner === 'si' ? (
            <Form.Item
              name="siAccountId"
              label={t('si')}
              rules={[{ required: true, message: say(BANK_MESSAGES.siRequired) }]}
            >
              <Select options={(list.data?.sis ?? []).map((s) => ({ value: s.id, label: s.name }))} />
            </Form.Item>
          ) : null}
          <Flex gap={8}>
            <Form.Item name="bankCode" label={t('bankCode')} rules={[rule('bankCode')]}>
              <Input maxLength={3} style={{ width: 100 }} data-testid="bank-code" />
            </Form.Item>
            <Form.Item name="branchCode" label={t('branchCode')} rules={[rule('branchCode')]}>
              <Input maxLength={4} style={{ width: 100 }} data-testid="branch-code" />
            </Form.Item>
          </Flex>
          <Form.Item name="accountNumber" label={t('accountNumber')} rules={[rule('accountNumber')]}>
            <Input maxLength={BANK_LIMITS.accountNumberMax} data-testid="account-number" />
          </Form.Item>
          <Form.Item name="accountName" label={t('accountName')} rules={[rule('accountName')]}>
            <Input maxLength={BANK_LIMITS.accountNameMax} data-testid="account-name" />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
};

export default BankAccountsPage;
