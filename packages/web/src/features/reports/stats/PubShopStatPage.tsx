import { Alert, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import type { TPageProps } from '../../../shell/lazy-page';
import { RangeFilter } from './RangeFilter';
import { StatsDashboard } from './StatsDashboard';
import { StatsHeader } from './StatsHeader';
import { usePubShopStat } from './stats-queries';
import { useStatsFilters } from './use-stats-filters';

/** /pub/shop-stat?token=…: one shop's statistics, read-only, for whoever holds a valid share link. */
const PubShopStatPage = (_props: TPageProps) => {
  const { t } = useTranslation('stats');
  const { filters: f, set } = useStatsFilters();
  const view = usePubShopStat(f.token, { from: f.from, to: f.to });
  const d = view.data;
  return (
    <div style={{ width: 'min(1280px, 100%)', margin: '0 auto', padding: '0 clamp(12px, 3vw, 32px) 24px' }}>
      <StatsHeader
        title={d ? t('pubTitle', { name: d.shop.name }) : t('shopStat')}
        extra={d && <RangeFilter from={f.from} to={f.to} onChange={(r) => set(r)} />}
      />
      {!f.token && <Alert type="error" showIcon message={t('pubNoToken')} />}
      {view.error && <Alert type="error" showIcon message={errorText(view.error)} data-testid="pub-error" />}
      {d && (
        <>
          <Typography.Paragraph type="secondary">
            {t('pubExpires', { at: new Date(d.expiresAt).toLocaleString() })}
          </Typography.Paragraph>
          <StatsDashboard summary={d.summary} />
        </>
      )}
      {f.token && !d && !view.error && <Skeleton active />}
    </div>
  );
};
export default PubShopStatPage;
