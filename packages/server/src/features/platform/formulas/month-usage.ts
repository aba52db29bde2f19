import { COUNTED_ORDER_STATUSES, type TUsage } from '@shopdesk/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';

const counted = sql.raw(COUNTED_ORDER_STATUSES.map((s) => `'${s}'`).join(', '));

/** The month's bounds as instants: Asia/Taipei calendar, like every report of the console. */
export const monthBounds = (month: string) => {
  const first = `${month}-01`;
  return {
    from: sql`(${first}::date::timestamp at time zone 'Asia/Taipei')`,
    to: sql`((${first}::date + interval '1 month')::timestamp at time zone 'Asia/Taipei')`,
    first,
  };
};

/**
 * What the formulas price, per shop, for a month: counted orders and their sales in cents, issued
 * e-invoices, and platform (courier) deliveries not cancelled or expired. One reading for the billing tool and
 * the formula preview, so both price the same usage. Shops without any usage read as zeros.
 */
export const monthUsage = async (db: Db, shopIds: readonly number[], month: string) => {
  const out = new Map<number, TUsage>(
    shopIds.map((id) => [id, { orders: 0, sales: 0, einvoices: 0, deliveries: 0 }]),
  );
  if (!shopIds.length) return out;
  const b = monthBounds(month);
  const ids = sql.join(
    shopIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const orders = await queryRows<{ shopId: number; orders: number; sales: string }>(
    db,
    sql`select account_id as "shopId", count(*)::int as orders, (coalesce(sum(total), 0) * 100)::text as sales
        from orders where account_id in (${ids}) and status in (${counted}) and not is_test
          and created_at >= ${b.from} and created_at < ${b.to} group by account_id`,
  );
  const invoices = await queryRows<{ shopId: number; n: number }>(
    db,
    sql`select account_id as "shopId", count(*)::int as n from invoices
        where account_id in (${ids}) and status = 'issued' and issued_at >= ${b.from} and issued_at < ${b.to}
        group by account_id`,
  );
  const deliveries = await queryRows<{ shopId: number; n: number }>(
    db,
    sql`select account_id as "shopId", count(*)::int as n from deliveries
        where account_id in (${ids}) and created_at >= ${b.from} and created_at < ${b.to}
          and coalesce(vendor_status, '') not in ('CANCELED', 'EXPIRED') group by account_id`,
  );
  for (const o of orders) Object.assign(out.get(o.shopId)!, { orders: o.orders, sales: Number(o.sales) });
  for (const i of invoices) out.get(i.shopId)!.einvoices = i.n;
  for (const d of deliveries) out.get(d.shopId)!.deliveries = d.n;
  return out;
};
