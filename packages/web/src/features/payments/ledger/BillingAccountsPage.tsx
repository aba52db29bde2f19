import { PlusOutlined } from '@ant-design/icons';
import { listLedgerAccountsOp, ntdText, type TLedgerAccount } from '@shopdesk/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiQuery } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import type { TPageProps } from '../../../shell/lazy-page';
import { useUrlListState } from '../../shops/shop-lists/use-url-list-state';
import { CreditModal, OpenAccountModal } from './AccountModals';
import { ledgerKeys, when } from './ledger-kit';
import { PostingModal } from './PostingModal';

const SIZES = [20, 50, 100] as const;
const FILTERS = ['q'] as const;

/**
 * /vas/billing-accounts (gaa): each shop's wallet with its balance (the sum of its ledger
 * entries), credit and what a charge may still take; deposit, refund and credit from the row.
 */
const BillingAccountsPage = (_props: TPageProps) => {
  const { t } = useTranslation('ledger');
  const errorText = useErrorText();
  const qc = useQueryClient();
  const list = useUrlListState({ filterKeys: FILTERS, sizes: SIZES });
  const [draft, setDraft] = useState(list.filters.q);
  useEffect(() => setDraft(list.filters.q), [list.filters.q]);
  const query = { offset: list.offset, limit: list.size, q: list.filters.q || undefined };
  const accounts = useApiQuery(
    listLedgerAccountsOp,
    { query },
    { queryKey: ledgerKeys.accounts(query), placeholderData: keepPreviousData },
  );
  const [opening, setOpening] = useState(false);
  const [posting, setPosting] = useState<{ kind: 'deposit' | 'refund'; account: TLedgerAccount } | null>(
    null,
  );
  const [crediting, setCrediting] = useState<TLedgerAccount | null>(null);
  const done = () => {
    setOpening(false);
    setPosting(null);
    setCrediting(null);
    void qc.invalidateQueries({ queryKey: ledgerKeys.all });
  };
  const money = (v: number) => (
    <Typography.Text type={v < 0 ? 'danger' : undefined}>{ntdText(v)}</Typography.Text>
  );
  const columns: TableColumnsType<TLedgerAccount> = [
    { key: 'shopId', title: t('shopId'), dataIndex: 'shopId', width: 90 },
    { key: 'shop', title: t('shop'), dataIndex: 'shopName' },
    { key: 'balance', title: t('balance'), align: 'right', render: (_, r) => money(r.balance) },
    { key: 'credit', title: t('creditLimit'), align: 'right', render: (_, r) => ntdText(r.creditLimit) },
    { key: 'available', title: t('available'), align: 'right', render: (_, r) => money(r.available) },
    { key: 'last', title: t('lastActivity'), width: 170, render: (_, r) => when(r.lastActivityAt) },
    {
      key: 'actions',
      title: '',
      width: 300,
      render: (_, r) => (
        <Space size="small" wrap>
          <Button
            size="small"
            type="primary"
            onClick={() => setPosting({ kind: 'deposit', account: r })}
            data-testid={`deposit-${r.shopId}`}
          >
            {t('deposit')}
          </Button>
          <Button size="small" onClick={() => setPosting({ kind: 'refund', account: r })}>
            {t('refund')}
          </Button>
          <Button size="small" onClick={() => setCrediting(r)}>
            {t('editCredit')}
          </Button>
          <Link to={`/vas/transactions?accountId=${r.id}`}>{t('transactions')}</Link>
        </Space>
      ),
    },
  ];
  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">{t('accountsIntro')}</Typography.Text>
      <Flex gap={8} wrap justify="space-between">
        <Input.Search
          allowClear
          style={{ maxWidth: 320 }}
          placeholder={t('searchShop')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onSearch={(v) => list.update({ filters: { q: v } })}
          data-testid="accounts-search"
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setOpening(true)}
          data-testid="open-account"
        >
          {t('openAccount')}
        </Button>
      </Flex>
      {accounts.isError ? (
        <Alert type="error" showIcon role="alert" title={errorText(accounts.error)} />
      ) : null}
      <Table
        rowKey="id"
        size="small"
        data-testid="billing-accounts"
        loading={accounts.isFetching}
        columns={columns}
        dataSource={accounts.data?.rows ?? []}
        scroll={{ x: 1000 }}
        {...list.table(accounts.data?.total ?? 0, (count) => t('totalAccounts', { count }))}
      />
      <OpenAccountModal open={opening} onClose={() => setOpening(false)} onDone={done} />
      <PostingModal
        kind={posting?.kind ?? 'deposit'}
        account={posting?.account ?? null}
        onClose={() => setPosting(null)}
        onDone={done}
      />
      <CreditModal account={crediting} onClose={() => setCrediting(null)} onDone={done} />
    </Flex>
  );
};

export default BillingAccountsPage;
