import { ORDER_STATUS_LABELS } from '@shopdesk/contract';
import { Alert, Card, Col, Empty, Row, Skeleton, Space, Statistic, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ShopSelect } from '../../../components/ShopSelect';
import { useOnlyShop } from '../../../components/shop-options';
import { errorText } from '../../../lib/error-text';
import type { TPageProps } from '../../../shell/lazy-page';
import { ForbiddenPage, NotFoundPage } from '../../../shell/StatusPages';
import { useSession } from '../../platform/session/session-context';
import { HeatmapTable } from './HeatmapTable';
import { RangeFilter } from './RangeFilter';
import { ShareLinkButton } from './ShareLinkButton';
import { StatsDashboard } from './StatsDashboard';
import { StatsHeader } from './StatsHeader';
import { useStats360 } from './stats-queries';
import { useStatsFilters } from './use-stats-filters';

/**
 * /report/360-stats (gaa, eaa): one shop seen from every side. Opened with shop_id and shop_name, or
 * the shop is picked in the shop select (gaa any shop, eaa its own; an eaa with one shop gets it preselected).
 */
const Stats360Page = (_props: TPageProps) => {
  const { t, i18n } = useTranslation('stats');
  const { user } = useSession();
  const type = user?.type ?? 'eaa';
  const { filters: f, set } = useStatsFilters();
  const view = useStats360(type, f.shopId, { from: f.from, to: f.to });
  const only = useOnlyShop(type, !f.shopId && type !== 'gaa');
  useEffect(() => {
    if (only) set({ shop_id: only.accountId, shop_name: only.name });
  }, [only, set]);
  if (view.error?.status === 403) return <ForbiddenPage />;
  if (view.error?.status === 404) return <NotFoundPage />;
  const d = view.data;
  const en = i18n.language === 'en';
  return (
    <div>
      <StatsHeader
        title={d ? `${t('stats360')} · ${d.shop.name}` : t('stats360')}
        extra={
          <>
            <ShopSelect
              type={type}
              value={f.shopId}
              valueLabel={d?.shop.name ?? f.shopName}
              allowClear={false}
              width={280}
              onChange={(id, shop) => set({ shop_id: id, shop_name: shop?.name })}
            />
            <RangeFilter from={f.from} to={f.to} onChange={(r) => set(r)} />
            {f.shopId && <ShareLinkButton type={type} accountId={f.shopId} />}
          </>
        }
      />
      {view.error && <Alert type="error" showIcon message={errorText(view.error)} />}
      {!f.shopId ? (
        // A page that waits for a choice says which one (decision: empty states name the choice)
        <Card>
          <Empty description={t('pickShop360')} data-testid="stats360-empty" />
        </Card>
      ) : !d ? (
        !view.error && <Skeleton active />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <StatsDashboard summary={d.summary} />
          <Row gutter={[16, 16]}>
            <Col xs={24} md={8}>
              <Card size="small" title={t('statuses')}>
                <Space wrap>
                  {d.statuses.map((s) => (
                    <Tag key={s.status}>
                      {en ? ORDER_STATUS_LABELS[s.status].en : ORDER_STATUS_LABELS[s.status].zh}: {s.orders}
                    </Tag>
                  ))}
                </Space>
                <Statistic title={t('refusalRate')} value={d.refusalRate} suffix="%" />
              </Card>
            </Col>
            <Col xs={24} md={16}>
              <Card size="small" title={t('customers')}>
                <Row gutter={16}>
                  <Col span={8}>
                    <Statistic title={t('customers')} value={d.customers.customers} />
                  </Col>
                  <Col span={8}>
                    <Statistic title={t('repeatCustomers')} value={d.customers.repeatCustomers} />
                  </Col>
                  <Col span={8}>
                    <Statistic title={t('repeatShare')} value={d.customers.repeatOrderShare} suffix="%" />
                  </Col>
                </Row>
              </Card>
            </Col>
          </Row>
          <Card size="small" title={t('heatmap')}>
            <HeatmapTable cells={d.heatmap} />
          </Card>
        </Space>
      )}
    </div>
  );
};
export default Stats360Page;
