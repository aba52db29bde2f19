import type { TStatsSummary } from '@shopdesk/contract';
import { Card, Col, Empty, Row, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dayLine, hourBar, sharePie } from './chart-options';
import { KpiCards } from './KpiCards';
import { LazyChart } from './LazyChart';

const money = (v: number) => `NT$${v.toLocaleString()}`;

/** KPI cards, the four charts, top products and the daily table of one summary (every stats page). */
export const StatsDashboard = ({ summary: s }: { summary: TStatsSummary }) => {
  const { t, i18n } = useTranslation('stats');
  const en = i18n.language === 'en';
  const day = useMemo(() => dayLine(s, { current: t('current'), previous: t('prevPeriod') }), [s, t]);
  const hour = useMemo(() => hourBar(s, t('orders')), [s, t]);
  const meal = useMemo(
    () =>
      sharePie(
        s.byMealType.map((m) => ({
          name: t(m.mealType === 'eat_in' ? 'eatIn' : m.mealType === 'to_go' ? 'toGo' : 'delivery'),
          value: m.orders,
        })),
      ),
    [s, t],
  );
  const pay = useMemo(
    () => sharePie(s.byPayment.map((p) => ({ name: t(p.paymentMethod), value: p.orders }))),
    [s, t],
  );
  const empty = s.current.orders === 0;

  return (
    <Flexed>
      <KpiCards current={s.current} previous={s.previous} />
      <Typography.Text type="secondary">
        {t('previous', { from: s.previousRange.from, to: s.previousRange.to })} · {t('countedNote')}
      </Typography.Text>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('byDay')}>
            <LazyChart option={day} label={t('byDay')} />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title={t('byHour')}>
            <LazyChart option={hour} label={t('byHour')} />
          </Card>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Card size="small" title={t('byMealType')}>
            {empty ? (
              <Empty description={t('noData')} />
            ) : (
              <LazyChart option={meal} height={240} label={t('byMealType')} />
            )}
          </Card>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Card size="small" title={t('byPayment')}>
            {empty ? (
              <Empty description={t('noData')} />
            ) : (
              <LazyChart option={pay} height={240} label={t('byPayment')} />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('topProducts')}>
            <Table
              size="small"
              rowKey="productId"
              pagination={false}
              dataSource={s.topProducts}
              columns={[
                { title: '#', key: 'rank', width: 40, render: (_v, _r, k) => k + 1 },
                { title: t('product'), key: 'name', render: (_v, r) => (en && r.names.en) || r.names.zh },
                { title: t('qty'), dataIndex: 'qty', align: 'right' },
                { title: t('revenue'), dataIndex: 'revenue', align: 'right', render: money },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('day')}>
        <Table
          size="small"
          rowKey="day"
          data-testid="stats-day-table"
          pagination={false}
          scroll={{ y: 360 }}
          dataSource={[...s.byDay].reverse()}
          columns={[
            { title: t('day'), dataIndex: 'day' },
            { title: t('orders'), dataIndex: 'orders', align: 'right' },
            { title: t('revenue'), dataIndex: 'revenue', align: 'right', render: money },
            { title: t('prevOrders'), dataIndex: 'prevOrders', align: 'right' },
            { title: t('prevRevenue'), dataIndex: 'prevRevenue', align: 'right', render: money },
          ]}
        />
      </Card>
    </Flexed>
  );
};

const Flexed = ({ children }: { children: React.ReactNode }) => (
  <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>{children}</div>
);
