import {
  LOGISTICS_STATUS_LABELS,
  MEAL_TYPE_LABELS,
  SUMMARY_ORDER_PAGE_SIZES,
  type TOrderStatus,
  type TSummaryOrderRow,
  type TSummaryOrdersQuery,
} from '@shopdesk/contract';
import { Alert, Button, Grid, Table, type TableColumnsType } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useErrorText } from '../../../lib/error-text';
import { useMessageText } from '../../../lib/message-text';
import type { TPageProps } from '../../../shell/lazy-page';
import { useShopKind } from '../../../shell/variant';
import { useSession } from '../../platform/session/session-context';
import { columnOrder, sortFromTable } from '../../shops/shop-lists/table-sort';
import { useUrlListState } from '../../shops/shop-lists/use-url-list-state';
import { OrderDrawer } from './OrderDrawer';
import { OrderFilters } from './OrderFilters';
import { taipeiTime, useSummaryOrders } from './order-summary-queries';
import { StatusTag } from './StatusTag';

const FILTER_KEYS = ['from', 'to', 'status', 'mealType', 'phone', 'serial', 'shopId'] as const;
const DEFAULT_SORT = '-createdAt';

/**
 * /summary/orders (spec 000 §2): the caller's orders by day range, status, meal type, phone and
 * order number, scoped by role on the server. `?shopId=` (spec 002 §2) preselects a shop; the open
 * order's drawer is `?order=` so a reload keeps it open.
 */
const SummaryOrdersPage = (_props: TPageProps) => {
  const { t } = useTranslation('orderSummary');
  const text = useMessageText();
  const errorText = useErrorText();
  const type = useSession().user?.type ?? 'eaa';
  const list = useUrlListState({ filterKeys: FILTER_KEYS, sizes: SUMMARY_ORDER_PAGE_SIZES });
  const { filters: f } = list;
  const kind = useShopKind();
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('order')) || null;
  const setOpen = useCallback(
    (id: number | null) =>
      setParams((prev) => {
        const out = new URLSearchParams(prev);
        if (id) out.set('order', String(id));
        else out.delete('order');
        return out;
      }),
    [setParams],
  );

  const query: TSummaryOrdersQuery = {
    offset: list.offset,
    limit: list.size,
    sort: list.sort,
    from: f.from || undefined,
    to: f.to || undefined,
    status: (f.status || undefined) as TOrderStatus | undefined,
    mealType: (f.mealType || undefined) as TSummaryOrdersQuery['mealType'],
    phone: f.phone || undefined,
    serial: f.serial ? Number(f.serial) : undefined,
    shopId: f.shopId ? Number(f.shopId) : undefined,
    kind,
  };
  const orders = useSummaryOrders(type, query);
  const rows = orders.data?.rows ?? [];
  const showShop = type !== 'line';
  const order = (key: string) => columnOrder(list.sort, key, DEFAULT_SORT);

  // Columns per width (docs/decisions/orders.md "columns per width"): all from 1200 px; on a tablet serial, shop,
  // time, amount, status and the detail button (customer, phone and meal type are in the drawer).
  const screens = Grid.useBreakpoint();
  const columns: TableColumnsType<TSummaryOrderRow> = [
    {
      key: 'serial',
      title: t('colSerial'),
      dataIndex: 'serial',
      width: 90,
      sorter: true,
      sortOrder: order('serial'),
    },
    ...(showShop ? [{ key: 'shop', title: t('colShop'), dataIndex: 'shopName', ellipsis: true }] : []),
    {
      key: 'createdAt',
      title: t('colCreated'),
      width: 160,
      sorter: true,
      sortOrder: order('createdAt'),
      sortDirections: ['descend', 'ascend'],
      render: (_, r) => taipeiTime(r.createdAt),
    },
    {
      key: 'meal',
      title: t('colMeal'),
      width: 90,
      responsive: ['xl'],
      render: (_, r) => text(MEAL_TYPE_LABELS[r.mealType]),
    },
    {
      key: 'customer',
      title: t('colCustomer'),
      dataIndex: 'customerName',
      width: 110,
      ellipsis: true,
      responsive: ['xl'],
    },
    { key: 'phone', title: t('colPhone'), dataIndex: 'customerPhone', width: 120, responsive: ['xl'] },
    {
      key: 'total',
      title: t('colTotal'),
      width: 100,
      align: 'right',
      sorter: true,
      sortOrder: order('total'),
      render: (_, r) => `NT$${r.total.toLocaleString('en-US')}`,
    },
    {
      key: 'status',
      title: t('colStatus'),
      width: 110,
      render: (_, r) => (
        <>
          <StatusTag status={r.status} />
          {r.logisticsStatus ? <div>{text(LOGISTICS_STATUS_LABELS[r.logisticsStatus])}</div> : null}
        </>
      ),
    },
    {
      key: 'actions',
      title: t('colActions'),
      width: 80,
      render: (_, r) => (
        <Button
          size="small"
          type="link"
          onClick={() => setOpen(r.id)}
          aria-label={`${t('detail')} #${r.serial}`}
        >
          {t('detail')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <OrderFilters
        type={type}
        showShop={showShop}
        shopLabel={f.shopId && rows[0] ? rows[0].shopName : undefined}
        values={f}
        onSearch={(next) => list.update({ filters: next })}
      />
      {orders.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorText(orders.error)}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Table<TSummaryOrderRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={orders.isError ? [] : rows}
        loading={orders.isFetching}
        scroll={screens.xl ? { x: 960 } : screens.md === false ? { x: 560 } : undefined}
        locale={{ emptyText: t('empty') }}
        onRow={(r) => ({ onDoubleClick: () => setOpen(r.id) })}
        pagination={{
          current: list.page,
          pageSize: list.size,
          total: orders.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: SUMMARY_ORDER_PAGE_SIZES.map(String),
          showTotal: (total) => t('total', { total }),
        }}
        onChange={(p, _filters, sorter, extra) => {
          if (extra.action === 'sort') list.update({ sort: sortFromTable(sorter) });
          else if (p.pageSize !== list.size) list.update({ size: p.pageSize });
          else list.update({ page: p.current });
        }}
      />
      <OrderDrawer type={type} orderId={openId} onClose={() => setOpen(null)} />
    </>
  );
};

export default SummaryOrdersPage;
