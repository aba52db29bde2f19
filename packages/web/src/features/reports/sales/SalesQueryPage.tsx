import {
  checkSalesRange,
  lastDays,
  MEAL_TYPE_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  SALES_COLUMNS,
  SALES_PAGE_SIZES,
  salesExportOp,
  type TDateRefusal,
  type TSalesRow,
  type TShopPortal,
} from '@shopdesk/contract';
import {
  Card,
  Checkbox,
  Flex,
  Form,
  Grid,
  Input,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import type { TPageProps } from '../../../shell/lazy-page';
import { useShopKind } from '../../../shell/variant';
import { useSession } from '../../platform/session/session-context';
import { useUrlListState } from '../../shops/shop-lists/use-url-list-state';
import { SalesResultHead, SearchButton } from './SalesTotals';
import { RangeField, ShopField } from './sales-fields';
import { downloadExport, textOf, useSalesOrders } from './sales-queries';

const FILTERS = [
  'from',
  'to',
  'shop_id',
  'shop_name',
  'mealType',
  'paymentMethod',
  'phone',
  'voided',
] as const;
type TFilters = Record<(typeof FILTERS)[number], string>;

const STATUS_COLOR = {
  accepted: 'blue',
  completed: 'green',
  rejected: 'orange',
  canceled: 'red',
  new: 'default',
};

/** The filters as the API reads them (the URL keeps shop_id / shop_name as spec 002 §2 names them). */
const toQuery = (f: TFilters) => ({
  from: f.from,
  to: f.to,
  shopId: f.shop_id || undefined,
  mealType: (f.mealType || undefined) as 'eat_in' | 'to_go' | 'delivery' | undefined,
  paymentMethod: (f.paymentMethod || undefined) as 'cash' | 'online' | undefined,
  phone: f.phone || undefined,
  includeVoided: f.voided === '1' ? 'true' : undefined,
});

/** /sales/query (gaa, si, eaa): sold orders of a range with totals, exports of up to 7 days. */
const SalesQueryPage = (_props: TPageProps) => {
  const { t, i18n } = useTranslation('sales');
  const _errorText = useErrorText();
  const lang = i18n.language === 'en' ? 'en' : 'zh-TW';
  const type = useSession().user!.type as TShopPortal;
  const list = useUrlListState({ filterKeys: FILTERS, sizes: SALES_PAGE_SIZES });
  const applied: TFilters = { ...list.filters, ...(list.filters.from ? {} : lastDays(7)) };
  const [draft, setDraft] = useState<TFilters>(applied);
  const [refusal, setRefusal] = useState<TDateRefusal | null>(null);
  // the URL changed (back, a shared link): the form follows it
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the URL's filters
  useEffect(() => setDraft(applied), [JSON.stringify(list.filters)]);

  const appliedRefusal = checkSalesRange(applied, 'query');
  // the tree's shops only, in the query and in its exports (docs/decisions/shops.md "Retail tree")
  const query = { ...toQuery(applied), kind: useShopKind() };
  const orders = useSalesOrders(
    { params: { type }, query: { ...query, lang, offset: list.offset, limit: list.size } },
    !appliedRefusal,
  );
  const shown = refusal ?? appliedRefusal;

  const search = () => {
    const r = checkSalesRange(draft, 'query');
    setRefusal(r);
    if (!r) list.update({ filters: draft });
  };
  const set = (patch: Partial<TFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const col = (k: keyof typeof SALES_COLUMNS) => textOf(SALES_COLUMNS[k], i18n.language);
  const money = (n: number) => n.toLocaleString();

  // Columns per width (docs/decisions/reports.md "columns per width"): at 1440 px everything but the subtotal and a
  // separate items column (the items are a second line under the shop); at tablet width the date, shop,
  // status, total and customer phone; the rest is in the export and the order drawer.
  const screens = Grid.useBreakpoint();
  const itemsInline = screens.xxl !== true;
  const columns: TableColumnsType<TSalesRow> = [
    { key: 'createdAt', title: col('createdAt'), dataIndex: 'createdAt', width: 168 },
    {
      key: 'shopName',
      title: col('shopName'),
      ellipsis: !itemsInline,
      render: (_, r) =>
        itemsInline ? (
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text ellipsis>{r.shopName}</Typography.Text>
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }} title={r.items}>
              {r.items}
            </Typography.Text>
          </Flex>
        ) : (
          r.shopName
        ),
    },
    { key: 'serial', title: col('serial'), dataIndex: 'serial', width: 84, responsive: ['xl'] },
    {
      key: 'status',
      title: col('status'),
      width: 84,
      render: (_, r) => (
        <Tag color={STATUS_COLOR[r.status]}>{textOf(ORDER_STATUS_LABELS[r.status], i18n.language)}</Tag>
      ),
    },
    {
      key: 'mealType',
      title: col('mealType'),
      width: 84,
      responsive: ['xl'],
      render: (_, r) => textOf(MEAL_TYPE_LABELS[r.mealType], i18n.language),
    },
    {
      key: 'paymentMethod',
      title: col('paymentMethod'),
      width: 92,
      responsive: ['xl'],
      render: (_, r) => textOf(PAYMENT_METHOD_LABELS[r.paymentMethod], i18n.language),
    },
    { key: 'items', title: col('items'), dataIndex: 'items', ellipsis: true, responsive: ['xxl'] },
    {
      key: 'subtotal',
      title: col('subtotal'),
      align: 'right',
      width: 90,
      responsive: ['xxl'],
      render: (_, r) => money(r.subtotal),
    },
    {
      key: 'discount',
      title: col('discount'),
      align: 'right',
      width: 72,
      responsive: ['xl'],
      render: (_, r) => money(r.discount),
    },
    { key: 'total', title: col('total'), align: 'right', width: 84, render: (_, r) => money(r.total) },
    {
      key: 'voucherCode',
      title: col('voucherCode'),
      width: 124,
      responsive: ['xl'],
      render: (_, r) => (r.voucherCode ? <Tag>{r.voucherCode}</Tag> : null),
    },
    {
      key: 'customerPhone',
      title: col('customerPhone'),
      dataIndex: 'customerPhone',
      width: 116,
      responsive: ['md'],
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Form layout="inline" style={{ rowGap: 8 }} onFinish={search}>
          <RangeField
            value={draft}
            refusal={shown}
            onChange={(r) => {
              set(r);
              setRefusal(null);
            }}
          />
          <ShopField
            type={type}
            value={{ id: draft.shop_id, name: draft.shop_name }}
            onChange={(s) => set({ shop_id: s.id, shop_name: s.name })}
          />
          <Form.Item label={t('mealType')}>
            <Select
              style={{ width: 110 }}
              value={draft.mealType}
              onChange={(v: string) => set({ mealType: v })}
              options={[
                { value: '', label: t('any') },
                ...Object.entries(MEAL_TYPE_LABELS).map(([v, m]) => ({
                  value: v,
                  label: textOf(m, i18n.language),
                })),
              ]}
            />
          </Form.Item>
          <Form.Item label={t('paymentMethod')}>
            <Select
              style={{ width: 130 }}
              value={draft.paymentMethod}
              onChange={(v: string) => set({ paymentMethod: v })}
              options={[
                { value: '', label: t('any') },
                ...Object.entries(PAYMENT_METHOD_LABELS).map(([v, m]) => ({
                  value: v,
                  label: textOf(m, i18n.language),
                })),
              ]}
            />
          </Form.Item>
          <Form.Item label={t('phone')}>
            <Input
              style={{ width: 140 }}
              allowClear
              inputMode="tel"
              value={draft.phone}
              onChange={(e) => {
                set({ phone: e.target.value });
                setRefusal(null);
              }}
            />
          </Form.Item>
          <Form.Item>
            <Checkbox
              checked={draft.voided === '1'}
              onChange={(e) => set({ voided: e.target.checked ? '1' : '' })}
            >
              {t('includeVoided')}
            </Checkbox>
          </Form.Item>
          <SearchButton />
        </Form>
      </Card>
      <SalesResultHead
        error={orders.isError ? orders.error : null}
        totals={orders.data?.totals}
        exports={{
          range: applied,
          onRefused: setRefusal,
          download: (format) => downloadExport(salesExportOp, { type }, { ...query, lang }, format),
        }}
      />
      <Table<TSalesRow>
        rowKey="id"
        size="middle"
        columns={columns}
        tableLayout="fixed"
        dataSource={orders.data?.rows ?? []}
        loading={orders.isFetching}
        // a phone scrolls sideways; wider screens show the columns chosen above without scrolling
        scroll={screens.md === false ? { x: 560 } : undefined}
        locale={{ emptyText: t('empty') }}
        {...list.table(orders.data?.total ?? 0, (total) => (
          <span data-testid="sales-total">{t('total', { total })}</span>
        ))}
      />
    </Flex>
  );
};

export default SalesQueryPage;
