import { getPlatformChartsOp } from '@shopdesk/contract';
import { Card, Col, Flex, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiQuery } from '../../../lib/api-query';
import type { TPageProps } from '../../../shell/lazy-page';
import { useShopKind } from '../../../shell/variant';
import { FilterCard } from '../../reports/platform-reports/report-kit';
import { LazyChart } from '../../reports/stats/LazyChart';
import { GalleryHeader } from './GalleryHeader';

/** Each building block: its gallery page, its source, and the note's key in the gallery texts. */
const BLOCKS = [
  { key: 'table', to: '/table-list', source: 'features/shops/shop-lists/use-url-list-state.ts' },
  { key: 'form', to: '/forms', source: 'lib/form-rules.ts · contract shop-profile/validate-business.ts' },
  { key: 'map', to: '/maps', source: 'features/delivery/logistics/ZoneMap.tsx' },
  { key: 'user', to: '/pages/user', source: 'features/platform/session/session-context.tsx' },
  {
    key: 'timeline',
    to: '/pages/timeline',
    source: 'features/shops/shop-settings/tabs/record/record-queries.ts',
  },
  {
    key: 'chart',
    to: '/charts',
    source: 'features/reports/stats/LazyChart.tsx · features/reports/charts/chart-options.ts',
  },
  {
    key: 'filterCard',
    to: '/report/shop-settings',
    source: 'features/reports/platform-reports/report-kit.tsx',
  },
  { key: 'formula', to: '/report/formulas', source: 'contract formulas/formula-rules.ts' },
] as const;

/** /components (gaa): the index of the console's own building blocks, with live examples. */
const ComponentsPage = (_props: TPageProps) => {
  const { t } = useTranslation('gallery');
  const kind = useShopKind();
  const [active, setActive] = useState(false);
  const week = useApiQuery(
    getPlatformChartsOp,
    { query: { kind, days: 7 } },
    { queryKey: ['charts', kind, 7] },
  );
  const days = week.data?.days ?? [];
  return (
    <Flex vertical gap={16}>
      <GalleryHeader usage={t('componentsUsage')} source="packages/web/src/features/platform/gallery" />
      <Row gutter={[16, 16]}>
        {BLOCKS.map((b) => (
          <Col xs={24} md={12} xl={8} key={b.key}>
            <Card
              size="small"
              title={t(`block_${b.key}`)}
              extra={<Link to={b.to}>{t('open')}</Link>}
              data-testid={`block-${b.key}`}
              style={{ height: '100%' }}
            >
              <Typography.Paragraph style={{ marginBottom: 8 }}>{t(`note_${b.key}`)}</Typography.Paragraph>
              <Typography.Text type="secondary" code>
                {b.source}
              </Typography.Text>
            </Card>
          </Col>
        ))}
      </Row>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('liveExamples')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card size="small" title="FilterCard">
            <FilterCard
              testId="example-filter-card"
              title={t('ordersThisWeek')}
              value={week.data ? days.reduce((n, d) => n + d.orders, 0) : undefined}
              active={active}
              alarm
              onToggle={() => setActive((a) => !a)}
            />
            <Typography.Text type="secondary">{active ? t('filterOn') : t('filterOff')}</Typography.Text>
          </Card>
        </Col>
        <Col xs={24} md={16}>
          <Card size="small" title="LazyChart">
            {week.data ? (
              <LazyChart
                height={200}
                label={t('ordersThisWeek')}
                option={{
                  grid: { left: 8, right: 8, top: 8, bottom: 8, containLabel: true },
                  tooltip: { trigger: 'axis' },
                  xAxis: { type: 'category', data: days.map((d) => d.date.slice(5)) },
                  yAxis: { type: 'value', minInterval: 1 },
                  series: [
                    {
                      type: 'line',
                      smooth: true,
                      areaStyle: { opacity: 0.15 },
                      data: days.map((d) => d.orders),
                    },
                  ],
                }}
              />
            ) : null}
          </Card>
        </Col>
      </Row>
    </Flex>
  );
};

export default ComponentsPage;
