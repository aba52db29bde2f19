import { Alert, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { ShopSelect } from '../../../components/ShopSelect';
import { useOnlyShop } from '../../../components/shop-options';
import { errorText } from '../../../lib/error-text';
import type { TPageProps } from '../../../shell/lazy-page';
import { ForbiddenPage, NotFoundPage } from '../../../shell/StatusPages';
import { useShopKind } from '../../../shell/variant';
import { useSession } from '../../platform/session/session-context';
import { useSiAccounts } from '../../shops/shop-lists/shop-list-queries';
import { RangeFilter } from './RangeFilter';
import { ShareLinkButton } from './ShareLinkButton';
import { StatsDashboard } from './StatsDashboard';
import { StatsHeader } from './StatsHeader';
import { useStatsSummary } from './stats-queries';
import { useStatsFilters } from './use-stats-filters';

const SiFilter = ({ value, onChange }: { value?: number; onChange: (v?: number) => void }) => {
  const { t } = useTranslation('stats');
  const accounts = useSiAccounts();
  return (
    <Select
      style={{ minWidth: 160 }}
      aria-label={t('si')}
      value={value ?? 0}
      loading={accounts.isLoading}
      onChange={(v) => onChange(v || undefined)}
      options={[
        { value: 0, label: t('siAll') },
        ...(accounts.data?.siAccounts ?? []).map((a) => ({ value: a.id, label: a.displayName })),
      ]}
    />
  );
};

/**
 * /summary/stat, every user's home page: the caller's shops (gaa all, or a chosen SI; si its
 * shops; eaa its shops; line its shop), or one shop picked in the shop select or opened with shop_id and
 * shop_name. The SI filter and the shop filter exclude each other: choosing one clears the other.
 */
const SummaryStatPage = (_props: TPageProps) => {
  const { t } = useTranslation('stats');
  const { user } = useSession();
  const type = user?.type ?? 'eaa';
  const { filters: f, set } = useStatsFilters();
  const summary = useStatsSummary(type, {
    from: f.from,
    to: f.to,
    shopId: f.shopId,
    siAccountId: f.shopId ? undefined : f.siAccountId,
    kind: useShopKind(),
  });
  // a line user's figures are its one shop's: the title names it (the others pick or see it in the select)
  const only = useOnlyShop(type, type === 'line');
  if (summary.error?.status === 403) return <ForbiddenPage />;
  if (summary.error?.status === 404) return <NotFoundPage />;
  return (
    <div>
      <StatsHeader
        title={only ? `${t('title')} · ${only.name}` : t('title')}
        extra={
          <>
            {type === 'gaa' && (
              <SiFilter
                value={f.shopId ? undefined : f.siAccountId}
                onChange={(v) => set({ si: v, shop_id: undefined, shop_name: undefined })}
              />
            )}
            {type !== 'line' && (
              <ShopSelect
                type={type}
                value={f.shopId}
                valueLabel={f.shopName}
                onChange={(id, shop) => set({ shop_id: id, shop_name: shop?.name, si: undefined })}
              />
            )}
            <RangeFilter from={f.from} to={f.to} onChange={(r) => set(r)} />
            {(f.shopId || type === 'line') && <ShareLinkButton type={type} accountId={f.shopId} />}
          </>
        }
      />
      {summary.error && <Alert type="error" showIcon message={errorText(summary.error)} />}
      {summary.data ? <StatsDashboard summary={summary.data} /> : !summary.error && <Skeleton active />}
    </div>
  );
};
export default SummaryStatPage;
