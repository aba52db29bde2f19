import type { TVoucherFilters, TVoucherRow } from '@shopdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { readRows } from '../report-read';
import {
  type Caller,
  dayRange,
  exportBatches,
  LOCAL_TIME,
  NOT_TEST,
  SALES_FROM,
  SOLD,
  scopeOf,
  whereAll,
} from './sales-where';

type RawRow = {
  id: string | number;
  created_local: string;
  shop_id: number;
  shop_name: string;
  serial: number;
  code: string;
  discount: number;
  total: number;
};

/** Voucher redemptions: sold orders that carry a voucher code (a rejected or canceled one redeemed nothing). */
const voucherConditions = (user: Caller, f: TVoucherFilters): SQL[] => {
  const conds = [...dayRange(f), ...scopeOf(user), sql`o.voucher_code is not null`, SOLD, NOT_TEST];
  if (f.shopId) conds.push(sql`o.account_id = ${f.shopId}`);
  if (f.kind) conds.push(sql`accounts.kind = ${f.kind}`);
  if (f.code) conds.push(sql`o.voucher_code = ${f.code}`);
  return conds;
};

const COLUMNS = sql`o.id, ${LOCAL_TIME} as created_local,
  o.account_id as shop_id, coalesce(b.name, '') as shop_name, o.serial, o.voucher_code as code, o.discount,
  o.total`;

const toRow = (r: RawRow): TVoucherRow => ({
  id: Number(r.id),
  createdAt: r.created_local,
  shopId: r.shop_id,
  shopName: r.shop_name,
  serial: r.serial,
  code: r.code,
  discount: r.discount,
  total: r.total,
});

/** One page of redemptions (newest first), the range's totals and the totals per code, by SQL. */
export const queryVouchers = async (
  db: Db,
  user: Caller,
  f: TVoucherFilters & { offset: number; limit: number },
) => {
  const where = whereAll(voucherConditions(user, f));
  // three statements on three connections at once, each in one round trip (readRows); under READ COMMITTED
  // each statement had its own snapshot in one transaction too
  const [byCode, [totals], rows] = await Promise.all([
    readRows<{ code: string; orders: number; discount: string; revenue: string }>(
      db,
      sql`select o.voucher_code as code, count(*)::int as orders, sum(o.discount)::bigint as discount,
            sum(o.total)::bigint as revenue
          ${SALES_FROM} ${where} group by o.voucher_code order by count(*) desc, o.voucher_code limit 100`,
    ),
    readRows<{ orders: number; revenue: string; discount: string }>(
      db,
      sql`select count(*)::int as orders, coalesce(sum(o.total), 0)::bigint as revenue,
            coalesce(sum(o.discount), 0)::bigint as discount ${SALES_FROM} ${where}`,
    ),
    readRows<RawRow>(
      db,
      sql`select ${COLUMNS} ${SALES_FROM} ${where}
          order by o.created_at desc, o.id desc limit ${f.limit} offset ${f.offset}`,
    ),
  ]);
  return {
    total: totals!.orders,
    rows: rows.map(toRow),
    totals: {
      orders: totals!.orders,
      revenue: Number(totals!.revenue),
      discount: Number(totals!.discount),
    },
    byCode: byCode.map((c) => ({
      code: c.code,
      orders: c.orders,
      discount: Number(c.discount),
      revenue: Number(c.revenue),
    })),
  };
};

/** The export's redemptions in keyset batches, oldest first (see salesBatches). */
export async function* voucherBatches(db: Db, user: Caller, f: TVoucherFilters) {
  for await (const rows of exportBatches<RawRow & { at_ms: number }>(
    db,
    sql`select ${COLUMNS}`,
    voucherConditions(user, f),
    f,
    { atMs: (r) => r.at_ms },
  ))
    yield rows.map(toRow);
}
