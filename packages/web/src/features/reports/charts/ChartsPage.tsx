import {
  CHART_DAYS,
  CHARTS_MIN_READ_MS,
  CHARTS_REFRESH_MS,
  getPlatformChartsOp,
  MEAL_TYPE_LABELS,
  ORDER_CHANNEL_LABELS,
  ORDER_CHANNELS,
} from '@shopdesk/contract';
import { Alert, Card, Col, Flex, Row, Segmented, Statistic, Table, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useApiQuery } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { textOf } from '../../../lib/message-text';
import { usePlatformFeed } from '../../../lib/use-platform-feed';
import type { TPageProps } from '../../../shell/lazy-page';
import { useShopKind } from '../../../shell/variant';
import { sharePie } from '../stats/chart-options';
import { LazyChart } from '../stats/LazyChart';
import { modeStack, ordersAndRevenue, topShopBars } from './chart-options';

const PERIODS = [7, 30, 90] as const;
const periodOf = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= CHART_DAYS.min && n <= CHART_DAYS.max ? n : CHART_DAYS.default;
};

/**
 * /charts (gaa): the platform over the last 7 / 30 / 90 days (the period is in the URL): orders
 * and revenue per day, by dining mode, by channel, and the top shops. Read again when the order feed says an
 * order moved (at most every 10 s), and every 60 s while the stream is down.
 */
const ChartsPage = (_props: TPageProps) => {
  const { t, i18n } = useTranslation('charts');
  const errorText = useErrorText();
  const kind = useShopKind();
  const [params, setParams] = useSearchParams();
  const days = periodOf(params.get('days'));
  const data = useApiQuery(
    getPlatformChartsOp,
    { query: { kind, days } },
    { queryKey: ['charts', kind, days], refetchInterval: CHARTS_REFRESH_MS },
  );
  // the order feed says an order moved: read the period again, at most once per CHARTS_MIN_READ_MS (a 90-day
  // read is heavier than the dashboard's)
  const due = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(due.current ?? undefined), []);
  usePlatformFeed(() => {
    if (due.current) return;
    const wait = Math.max(0, data.dataUpdatedAt + CHARTS_MIN_READ_MS - Date.now());
    due.current = setTimeout(() => {
      due.current = null;
      void data.refetch();
    }, wait);
  });
  const c = data.data;
  const sum = (pick: (d: NonNullable<typeof c>['days'][number]) => number) =>
    c ? c.days.reduce((n, d) => n + pick(d), 0) : undefined;
  const orders = sum((d) => d.orders);
  const revenue = sum((d) => d.revenue);
  const lang = i18n.language;
  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={12} align="center" justify="space-between">
        <Typography.Text type="secondary" data-testid="charts-period">
          {c ? t('intro', { from: c.from, to: c.to }) : t('loading')}
        </Typography.Text>
        <Segmented
          data-testid="charts-days"
          value={days}
          options={PERIODS.map((p) => ({ value: p, label: t('days', { days: p }) }))}
          onChange={(v) => setParams({ days: String(v) })}
        />
      </Flex>
      {data.isError ? <Alert type="error" showIcon role="alert" title={errorText(data.error)} /> : null}
      <Row gutter={[16, 16]}>
        {[
          ['orders', t('orders'), orders?.toLocaleString()],
          ['revenue', t('revenue'), revenue === undefined ? undefined : `NT$${revenue.toLocaleString()}`],
          ['average', t('perDay'), orders === undefined ? undefined : (orders / days).toFixed(1)],
          [
            'ticket',
            t('ticket'),
            orders && revenue !== undefined
              ? `NT$${Math.round(revenue / orders).toLocaleString()}`
              : undefined,
          ],
        ].map(([key, title, value]) => (
          <Col xs={12} md={6} key={key}>
            <Card size="small" data-testid={`charts-${key}`}>
              <Statistic title={title} value={value ?? '—'} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title={t('ordersAndRevenue')}>
        {c ? (
          <LazyChart
            height={300}
            label={t('ordersAndRevenue')}
            option={ordersAndRevenue(c, { orders: t('orders'), revenue: t('revenue') })}
          />
        ) : null}
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card size="small" title={t('byMode')}>
            {c ? (
              <LazyChart
                label={t('byMode')}
                option={modeStack(c, {
                  eat_in: textOf(MEAL_TYPE_LABELS.eat_in, lang),
                  to_go: textOf(MEAL_TYPE_LABELS.to_go, lang),
                  delivery: textOf(MEAL_TYPE_LABELS.delivery, lang),
                })}
              />
            ) : null}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card size="small" title={t('byChannel')} data-testid="charts-channels">
            {c ? (
              <LazyChart
                label={t('byChannel')}
                option={sharePie(
                  ORDER_CHANNELS.map((ch) => ({
                    name: textOf(ORDER_CHANNEL_LABELS[ch], lang),
                    value: c.byChannel[ch],
                  })),
                )}
              />
            ) : null}
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('topShops')}>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            {c?.topShops.length ? (
              <LazyChart height={320} label={t('topShops')} option={topShopBars(c, t('orders'))} />
            ) : null}
          </Col>
          <Col xs={24} xl={10}>
            <Table
              data-testid="charts-top-shops"
              rowKey="accountId"
              size="small"
              pagination={false}
              loading={data.isPending}
              dataSource={c?.topShops ?? []}
              locale={{ emptyText: t('noOrders') }}
              columns={[
                { key: 'rank', title: '#', width: 40, render: (_, __, i) => i + 1 },
                {
                  key: 'name',
                  title: t('shop'),
                  render: (_, r) => <Link to={`/gaa/settings?accountId=${r.accountId}`}>{r.name}</Link>,
                },
                { key: 'orders', title: t('orders'), dataIndex: 'orders', align: 'right' },
                {
                  key: 'revenue',
                  title: t('revenue'),
                  align: 'right',
                  render: (_, r) => `NT$${r.revenue.toLocaleString()}`,
                },
              ]}
            />
          </Col>
        </Row>
      </Card>
    </Flex>
  );
};

export default ChartsPage;
