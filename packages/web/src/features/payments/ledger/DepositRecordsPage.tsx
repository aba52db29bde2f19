import {
  DEPOSIT_METHOD_LABELS,
  DEPOSIT_METHODS,
  listDepositsOp,
  ntdText,
  type TDepositMethod,
  type TDepositRecord,
} from '@shopdesk/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { Alert, Flex, Select, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { useMessageText } from '../../../lib/message-text';
import type { TPageProps } from '../../../shell/lazy-page';
import { useUrlListState } from '../../shops/shop-lists/use-url-list-state';
import { ledgerKeys, when } from './ledger-kit';

const SIZES = [20, 50, 100] as const;
const FILTERS = ['method', 'accountId'] as const;

/** /vas/deposit-records (gaa): every deposit with payer, method and reference, newest first. */
const DepositRecordsPage = (_props: TPageProps) => {
  const { t } = useTranslation('ledger');
  const say = useMessageText();
  const errorText = useErrorText();
  const list = useUrlListState({ filterKeys: FILTERS, sizes: SIZES });
  const method = DEPOSIT_METHODS.find((m) => m === list.filters.method);
  const accountId = Number(list.filters.accountId) || undefined;
  const query = { offset: list.offset, limit: list.size, method, accountId };
  const deposits = useApiQuery(
    listDepositsOp,
    { query },
    { queryKey: ledgerKeys.deposits(query), placeholderData: keepPreviousData },
  );
  const columns: TableColumnsType<TDepositRecord> = [
    { key: 'at', title: t('createdAt'), width: 170, render: (_, r) => when(r.createdAt) },
    { key: 'shop', title: t('shop'), render: (_, r) => `${r.shopId} ${r.shopName}` },
    { key: 'amount', title: t('amount'), align: 'right', render: (_, r) => ntdText(r.amount) },
    { key: 'payer', title: t('payer'), dataIndex: 'payer' },
    { key: 'method', title: t('method'), render: (_, r) => say(DEPOSIT_METHOD_LABELS[r.method]) },
    { key: 'reference', title: t('reference'), dataIndex: 'reference' },
    { key: 'note', title: t('note'), dataIndex: 'note', ellipsis: true },
    { key: 'tx', title: t('transaction'), dataIndex: 'transactionId', width: 100 },
    { key: 'by', title: t('createdBy'), dataIndex: 'createdBy', width: 120 },
  ];
  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">{t('depositsIntro')}</Typography.Text>
      <Select<TDepositMethod | ''>
        style={{ width: 200 }}
        value={method ?? ''}
        onChange={(v) => list.update({ filters: { method: v } })}
        options={[
          { value: '', label: t('allMethods') },
          ...DEPOSIT_METHODS.map((m) => ({ value: m, label: say(DEPOSIT_METHOD_LABELS[m]) })),
        ]}
        data-testid="deposit-method"
      />
      {deposits.isError ? (
        <Alert type="error" showIcon role="alert" title={errorText(deposits.error)} />
      ) : null}
      <Table
        rowKey="id"
        size="small"
        data-testid="deposit-records"
        loading={deposits.isFetching}
        columns={columns}
        dataSource={deposits.data?.rows ?? []}
        scroll={{ x: 1100 }}
        {...list.table(deposits.data?.total ?? 0, (count) =>
          t('totalDeposits', { count, sum: ntdText(deposits.data?.sum ?? 0) }),
        )}
      />
    </Flex>
  );
};

export default DepositRecordsPage;
