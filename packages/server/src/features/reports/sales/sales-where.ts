import { SALES_SOLD_STATUSES, SALES_VOIDED_STATUSES, type TSalesFilters } from '@shopdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { SessionUser } from '../../../identity/session-store';
import { shopScopeCondition } from '../../../plugins/app/shop-access';
import { readRows } from '../report-read';

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

/**
 * Batch sizes of an export (tests lower them): the first batch is small, so the answer starts soon (it is
 * read before the status line, see export-stream.ts); the next ones are large, so a week is a few dozen
 * statements and not hundreds (docs/decisions/reports.md "Exports are streamed").
 */
export const exportLimits = {
  firstBatch: 1000,
  batch: 10_000,
  /** The CSV through PostgreSQL's COPY (sales-copy.ts); tests turn it off to compare with the row-by-row file. */
  copy: true,
};

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Taipei midnight starting `day`, in ms (Asia/Taipei keeps UTC+8 all year). */
const taipeiMidnight = (day: string) => Date.parse(`${day}T00:00:00+08:00`);

/**
 * The rows of `select` (over SALES_FROM where `conds`) created in [from, to), (created_at, id) order, each
 * with its instant in whole milliseconds as the last column `at_ms` (sliceBatches cuts an overfull slice
 * there).
 */
export const sliceSql = (select: SQL, conds: SQL[], from: number, to: number, limit: number | null): SQL =>
  sql`${select}, floor(extract(epoch from o.created_at) * 1000)::float8 as at_ms ${SALES_FROM} ${whereAll([
    ...conds,
    sql`o.created_at >= ${new Date(from).toISOString()}::timestamptz`,
    sql`o.created_at < ${new Date(to).toISOString()}::timestamptz`,
  ])} order by o.created_at, o.id${limit === null ? sql`` : sql` limit ${limit}`}`;

/**
 * The rows of `select` over SALES_FROM where `conds` (which hold the day range), oldest first in (created_at,
 * id) order, in batches of about exportLimits rows: each batch is the rows of one slice of time [a, b), one
 * short statement through `run`. The slices follow each other without gap or overlap, so no row is skipped
 * or read twice, whatever the ties in created_at; each statement reads and sorts its slice only (a
 * row-count keyset by (created_at, id) had the planner read and sort the rest of the range for every
 * batch: no index has both columns). The width adapts to the rows found (×¼ to ×2 toward the target, ×4
 * over an empty slice). A slice is read with a limit of twice the target plus one: when it holds more, the
 * rows before the last row's millisecond are all among those read (the slice is in order), so the batch is
 * them and the next slice starts at that millisecond — nothing is read twice; when all of them share one
 * millisecond, that millisecond is read whole (rows cannot be split finer than their instant). A batch holds
 * at most twice the target, and at most two batches are in memory: the next slice is read while the caller
 * writes the current one, so the database and the file writing overlap. `atMs` gives a row's `at_ms`.
 */
export async function* sliceBatches<R>(
  run: (query: SQL) => Promise<R[]>,
  select: SQL,
  conds: SQL[],
  range: { from: string; to: string },
  atMs: (row: R) => number,
): AsyncGenerator<R[]> {
  // a day's margin on both sides: `conds` decide exactly which rows belong to the range
  const end = taipeiMidnight(range.to) + 2 * DAY_MS;
  const read = async (from: number, width: number, target: number) => {
    const to = Math.min(from + width, end);
    const cap = target * 2;
    const rows = await run(sliceSql(select, conds, from, to, cap + 1));
    if (rows.length <= cap) return { rows, to };
    const t = atMs(rows[cap]!);
    let n = cap;
    while (n > 0 && atMs(rows[n - 1]!) >= t) n -= 1;
    if (n > 0) {
      rows.length = n;
      return { rows, to: t };
    }
    // rows[0] … rows[cap] share the millisecond t (so the slice holds nothing before it): read it whole
    return { rows: await run(sliceSql(select, conds, t, t + 1, null)), to: t + 1 };
  };
  const next = (from: number, width: number, target: number) => {
    const p = read(from, width, target);
    // handled here so a failure while the caller waits on a slow client is not an unhandled rejection; the
    // `await` below still throws it
    p.catch(() => {});
    return { p, from };
  };
  let target = exportLimits.firstBatch;
  let pending = next(taipeiMidnight(range.from) - DAY_MS, HOUR_MS, target);
  for (;;) {
    // when the caller stops early (client gone), a read already sent finishes and its answer is dropped
    const { rows, to } = await pending.p;
    const width = to - pending.from;
    const found = rows.length;
    if (found) target = exportLimits.batch;
    const grow = found ? Math.min(2, Math.max(0.25, target / found)) : 4;
    const more = to < end;
    if (more) pending = next(to, Math.max(1, Math.round(width * grow)), target);
    if (found) yield rows;
    if (!more) return;
  }
}

/**
 * The export's batches read from `db` under the report time-out, each slice in one round trip (readRows;
 * `rowMode: 'array'` gives each row as its columns in order, `at_ms` last); `complete` reads what a batch
 * needs besides (the sales export's items).
 */
export const exportBatches = <R>(
  db: Db,
  select: SQL,
  conds: SQL[],
  range: { from: string; to: string },
  opts: { rowMode?: 'array'; atMs: (row: R) => number; complete?: (rows: R[]) => Promise<void> },
) =>
  sliceBatches<R>(
    async (query) => {
      const rows = await readRows<R>(db, query, opts.rowMode);
      if (opts.complete && rows.length) await opts.complete(rows);
      return rows;
    },
    select,
    conds,
    range,
    opts.atMs,
  );
