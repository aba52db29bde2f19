import { DownloadOutlined } from '@ant-design/icons';
import {
  BILLING_STATE_LABELS,
  billingPreviewOp,
  billingStatementOp,
  ntdText,
  runBillingOp,
  type TBillingLine,
} from '@shopdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Flex,
  Popconfirm,
  Space,
  Statistic,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { useMessageText } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import { taipeiToday } from '../../../lib/taipei-date';
import type { TPageProps } from '../../../shell/lazy-page';
import { downloadExport } from '../../reports/sales/sales-queries';
import { ledgerKeys, when } from './ledger-kit';

const STATE_COLORS = {
  pending: 'default',
  posted: 'green',
  insufficient: 'red',
  zero: 'default',
  no_formula: 'orange',
} as const;

/** Last month (Asia/Taipei): the month a run usually bills. */
const lastMonth = () => taipeiToday().subtract(1, 'month').format('YYYY-MM');

/**
 * /acct/billing-tool (gaa): a month's lines per shop (plan, the formula version in effect for
 * the month, usage, charge), the run that posts them to the ledger once, and the statement download.
 */
const BillingToolPage = (_props: TPageProps) => {
  const { t, i18n } = useTranslation('ledger');
  const say = useMessageText();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const raw = params.get('month') ?? '';
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(raw) ? raw : lastMonth();
  const preview = useApiQuery(
    billingPreviewOp,
    { params: { month } },
    { queryKey: ledgerKeys.billing(month) },
  );
  const run = useApiMutation(runBillingOp);
  const [downloading, setDownloading] = useState(false);
  const lang = i18n.language === 'en' ? 'en' : 'zh-TW';
  const doRun = async () => {
    try {
      const r = await run.mutateAsync({ params: { month } });
      notify.success(
        t('ranResult', {
          posted: r.posted,
          amount: ntdText(r.amountPosted),
          already: r.alreadyPosted,
          insufficient: r.insufficient,
        }),
      );
      void qc.invalidateQueries({ queryKey: ledgerKeys.all });
    } catch (err) {
      notify.error(errorText(err));
    }
  };
  const download = async () => {
    setDownloading(true);
    try {
      await downloadExport(billingStatementOp, { month }, { lang }, 'xlsx');
    } catch (err) {
      notify.error(errorText(err));
    } finally {
      setDownloading(false);
    }
  };
  const data = preview.data;
  const columns: TableColumnsType<TBillingLine> = [
    {
      key: 'shop',
      title: t('shop'),
      fixed: 'left',
      width: 200,
      render: (_, r) => `${r.shopId} ${r.shopName}`,
    },
    { key: 'plan', title: t('plan'), dataIndex: 'plan', width: 100 },
    {
      key: 'v',
      title: t('formulaVersion'),
      width: 80,
      render: (_, r) => (r.formulaVersion ? t('versionN', { n: r.formulaVersion }) : '—'),
    },
    { key: 'orders', title: t('orders'), align: 'right', width: 80, render: (_, r) => r.usage.orders },
    { key: 'sales', title: t('sales'), align: 'right', render: (_, r) => ntdText(r.usage.sales) },
    { key: 'inv', title: t('einvoices'), align: 'right', width: 96, render: (_, r) => r.usage.einvoices },
    { key: 'del', title: t('deliveries'), align: 'right', width: 96, render: (_, r) => r.usage.deliveries },
    { key: 'fixed', title: t('fixed'), align: 'right', render: (_, r) => ntdText(r.charge.fixed) },
    { key: 'perOrder', title: t('perOrder'), align: 'right', render: (_, r) => ntdText(r.charge.perOrder) },
    { key: 'percent', title: t('percent'), align: 'right', render: (_, r) => ntdText(r.charge.percent) },
    {
      key: 'einvoice',
      title: t('einvoiceFee'),
      align: 'right',
      render: (_, r) => ntdText(r.charge.einvoice),
    },
    {
      key: 'delivery',
      title: t('deliveryFee'),
      align: 'right',
      render: (_, r) => ntdText(r.charge.delivery),
    },
    { key: 'available', title: t('available'), align: 'right', render: (_, r) => ntdText(r.available) },
    { key: 'tx', title: t('transaction'), dataIndex: 'transactionId', width: 90 },
    // what the operator reads per shop stays in view at 1440 px while the usage columns scroll
    {
      key: 'total',
      title: t('total'),
      align: 'right',
      width: 130,
      fixed: 'right',
      render: (_, r) => <b>{ntdText(r.charge.total)}</b>,
    },
    {
      key: 'state',
      title: t('state'),
      width: 110,
      fixed: 'right',
      render: (_, r) => <Tag color={STATE_COLORS[r.state]}>{say(BILLING_STATE_LABELS[r.state])}</Tag>,
    },
  ];
  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">{t('billingIntro')}</Typography.Text>
      <Flex gap={8} wrap align="center">
        <DatePicker
          picker="month"
          allowClear={false}
          value={dayjs(`${month}-01`)}
          onChange={(d) => d && setParams({ month: d.format('YYYY-MM') })}
          data-testid="billing-month"
        />
        <Popconfirm title={t('runConfirm', { month })} onConfirm={doRun} disabled={!data?.billable}>
          <Button type="primary" loading={run.isPending} disabled={!data?.billable} data-testid="run-billing">
            {t('runBilling', { month })}
          </Button>
        </Popconfirm>
        <Button icon={<DownloadOutlined />} loading={downloading} onClick={download} data-testid="statement">
          {t('statement')}
        </Button>
        <Typography.Text type="secondary" data-testid="last-run">
          {data?.lastRun ? t('lastRun', { at: when(data.lastRun.at), by: data.lastRun.by }) : t('neverRun')}
        </Typography.Text>
      </Flex>
      {data && !data.billable ? <Alert type="info" showIcon title={t('notBillable')} /> : null}
      {preview.isError ? <Alert type="error" showIcon role="alert" title={errorText(preview.error)} /> : null}
      <Space size="large">
        <Card size="small">
          <Statistic title={t('totalCharge')} value={ntdText(data?.totals.charge ?? 0)} />
        </Card>
        <Card size="small">
          <Statistic
            title={t('totalPosted')}
            value={ntdText(data?.totals.posted ?? 0)}
            data-testid="total-posted"
          />
        </Card>
      </Space>
      <Table
        rowKey="accountId"
        size="small"
        data-testid="billing-lines"
        loading={preview.isFetching}
        columns={columns}
        dataSource={data?.rows ?? []}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        scroll={{ x: 1700 }}
        locale={{ emptyText: t('noLines') }}
      />
    </Flex>
  );
};

export default BillingToolPage;
