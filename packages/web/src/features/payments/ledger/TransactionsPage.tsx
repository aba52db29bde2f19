import { DownloadOutlined } from '@ant-design/icons';
import {
  exportTransactionsOp,
  listTransactionsOp,
  ntdText,
  type TLedgerTransaction,
  TRANSACTION_KIND_LABELS,
  TRANSACTION_KINDS,
  type TTransactionKind,
} from '@shopdesk/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Flex, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { useMessageText } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import type { TPageProps } from '../../../shell/lazy-page';
import { downloadExport } from '../../reports/sales/sales-queries';
import { useUrlListState } from '../../shops/shop-lists/use-url-list-state';
import { ledgerKeys, when } from './ledger-kit';

const SIZES = [20, 50, 100] as const;
const FILTERS = ['kind', 'accountId', 'from', 'to'] as const;
const KIND_COLORS = { deposit: 'green', charge: 'orange', refund: 'blue' } as const;
const isDate = (s: string) => (/^\d{4}-\d{2}-\d{2}$/.test(s) ? s : undefined);

/**
 * /vas/transactions (gaa): the ledger's transactions on the billing accounts, each with the
 * wallet's balance after it; filters in the URL; .xlsx export of the filtered rows.
 */
const TransactionsPage = (_props: TPageProps) => {
  const { t, i18n } = useTranslation('ledger');
  const say = useMessageText();
  const errorText = useErrorText();
  const list = useUrlListState({ filterKeys: FILTERS, sizes: SIZES });
  const f = list.filters;
  const filters = {
    kind: TRANSACTION_KINDS.find((k) => k === f.kind),
    accountId: Number(f.accountId) || undefined,
    from: isDate(f.from),
    to: isDate(f.to),
  };
  const query = { offset: list.offset, limit: list.size, ...filters };
  const txs = useApiQuery(
    listTransactionsOp,
    { query },
    { queryKey: ledgerKeys.transactions(query), placeholderData: keepPreviousData },
  );
  const [exporting, setExporting] = useState(false);
  const runExport = async () => {
    setExporting(true);
    try {
      await downloadExport(
        exportTransactionsOp,
        {},
        { ...filters, lang: i18n.language === 'en' ? 'en' : 'zh-TW' },
        'xlsx',
      );
    } catch (err) {
      notify.error(errorText(err));
    } finally {
      setExporting(false);
    }
  };
  const columns: TableColumnsType<TLedgerTransaction> = [
    { key: 'id', title: t('transaction'), dataIndex: 'id', width: 90 },
    { key: 'at', title: t('createdAt'), width: 170, render: (_, r) => when(r.createdAt) },
    {
      key: 'kind',
      title: t('kind'),
      width: 80,
      render: (_, r) => <Tag color={KIND_COLORS[r.kind]}>{say(TRANSACTION_KIND_LABELS[r.kind])}</Tag>,
    },
    { key: 'shop', title: t('shop'), render: (_, r) => `${r.shopId} ${r.shopName}` },
    {
      key: 'amount',
      title: t('amount'),
      align: 'right',
      render: (_, r) => (
        <Typography.Text type={r.amount < 0 ? 'danger' : 'success'}>{ntdText(r.amount)}</Typography.Text>
      ),
    },
    { key: 'after', title: t('balanceAfter'), align: 'right', render: (_, r) => ntdText(r.balanceAfter) },
    { key: 'memo', title: t('memo'), dataIndex: 'memo', ellipsis: true },
    { key: 'by', title: t('createdBy'), dataIndex: 'createdBy', width: 120 },
  ];
  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">{t('txIntro')}</Typography.Text>
      <Flex gap={8} wrap align="center">
        <Select<TTransactionKind | ''>
          style={{ width: 160 }}
          value={filters.kind ?? ''}
          onChange={(v) => list.update({ filters: { kind: v } })}
          options={[
            { value: '', label: t('allKinds') },
            ...TRANSACTION_KINDS.map((k) => ({ value: k, label: say(TRANSACTION_KIND_LABELS[k]) })),
          ]}
          data-testid="tx-kind"
        />
        <DatePicker
          placeholder={t('from')}
          value={filters.from ? dayjs(filters.from) : null}
          onChange={(d) => list.update({ filters: { from: d ? d.format('YYYY-MM-DD') : '' } })}
        />
        <DatePicker
          placeholder={t('to')}
          value={filters.to ? dayjs(filters.to) : null}
          onChange={(d) => list.update({ filters: { to: d ? d.format('YYYY-MM-DD') : '' } })}
        />
        {filters.accountId ? (
          <Tag closable onClose={() => list.update({ filters: { accountId: '' } })}>
            {`${t('account')} ${filters.accountId}`}
          </Tag>
        ) : null}
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={runExport}>
          {t('exportExcel')}
        </Button>
      </Flex>
      {txs.isError ? <Alert type="error" showIcon role="alert" title={errorText(txs.error)} /> : null}
      <Table
        rowKey={(r) => `${r.id}-${r.accountId}`}
        size="small"
        data-testid="transactions"
        loading={txs.isFetching}
        columns={columns}
        dataSource={txs.data?.rows ?? []}
        scroll={{ x: 1100 }}
        {...list.table(txs.data?.total ?? 0, (count) => t('totalTx', { count }))}
      />
    </Flex>
  );
};

export default TransactionsPage;
