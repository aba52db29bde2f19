import {
  DASHBOARD_REFRESH_MS,
  getDashboardOp,
  MEAL_TYPE_LABELS,
  ORDER_CHANNEL_LABELS,
  ORDER_CHANNELS,
} from '@shopdesk/contract';
import { Alert, Card, Col, Flex, Row, Statistic, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiQuery } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { textOf } from '../../../lib/message-text';
import { usePlatformFeed } from '../../../lib/use-platform-feed';
import type { TPageProps } from '../../../shell/lazy-page';
import { useShopKind } from '../../../shell/variant';
import { sharePie } from '../stats/chart-options';
import type { TChartOption } from '../stats/echarts-lib';
import { LazyChart } from '../stats/LazyChart';

const hourBars = (hours: number[], name: string): TChartOption => ({
  color: ['#2563eb'],
  tooltip: { trigger: 'axis' },
  grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
  xAxis: { type: 'category', data: hours.map((_, h) => `${String(h).padStart(2, '0')}:00`) },
  yAxis: { type: 'value', minInterval: 1 },
  series: [{ name, type: 'bar', barMaxWidth: 22, data: hours }],
});

/**
 * /dashboard (gaa): the platform today: orders that count and revenue, open orders, orders per
 * hour, by dining mode and by channel, shops online, printers not online, and the outgoing calls that
 * failed for good. Each figure links to the page where it is dealt with. Read again when the order feed
 * says an order moved (live stream, throttled by the server), and every 60 s as a fallback.
 */
const DashboardPage = (_props: TPageProps) => {
  const { t, i18n } = useTranslation('platformReports');
  const errorText = useErrorText();
  const kind = useShopKind();
  const data = useApiQuery(
    getDashboardOp,
    { query: { kind } },
    { queryKey: ['platform-reports', 'dashboard', kind], refetchInterval: DASHBOARD_REFRESH_MS },
  );
  const feed = usePlatformFeed(() => void data.refetch());
  const d = data.data;
  const card = (key: string, title: string, value: number | string | undefined, extra?: React.ReactNode) => (
    <Col xs={12} md={8} xl={4} key={key}>
      <Card size="small" data-testid={`dash-${key}`}>
        <Statistic title={title} value={value ?? '—'} groupSeparator="," />
        {extra}
      </Card>
    </Col>
  );
  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary" data-testid="dash-at">
        <Tag color={feed === 'live' ? 'green' : 'default'} data-testid="dash-feed" data-state={feed}>
          {t(feed === 'live' ? 'dashLive' : 'dashPolling')}
        </Tag>
        {t('dashIntro')}
        {d
          ? ` · ${t('dashAt', { at: new Date(d.at).toLocaleTimeString('zh-TW', { hour12: false, timeZone: 'Asia/Taipei' }) })}`
          : ''}
      </Typography.Text>
      {data.isError ? <Alert type="error" showIcon role="alert" title={errorText(data.error)} /> : null}
      <Row gutter={[16, 16]}>
        {card('orders', t('dashOrders'), d?.today.orders)}
        {card('revenue', t('dashRevenue'), d ? `NT$${d.today.revenue.toLocaleString()}` : undefined)}
        {card('open', t('dashOpen'), d?.today.open)}
        {card(
          'shops',
          t('dashShopsOnline'),
          d ? `${d.shops.online} / ${d.shops.total}` : undefined,
          <Link to="/report/shop-settings">{t('dashToShops')}</Link>,
        )}
        {card(
          'printers',
          t('dashPrintersOffline'),
          d ? `${d.printers.offline} / ${d.printers.total}` : undefined,
          <Link to="/printers/list">{t('dashToPrinters')}</Link>,
        )}
        {card(
          'failed',
          t('dashFailedCalls'),
          d?.failedCalls.reduce((n, f) => n + f.count, 0),
        )}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('dashPerHour')}>
            {d ? <LazyChart option={hourBars(d.hours, t('dashOrders'))} label={t('dashPerHour')} /> : null}
          </Card>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Card size="small" title={t('dashByMode')}>
            {d ? (
              <LazyChart
                option={sharePie(
                  (['eat_in', 'to_go', 'delivery'] as const).map((m) => ({
                    name: textOf(MEAL_TYPE_LABELS[m], i18n.language),
                    value: d.byMealType[m],
                  })),
                )}
                label={t('dashByMode')}
              />
            ) : null}
          </Card>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Card size="small" title={t('dashByChannel')} data-testid="dash-channels">
            {d ? (
              <LazyChart
                option={sharePie(
                  ORDER_CHANNELS.map((c) => ({
                    name: textOf(ORDER_CHANNEL_LABELS[c], i18n.language),
                    value: d.byChannel[c],
                  })),
                )}
                label={t('dashByChannel')}
              />
            ) : null}
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('dashFailedCalls')}>
        <Table
          rowKey="kind"
          size="small"
          pagination={false}
          dataSource={d?.failedCalls ?? []}
          locale={{ emptyText: t('dashNoFailures') }}
          columns={[
            { key: 'kind', title: t('dashCallKind'), render: (_, r) => <Tag>{r.kind}</Tag> },
            { key: 'count', title: t('dashCount'), dataIndex: 'count', align: 'right' },
          ]}
        />
      </Card>
    </Flex>
  );
};

export default DashboardPage;
