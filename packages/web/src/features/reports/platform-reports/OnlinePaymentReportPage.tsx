import {
  getOnlinePaymentReportOp,
  PAYMENT_CONFIG_STATE_LABELS,
  PAYMENT_CONFIG_STATES,
  PAYMENT_REPORT_DAYS,
  PAYMENT_SERVICE_NAMES,
  PAYMENT_SERVICES,
  type TOnlinePaymentRow,
  type TPaymentConfigState,
} from '@shopdesk/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { Card, Flex, Grid, Statistic, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiQuery } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { textOf } from '../../../lib/message-text';
import type { TPageProps } from '../../../shell/lazy-page';
import { useShopKind } from '../../../shell/variant';
import { FilterCard, FilterForm, FilterSelect, ReportTable, useReportList } from './report-kit';

const FILTERS = ['q', 'service', 'state'] as const;
const _SIZES = [20, 50, 100] as const;
const STATE_COLORS: Record<TPaymentConfigState, string> = {
  working: 'green',
  failing: 'red',
  untested: 'gold',
  off: 'default',
};

/**
 * /report/online-payment-configs (gaa): every shop's configured QR payment services, the types
 * switched on, the last connection test, the last 30 days of payments and a state; a state card filters.
 */
const OnlinePaymentReportPage = (_props: TPageProps) => {
  const { t, i18n } = useTranslation('platformReports');
  const _errorText = useErrorText();
  const say = (m: { zh: string; en: string }) => textOf(m, i18n.language);
  const kind = useShopKind();
  const { list, draft: q, setDraft: setQ } = useReportList(FILTERS);
  const filters = {
    q: list.filters.q || undefined,
    service: PAYMENT_SERVICES.find((s) => s === list.filters.service),
    state: PAYMENT_CONFIG_STATES.find((s) => s === list.filters.state),
    kind,
  };
  const args = { query: { ...filters, offset: list.offset, limit: list.size } };
  const data = useApiQuery(getOnlinePaymentReportOp, args, {
    queryKey: ['platform-reports', 'online-payments', args],
    placeholderData: keepPreviousData,
  });
  const _screens = Grid.useBreakpoint();

  const columns: TableColumnsType<TOnlinePaymentRow> = [
    { key: 'shopId', title: t('shopId'), dataIndex: 'shopId', width: 80 },
    {
      key: 'shop',
      title: t('shopName'),
      ellipsis: true,
      render: (_, r) => (
        <Link to={`/gaa/settings?accountId=${r.shopId}&tab=qrpay`}>
          {r.shopName} {r.isEnabled ? null : <Tag>{t('onlineNo')}</Tag>}
        </Link>
      ),
    },
    { key: 'merchant', title: t('merchant'), dataIndex: 'merchantName', ellipsis: true, responsive: ['xl'] },
    {
      key: 'service',
      title: t('service'),
      width: 200,
      render: (_, r) => (
        <Flex vertical>
          <span>{PAYMENT_SERVICE_NAMES[r.service]}</span>
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 190 }}>
            {r.name}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'types',
      title: t('types'),
      width: 170,
      render: (_, r) =>
        r.enabledTypes.length ? r.enabledTypes.map((x) => <Tag key={x}>{x}</Tag>) : t('none'),
    },
    {
      key: 'test',
      title: t('lastTest'),
      width: 170,
      render: (_, r) =>
        r.lastTest ? (
          <Tooltip title={r.lastTest.answer}>
            <Tag color={r.lastTest.ok ? 'green' : 'red'}>{r.lastTest.ok ? t('testOk') : t('testFailed')}</Tag>
            <Typography.Text type="secondary">{r.lastTest.at}</Typography.Text>
          </Tooltip>
        ) : (
          t('never')
        ),
    },
    {
      key: 'payments',
      title: t('payments', { days: PAYMENT_REPORT_DAYS }),
      width: 150,
      render: (_, r) => t('paidFailed', { paid: r.paid, failed: r.failed }),
    },
    {
      key: 'state',
      title: t('state'),
      width: 100,
      render: (_, r) => <Tag color={STATE_COLORS[r.state]}>{say(PAYMENT_CONFIG_STATE_LABELS[r.state])}</Tag>,
    },
  ];

  const counts = data.data?.counts;
  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('paymentsIntro', { days: PAYMENT_REPORT_DAYS })}
      </Typography.Paragraph>
      <Flex wrap gap={12}>
        {PAYMENT_CONFIG_STATES.map((s) => (
          <FilterCard
            key={s}
            testId={`state-${s}`}
            title={say(PAYMENT_CONFIG_STATE_LABELS[s])}
            value={counts?.[s]}
            active={filters.state === s}
            alarm={s === 'failing'}
            onToggle={() => list.update({ filters: { state: filters.state === s ? '' : s } })}
          />
        ))}
        <Card size="small" style={{ minWidth: 180 }}>
          <Statistic title={t('merchantsWithoutService')} value={data.data?.merchantsWithoutService ?? '—'} />
        </Card>
      </Flex>
      <FilterForm search={{ value: q, onChange: setQ }} onSearch={() => list.update({ filters: { q } })}>
        <FilterSelect
          label={t('service')}
          width={180}
          value={filters.service}
          onChange={(v) => list.update({ filters: { service: v } })}
          options={PAYMENT_SERVICES.map((s) => ({ value: s, label: PAYMENT_SERVICE_NAMES[s] }))}
        />
        <FilterSelect
          label={t('state')}
          width={140}
          value={filters.state}
          onChange={(v) => list.update({ filters: { state: v } })}
          options={PAYMENT_CONFIG_STATES.map((s) => ({
            value: s,
            label: say(PAYMENT_CONFIG_STATE_LABELS[s]),
          }))}
        />
      </FilterForm>
      <ReportTable<TOnlinePaymentRow>
        rowKey={(r) => `${r.shopId}-${r.service}`}
        columns={columns}
        dataSource={data.data?.rows ?? []}
        loading={data.isFetching}
        locale={{ emptyText: t('emptyPayments') }}
        data-testid="online-payment-report"
        error={data.isError ? data.error : null}
        total={data.data?.total ?? 0}
        totalText={(total) => t('totalServices', { total })}
        table={list.table}
      />
    </Flex>
  );
};

export default OnlinePaymentReportPage;
