import { customerDataFor, type TSalesFilters, type TSalesRow } from '@shopdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { readRows } from '../report-read';
import { itemsLineAgg, itemsLineSql, storedItemsLine } from './items-line';
import {
  type Caller,
  exportBatches,
  LOCAL_TIME,
  ROLLUP_SOLD,
  rollupConditions,
  SALES_FROM,
  SALES_ROLLUP_FROM,
  SOLD,
  salesConditions,
  whereAll,
} from './sales-where';

type Lang = 'zh-TW' | 'en';
type RawRow = {
  id: string | number;
  created_local: string;
  shop_id: number;
  shop_name: string;
  serial: number;
  status: TSalesRow['status'];
  meal_type: TSalesRow['mealType'];
  payment_method: TSalesRow['paymentMethod'];
  items: string | null;
  subtotal: number;
  discount: number;
  total: number;
  voucher_code: string | null;
  customer_phone: string;
};

const orderColumns = sql`o.id, ${LOCAL_TIME} as created_local,
  o.account_id as shop_id, coalesce(b.name, '') as shop_name, o.serial, o.status, o.meal_type,
  o.payment_method, o.subtotal, o.discount, o.total, o.voucher_code, o.customer_phone`;
/** The page's columns, with the order's items line ("牛肉麵 x2、紅茶 x1", items-line.ts) in the language. */
const columns = (lang: Lang) => sql`${orderColumns}, ${itemsLineSql(lang)} as items`;

/**
 * The items of a batch of orders, one grouped statement: a sub-select per order row (as the page's 15 rows
 * use) cost four fifths of an export batch's time (an index probe and a sort per order); one statement
 * reads the batch's items together and sorts them once.
 */
const batchItemsSql = (lang: Lang, ids: readonly (string | number)[]) =>
  sql`select i.order_id::text as id, ${itemsLineAgg(lang)} as items from order_items i
      where i.order_id = any(${`{${ids.join(',')}}`}::bigint[]) group by i.order_id`;

/** Customer fields as the caller may see them (contract customerDataFor: si masked; files use the same rows). */
const toRow =
  (user: Caller) =>
  (r: RawRow): TSalesRow =>
    customerDataFor(user.type, {
      id: Number(r.id),
      createdAt: r.created_local,
      shopId: r.shop_id,
      shopName: r.shop_name,
      serial: r.serial,
      status: r.status,
      mealType: r.meal_type,
      paymentMethod: r.payment_method,
      items: r.items ?? '',
      subtotal: r.subtotal,
      discount: r.discount,
      total: r.total,
      voucherCode: r.voucher_code,
      customerPhone: r.customer_phone,
    });

/**
 * The SQL of one page of the sales query (newest first) and of the totals of the whole filtered range.
 * Exported for bench/reports.mjs, which runs the very same text raw through `pg`.
 */
export const salesQuerySql = (
  user: Caller,
  f: TSalesFilters & { offset: number; limit: number; lang: Lang },
) => {
  const where = whereAll(salesConditions(user, f));
  const rollup = rollupConditions(user, f);
  return {
    totals: rollup
      ? sql`select coalesce(sum(d.orders), 0)::int as orders,
            coalesce(sum(d.revenue) filter (where ${ROLLUP_SOLD}), 0)::bigint as revenue,
            coalesce(sum(d.discount) filter (where ${ROLLUP_SOLD}), 0)::bigint as discount
          ${SALES_ROLLUP_FROM} ${whereAll(rollup)}`
      : sql`select count(*)::int as orders,
            coalesce(sum(o.total) filter (where ${SOLD}), 0)::bigint as revenue,
            coalesce(sum(o.discount) filter (where ${SOLD}), 0)::bigint as discount
          ${SALES_FROM} ${where}`,
    rows: sql`select ${columns(f.lang)} ${SALES_FROM} ${where}
        order by o.created_at desc, o.id desc limit ${f.limit} offset ${f.offset}`,
  };
};

/** One page of the sales query and the totals of the whole filtered range, by SQL, under the time-out. */
export const querySales = async (
  db: Db,
  user: Caller,
  f: TSalesFilters & { offset: number; limit: number; lang: Lang },
) => {
  const q = salesQuerySql(user, f);
  // two statements on two connections at once, each in one round trip (readRows); under READ COMMITTED
  // each statement had its own snapshot in the one transaction too, so the answer is the same
  const [[totals], rows] = await Promise.all([
    readRows<{ orders: number; revenue: string; discount: string }>(db, q.totals),
    readRows<RawRow>(db, q.rows),
  ]);
  return {
    total: totals!.orders,
    rows: rows.map(toRow(user)),
    totals: {
      orders: totals!.orders,
      revenue: Number(totals!.revenue),
      discount: Number(totals!.discount),
    },
  };
};

/**
 * An exported order as read (rowMode 'array'): orderColumns in order, its stored items line (null on an order
 * written without one), `at_ms` (sliceSql), then its items line, set by fillItems.
 */
export type ExportRow = [
  id: string,
  createdLocal: string,
  shopId: number,
  shopName: string,
  serial: number,
  status: TSalesRow['status'],
  mealType: TSalesRow['mealType'],
  paymentMethod: TSalesRow['paymentMethod'],
  subtotal: number,
  discount: number,
  total: number,
  voucherCode: string | null,
  customerPhone: string,
  storedLine: string | null,
  atMs: number,
  items?: string,
];
const STORED_LINE = 13;
const AT_MS = 14;
const ITEMS = 15;

/**
 * The export's SELECT and WHERE, and its items step for the batch's orders stored without an items line
 * (null when every order has one) (bench/reports.mjs reads the month raw with them).
 */
export const salesExportSql = (user: Caller, f: TSalesFilters & { lang: Lang }) => ({
  select: sql`select ${orderColumns}, ${storedItemsLine(f.lang)}`,
  conds: salesConditions(user, f),
  itemsSql: (rows: readonly ExportRow[]) => {
    const without = rows.filter((r) => r[STORED_LINE] === null).map((r) => r[0]);
    return without.length ? batchItemsSql(f.lang, without) : null;
  },
  atMs: (r: ExportRow) => r[AT_MS],
});

/**
 * Sets the items line of a batch's rows: the stored one, else from its items statement's answer (rows [order
 * id as text, line]). The order's id is looked up as text: pg gives a bigint as a string, PGlite as a number.
 */
export const fillItems = (rows: ExportRow[], items: readonly [string, string][]) => {
  const byOrder = new Map(items);
  for (const r of rows) r[ITEMS] = r[STORED_LINE] ?? byOrder.get(String(r[0])) ?? '';
};

/** An exported row as the page's rows, customer fields as the caller may see them (customerDataFor). */
const exportRow =
  (user: Caller) =>
  (r: ExportRow): TSalesRow =>
    customerDataFor(user.type, {
      id: Number(r[0]),
      createdAt: r[1],
      shopId: r[2],
      shopName: r[3],
      serial: r[4],
      status: r[5],
      mealType: r[6],
      paymentMethod: r[7],
      items: r[ITEMS] ?? '',
      subtotal: r[8],
      discount: r[9],
      total: r[10],
      voucherCode: r[11],
      customerPhone: r[12],
    });

/** The export's rows in time-slice batches, oldest first (sliceBatches), each with its items. */
export async function* salesBatches(db: Db, user: Caller, f: TSalesFilters & { lang: Lang }) {
  const map = exportRow(user);
  const { select, conds, itemsSql, atMs } = salesExportSql(user, f);
  const complete = async (rows: ExportRow[]) => {
    const missing = itemsSql(rows);
    fillItems(rows, missing ? await readRows<[string, string]>(db, missing, 'array') : []);
  };
  for await (const rows of exportBatches<ExportRow>(db, select, conds, f, {
    rowMode: 'array',
    atMs,
    complete,
  }))
    yield rows.map(map);
}
