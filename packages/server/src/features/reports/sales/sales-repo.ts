import { customerDataFor, type TSalesFilters, type TSalesRow } from '@shopdesk/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';
import { withQueryTimeout } from '../../../db/query-timeout';
import {
  type Caller,
  keysetBatches,
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
  cursor_at: string;
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

/** "牛肉麵 x2、紅茶 x1": the lines as ordered, in the file's language. */
const itemsSummary = (lang: Lang) => {
  const key = lang === 'en' ? 'en' : 'zh';
  return sql`(select string_agg(coalesce(nullif(i.names->>${key}, ''), i.names->>'zh') || ' x' || i.quantity,
    '、' order by i.id) from order_items i where i.order_id = o.id)`;
};

const columns = (lang: Lang) => sql`o.id, ${LOCAL_TIME} as created_local, o.created_at::text as cursor_at,
  o.account_id as shop_id, coalesce(b.name, '') as shop_name, o.serial, o.status, o.meal_type,
  o.payment_method, ${itemsSummary(lang)} as items, o.subtotal, o.discount, o.total, o.voucher_code,
  o.customer_phone`;

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
  return withQueryTimeout(db, async (tx) => {
    const [totals] = await queryRows<{ orders: number; revenue: string; discount: string }>(tx, q.totals);
    const rows = await queryRows<RawRow>(tx, q.rows);
    return {
      total: totals!.orders,
      rows: rows.map(toRow(user)),
      totals: {
        orders: totals!.orders,
        revenue: Number(totals!.revenue),
        discount: Number(totals!.discount),
      },
    };
  });
};

/**
 * The export's rows, EXPORT_BATCH at a time by (created_at, id), oldest first: each batch is one short
 * query under the report time-out, and only one batch is held in memory.
 */
export async function* salesBatches(db: Db, user: Caller, f: TSalesFilters & { lang: Lang }) {
  const map = toRow(user);
  for await (const rows of keysetBatches<RawRow>(
    db,
    sql`select ${columns(f.lang)}`,
    salesConditions(user, f),
  ))
    yield rows.map(map);
}
