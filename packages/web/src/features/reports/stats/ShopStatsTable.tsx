import type { TStatsShopRow } from '@shopdesk/contract';
import { Alert, Checkbox, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { SortOrder } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../../lib/error-text';
import { useShopKind } from '../../../shell/variant';
import { useSiAccounts } from '../../shops/shop-lists/shop-list-queries';
import { KpiCards } from './KpiCards';
import { RangeFilter } from './RangeFilter';
import { StatsHeader } from './StatsHeader';
import { useStatsShops } from './stats-queries';
import { useStatsFilters } from './use-stats-filters';

const money = (v: number) => `NT$${v.toLocaleString()}`;
const PAGE = 20;

/** The per-shop table of /summary/shop-stat and (advanced: SI filter, splits, refusals, zero-order shops) /summary/adv-shop-stat. */
export const ShopStatsTable = ({ advanced }: { advanced: boolean }) => {
  const { t } = useTranslation('stats');
  const { filters: f, set, params } = useStatsFilters();
  const sort = params.get('sort') ?? '-revenue';
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const zeroOnly = advanced && params.get('zero') === '1';
  const sis = useSiAccounts();
  const list = useStatsShops({
    from: f.from,
    to: f.to,
    siAccountId: advanced ? f.siAccountId : undefined,
    zeroOnly: zeroOnly ? '1' : undefined,
    kind: useShopKind(),
    sort,
    offset: (page - 1) * PAGE,
    limit: PAGE,
  });
  const sorted = (key: string): SortOrder =>
    sort === key ? 'ascend' : sort === `-${key}` ? 'descend' : null;
  const col = (key: string, title: string, render?: (v: number) => string) => ({
    key,
    dataIndex: key,
    title,
    align: 'right' as const,
    sorter: true,
    sortOrder: sorted(key),
    render,
  });
  const shopLink = (r: TStatsShopRow, path: string) =>
    `${path}?shop_id=${r.accountId}&shop_name=${encodeURIComponent(r.name)}&from=${f.from}&to=${f.to}`;
  const split = (label: string, get: (r: TStatsShopRow) => { orders: number; revenue: number }) => ({
    key: label,
    title: label,
    align: 'right' as const,
    render: (_: unknown, r: TStatsShopRow) => `${get(r).orders} / ${money(get(r).revenue)}`,
  });
  const columns: ColumnsType<TStatsShopRow> = [
    {
      key: 'accountId',
      dataIndex: 'accountId',
      title: '#',
      sorter: true,
      sortOrder: sorted('accountId'),
      width: 80,
    },
    {
      key: 'name',
      title: t('shopName'),
      sorter: true,
      sortOrder: sorted('name'),
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Link to={shopLink(r, '/summary/stat')}>{r.name}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.siName ?? '—'} · <Link to={shopLink(r, '/report/360-stats')}>{t('view360')}</Link>
          </Typography.Text>
        </Space>
      ),
    },
    col('orders', t('orders')),
    col('revenue', t('revenue'), money),
    col('avgTicket', t('avgTicket'), money),
    { key: 'prevRevenue', dataIndex: 'prevRevenue', title: t('prevRevenue'), align: 'right', render: money },
    {
      ...col('growth', t('growth')),
      render: (v: number | null) =>
        v === null ? '—' : <Typography.Text type={v >= 0 ? 'success' : 'danger'}>{v}%</Typography.Text>,
    },
    ...(advanced
      ? [
          split(t('eatIn'), (r) => r.byMealType.eat_in!),
          split(t('toGo'), (r) => r.byMealType.to_go!),
          split(t('delivery'), (r) => r.byMealType.delivery!),
          split(t('cash'), (r) => r.byPayment.cash!),
          split(t('online'), (r) => r.byPayment.online!),
          { key: 'rejected', dataIndex: 'rejected', title: t('rejected'), align: 'right' as const },
          { key: 'canceled', dataIndex: 'canceled', title: t('canceled'), align: 'right' as const },
        ]
      : []),
  ];
  return (
    <div>
      <StatsHeader
        title={advanced ? t('advShopStat') : t('shopStat')}
        extra={
          <>
            {advanced && (
              <>
                <Select
                  style={{ minWidth: 160 }}
                  aria-label={t('si')}
                  value={f.siAccountId ?? 0}
                  onChange={(v) => set({ si: v || undefined, page: undefined })}
                  options={[
                    { value: 0, label: t('siAll') },
                    ...(sis.data?.siAccounts ?? []).map((a) => ({ value: a.id, label: a.displayName })),
                  ]}
                />
                <Checkbox
                  checked={zeroOnly}
                  onChange={(e) => set({ zero: e.target.checked ? 1 : undefined, page: undefined })}
                >
                  {t('zeroOnly')}
                </Checkbox>
              </>
            )}
            <RangeFilter from={f.from} to={f.to} onChange={(r) => set({ ...r, page: undefined })} />
          </>
        }
      />
      {list.error && <Alert type="error" showIcon message={errorText(list.error)} />}
      {list.data && !zeroOnly && (
        <div style={{ marginBottom: 16 }}>
          <KpiCards current={list.data.totals} previous={list.data.previousTotals} />
        </div>
      )}
      <Table
        size="small"
        rowKey="accountId"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        columns={columns}
        scroll={{ x: advanced ? 1400 : undefined }}
        pagination={{ current: page, pageSize: PAGE, total: list.data?.total ?? 0, showSizeChanger: false }}
        onChange={(p, _filters, s) => {
          const one = Array.isArray(s) ? s[0] : s;
          const key = one?.order
            ? `${one.order === 'descend' ? '-' : ''}${String(one.columnKey)}`
            : undefined;
          set({ page: p.current === 1 ? undefined : p.current, sort: key });
        }}
      />
    </div>
  );
};
