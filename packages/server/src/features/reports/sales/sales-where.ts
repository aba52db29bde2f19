import { SALES_SOLD_STATUSES, SALES_VOIDED_STATUSES, type TSalesFilters } from '@shopdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';
import { withQueryTimeout } from '../../../db/query-timeout';
import type { SessionUser } from '../../../identity/session-store';
import { shopScopeCondition } from '../../../plugins/app/shop-access';

export type Caller = Pick<SessionUser, 'id' | 'type' | 'siAccountId' | 'shopAccountId'>;

/** Orders with their shop (accounts: the role scope of shop-access; businesses: the name). */
export const SALES_FROM = sql`from orders o join accounts on accounts.id = o.account_id
  left join businesses b on b.id = o.account_id`;

const statusIn = (list: readonly string[]) =>
  sql`o.status in (${sql.join(
    list.map((s) => sql`${s}`),
    sql`, `,
  )})`;
export const SOLD = statusIn(SALES_SOLD_STATUSES);
/** Staff test orders are in no report (docs/decisions/orders.md "Go-live status and test orders"). */
export const NOT_TEST = sql`not o.is_test`;

/**
 * Asia/Taipei days [from, to] as an instant range on created_at, so the (…, created_at) indexes serve it.
 */
export const dayRange = (f: { from: string; to: string }): SQL[] => [
  sql`o.created_at >= (${f.from}::date::timestamp at time zone 'Asia/Taipei')`,
  sql`o.created_at < ((${f.to}::date + 1)::timestamp at time zone 'Asia/Taipei')`,
];

export const scopeOf = (user: Caller): SQL[] => {
  const scope = shopScopeCondition(user);
  return scope ? [scope] : [];
};

/** The one WHERE of the sales query: its page, its totals and its export read the same rows. */
export const salesConditions = (user: Caller, f: TSalesFilters): SQL[] => {
  const conds = [
    ...dayRange(f),
    ...scopeOf(user),
    NOT_TEST,
    statusIn(f.includeVoided ? [...SALES_SOLD_STATUSES, ...SALES_VOIDED_STATUSES] : SALES_SOLD_STATUSES),
  ];
  if (f.shopId) conds.push(sql`o.account_id = ${f.shopId}`);
  if (f.kind) conds.push(sql`accounts.kind = ${f.kind}`);
  if (f.mealType) conds.push(sql`o.meal_type = ${f.mealType}`);
  if (f.paymentMethod) conds.push(sql`o.payment_method = ${f.paymentMethod}`);
  if (f.phone) conds.push(sql`o.customer_phone = ${f.phone}`);
  return conds;
};

/**
 * The same filters on the statistics rollup (order_stats_daily: every order per shop, Taipei day, meal type,
 * payment method and status, kept exact by triggers; docs/decisions/reports.md "Statistics"). The totals of a
 * query without a phone filter come from there: at 5 million orders, summing a month of raw rows for all
 * shops takes most of a second, the rollup a few milliseconds. Null when a filter has no rollup column.
 */
export const SALES_ROLLUP_FROM = sql`from order_stats_daily d join accounts on accounts.id = d.account_id`;
export const rollupConditions = (user: Caller, f: TSalesFilters): SQL[] | null => {
  if (f.phone) return null;
  const statuses = f.includeVoided ? [...SALES_SOLD_STATUSES, ...SALES_VOIDED_STATUSES] : SALES_SOLD_STATUSES;
  const conds = [
    sql`d.day between ${f.from}::date and ${f.to}::date`,
    ...scopeOf(user),
    sql`d.status in (${sql.join(
      statuses.map((s) => sql`${s}`),
      sql`, `,
    )})`,
  ];
  if (f.shopId) conds.push(sql`d.account_id = ${f.shopId}`);
  if (f.kind) conds.push(sql`accounts.kind = ${f.kind}`);
  if (f.mealType) conds.push(sql`d.meal_type = ${f.mealType}`);
  if (f.paymentMethod) conds.push(sql`d.payment_method = ${f.paymentMethod}`);
  return conds;
};
export const ROLLUP_SOLD = sql`d.status in (${sql.join(
  SALES_SOLD_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)})`;

export const whereAll = (conds: SQL[]): SQL => sql`where ${sql.join(conds, sql` and `)}`;

/** Local time as the pages and files show it. */
export const LOCAL_TIME = sql`to_char(o.created_at at time zone 'Asia/Taipei', 'YYYY-MM-DD HH24:MI:SS')`;

/** The key of keyset batches: created_at as text keeps its microseconds (a JS Date would drop them). */
export type TCursor = { at: string; id: number };
export const afterCursor = (c: TCursor | null): SQL[] =>
  c ? [sql`(o.created_at, o.id) > (${c.at}::timestamptz, ${c.id})`] : [];

/** Batches of an export: rows are read BATCH at a time, oldest first, never the whole range at once. */
export const EXPORT_BATCH = 1000;

/**
 * The rows of `select` (its columns must include `o.id` and `o.created_at::text as cursor_at`) over
 * SALES_FROM where `conds`, EXPORT_BATCH at a time by (created_at, id), oldest first: each batch is one
 * short query under the report time-out, and only one batch is held in memory.
 */
export async function* keysetBatches<R extends { id: string | number; cursor_at: string }>(
  db: Db,
  select: SQL,
  conds: SQL[],
) {
  let cursor: TCursor | null = null;
  for (;;) {
    const where = whereAll([...conds, ...afterCursor(cursor)]);
    const rows: R[] = await withQueryTimeout(db, (tx) =>
      queryRows<R>(
        tx,
        sql`${select} ${SALES_FROM} ${where} order by o.created_at, o.id limit ${EXPORT_BATCH}`,
      ),
    );
    if (!rows.length) return;
    yield rows;
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1]!;
    cursor = { at: last.cursor_at, id: Number(last.id) };
  }
}
