import {
  checkSalesRange,
  lastDays,
  SALES_PAGE_SIZES,
  type TDateRefusal,
  type TVoucherRow,
  VOUCHER_COLUMNS,
  vouchersExportOp,
} from '@shopdesk/contract';
import { Card, Flex, Form, Grid, Input, Table, type TableColumnsType, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import type { TPageProps } from '../../../shell/lazy-page';
import { useShopKind } from '../../../shell/variant';
import { useUrlListState } from '../../shops/shop-lists/use-url-list-state';
import { SalesResultHead, SearchButton } from './SalesTotals';
import { RangeField, ShopField } from './sales-fields';
import { downloadExport, textOf, useVouchers } from './sales-queries';

const FILTERS = ['from', 'to', 'shop_id', 'shop_name', 'code'] as const;
type TFilters = Record<(typeof FILTERS)[number], string>;
type TCodeTotal = { code: string; orders: number; discount: number; revenue: number };

const toQuery = (f: TFilters) => ({
  from: f.from,
  to: f.to,
  shopId: f.shop_id || undefined,
  code: f.code || undefined,
});

/** /sales/vouchers (gaa): voucher redemptions of a range, totals per code, exports of up to 7 days. */
const VouchersPage = (_props: TPageProps) => {
  const { t, i18n } = useTranslation('sales');
  const _errorText = useErrorText();
  const lang = i18n.language === 'en' ? 'en' : 'zh-TW';
  const list = useUrlListState({ filterKeys: FILTERS, sizes: SALES_PAGE_SIZES });
  const applied: TFilters = { ...list.filters, ...(list.filters.from ? {} : lastDays(7)) };
  const [draft, setDraft] = useState<TFilters>(applied);
  const [refusal, setRefusal] = useState<TDateRefusal | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the URL's filters
  useEffect(() => setDraft(applied), [JSON.stringify(list.filters)]);

  const appliedRefusal = checkSalesRange(applied, 'query');
  // the tree's shops only, in the query and in its exports (docs/decisions/shops.md "Retail tree")
  const query = { ...toQuery(applied), kind: useShopKind() };
  const data = useVouchers(
    { params: { type: 'gaa' }, query: { ...query, offset: list.offset, limit: list.size } },
    !appliedRefusal,
  );
  const set = (patch: Partial<TFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const search = () => {
    const r = checkSalesRange(draft, 'query');
    setRefusal(r);
    if (!r) list.update({ filters: draft });
  };
  const col = (k: keyof typeof VOUCHER_COLUMNS) => textOf(VOUCHER_COLUMNS[k], i18n.language);
  const money = (n: number) => n.toLocaleString();

  const screens = Grid.useBreakpoint();
  const columns: TableColumnsType<TVoucherRow> = [
    { key: 'createdAt', title: col('createdAt'), dataIndex: 'createdAt', width: 170 },
    { key: 'shopName', title: col('shopName'), dataIndex: 'shopName', ellipsis: true },
    // beside the code table the serial gives way to the shop name below 1600 px (docs/decisions/reports.md
    // "columns per width")
    { key: 'serial', title: col('serial'), dataIndex: 'serial', width: 100, responsive: ['xxl'] },
    { key: 'code', title: col('code'), width: 140, render: (_, r) => <Tag>{r.code}</Tag> },
    {
      key: 'discount',
      title: col('discount'),
      align: 'right',
      width: 100,
      render: (_, r) => money(r.discount),
    },
    { key: 'total', title: col('total'), align: 'right', width: 110, render: (_, r) => money(r.total) },
  ];
  const codeColumns: TableColumnsType<TCodeTotal> = [
    { key: 'code', title: col('code'), render: (_, r) => <Tag>{r.code}</Tag> },
    { key: 'orders', title: t('uses'), dataIndex: 'orders', align: 'right' },
    { key: 'discount', title: col('discount'), align: 'right', render: (_, r) => money(r.discount) },
    { key: 'revenue', title: t('vouchersRevenue'), align: 'right', render: (_, r) => money(r.revenue) },
  ];

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Form layout="inline" style={{ rowGap: 8 }} onFinish={search}>
          <RangeField
            value={draft}
            refusal={refusal ?? appliedRefusal}
            onChange={(r) => {
              set(r);
              setRefusal(null);
            }}
          />
          <ShopField
            type="gaa"
            value={{ id: draft.shop_id, name: draft.shop_name }}
            onChange={(s) => set({ shop_id: s.id, shop_name: s.name })}
          />
          <Form.Item label={t('code')}>
            <Input
              style={{ width: 150 }}
              allowClear
              value={draft.code}
              onChange={(e) => set({ code: e.target.value.toUpperCase() })}
            />
          </Form.Item>
          <SearchButton />
        </Form>
      </Card>
      <SalesResultHead
        error={data.isError ? data.error : null}
        totals={data.data?.totals}
        exports={{
          range: applied,
          onRefused: setRefusal,
          download: (format) => downloadExport(vouchersExportOp, { type: 'gaa' }, { ...query, lang }, format),
        }}
      />
      <Flex gap={16} wrap align="start">
        <Card size="small" title={t('byCode')} style={{ flex: '1 1 320px', maxWidth: 480 }}>
          <Table<TCodeTotal>
            rowKey="code"
            size="small"
            columns={codeColumns}
            dataSource={data.data?.byCode ?? []}
            loading={data.isFetching}
            pagination={false}
            locale={{ emptyText: t('emptyVouchers') }}
            data-testid="voucher-codes"
          />
        </Card>
        <Table<TVoucherRow>
          style={{ flex: '3 1 560px' }}
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data.data?.rows ?? []}
          loading={data.isFetching}
          scroll={screens.md === false ? { x: 600 } : undefined}
          locale={{ emptyText: t('emptyVouchers') }}
          {...list.table(data.data?.total ?? 0, (total) => (
            <span data-testid="sales-total">{t('total', { total })}</span>
          ))}
        />
      </Flex>
    </Flex>
  );
};

export default VouchersPage;
