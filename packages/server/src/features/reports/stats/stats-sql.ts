import { COUNTED_ORDER_STATUSES, type TShopKind } from '@shopdesk/contract';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The SQL of the statistics pages, over the rollup tables of drizzle/0009_stats_rollups.sql.
 * Pure builders (no database): the service runs them and bench/reports.mjs runs the very same text raw
 * through `pg` for its ratio. `scope` is a condition on a rollup row's account_id.
 */
export type TRange = { from: string; to: string };
const COUNTED_IN = `status in (${COUNTED_ORDER_STATUSES.map((x) => `'${x}'`).join(', ')})`;
const COUNTED = sql.raw(COUNTED_IN);

/** Taipei midnight starting `day`, as timestamptz. */
export const taipeiStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Asia/Taipei')`;

export const scopeAll = (): SQL => sql`true`;
export const scopeShop = (accountId: number): SQL => sql`account_id = ${accountId}`;
export const scopeSi = (siAccountId: number): SQL =>
  sql`account_id in (select id from accounts where si_account_id = ${siAccountId})`;
export const scopeOf = (accountsCondition: SQL): SQL =>
  sql`account_id in (select accounts.id from accounts where ${accountsCondition})`;
/** A scope narrowed to one shop kind (the report pages' tree, docs/decisions/shops.md "Retail tree"); none = as is. */
export const scopeKind = (scope: SQL, kind?: TShopKind): SQL =>
  kind ? sql`(${scope} and ${scopeOf(sql`accounts.kind = ${kind}`)})` : scope;

const avg = (revenue: string, orders: string) =>
  sql.raw(`coalesce(round(${revenue}::numeric / nullif(${orders}, 0)), 0)::int`);

/**
 * KPIs of both periods, and per day / meal type / payment method, in one pass over the daily rollup
 * (grouping sets). `kind`: total | day | meal | pay; `cur` tells the period.
 */
export const summaryDailySql = (scope: SQL, cur: TRange, prev: TRange) => sql`
  select case when grouping(day) = 0 then 'day' when grouping(meal_type) = 0 then 'meal'
              when grouping(payment_method) = 0 then 'pay' else 'total' end as kind,
         cur, day::text as day, meal_type, payment_method,
         sum(orders)::int as orders, sum(revenue)::bigint as revenue, sum(discount)::bigint as discount,
         ${avg('sum(revenue)', 'sum(orders)')} as avg_ticket
  from (select *, day >= ${cur.from}::date as cur from order_stats_daily
        where day between ${prev.from}::date and ${cur.to}::date and ${COUNTED} and ${scope}) d
  group by grouping sets ((cur), (cur, day), (cur, meal_type), (cur, payment_method))`;

export const summaryHourlySql = (scope: SQL, cur: TRange) => sql`
  select hour::int as hour, sum(orders)::int as orders, sum(revenue)::bigint as revenue
  from order_stats_hourly where day between ${cur.from}::date and ${cur.to}::date and ${scope}
  group by hour order by hour`;

/**
 * Best sellers by revenue. Grouped by the product's zh name, so over several shops a dish sold in many
 * shops (each with its own product id) is one line; productId is the smallest id of the group.
 */
export const topProductsSql = (scope: SQL, cur: TRange, limit = 10) => sql`
  select min(product_id)::int as product_id, sum(qty)::int as qty, sum(revenue)::bigint as revenue,
         (array_agg(names order by day desc))[1] as names
  from order_product_daily
  where day between ${cur.from}::date and ${cur.to}::date and ${scope} and qty <> 0
  group by names->>'zh' having sum(qty) > 0
  order by sum(revenue) desc, min(product_id) limit ${limit}`;

export const shopNameSql = (accountId: number) => sql`select name from businesses where id = ${accountId}`;

/** Weekday (0 = Sunday) × hour of counted orders for the 360 view. */
export const heatmapSql = (scope: SQL, cur: TRange) => sql`
  select extract(dow from day)::int as weekday, hour::int as hour, sum(orders)::int as orders
  from order_stats_hourly where day between ${cur.from}::date and ${cur.to}::date and ${scope}
  group by 1, 2 having sum(orders) > 0 order by 1, 2`;

export const statusesSql = (scope: SQL, cur: TRange) => sql`
  select status, sum(orders)::int as orders,
         coalesce(round(100.0 * sum(sum(orders)) filter (where status in ('rejected', 'canceled')) over ()
           / nullif(sum(sum(orders)) over (), 0), 1), 0)::float8 as refusal_rate
  from order_stats_daily where day between ${cur.from}::date and ${cur.to}::date and ${scope}
  group by status`;

/** Customers by phone of one shop's counted orders (raw orders: one shop, one range, an index range scan). */
export const customersSql = (accountId: number, cur: TRange) => sql`
  select count(*)::int as customers, (count(*) filter (where n > 1))::int as repeat_customers,
         coalesce(round(100.0 * sum(n) filter (where n > 1) / nullif(sum(n), 0), 1), 0)::float8 as repeat_share
  from (select customer_phone, count(*) as n from orders
        where account_id = ${accountId} and created_at >= ${taipeiStart(cur.from)}
          and created_at < ${taipeiStart(cur.to)} + interval '1 day' and ${COUNTED} and not is_test
          and customer_phone <> '' -- orders without a phone name no customer
        group by customer_phone) c`;

export const SHOP_SORT_SQL = {
  orders: 'orders',
  revenue: 'revenue',
  avgTicket: 'avg_ticket',
  growth: 'growth',
  accountId: 'account_id',
  name: 'name',
} as const;

/** Every shop in scope (also those without orders) with both periods and the meal/payment splits. */
export const shopsSql = (
  opts: { cur: TRange; prev: TRange; siAccountId?: number; zeroOnly: boolean; kind?: TShopKind },
  page: { sort: keyof typeof SHOP_SORT_SQL; desc: boolean; offset: number; limit: number },
) => {
  const si = opts.siAccountId === undefined ? sql`true` : sql`a.si_account_id = ${opts.siAccountId}`;
  const kind = opts.kind === undefined ? sql`true` : sql`a.kind = ${opts.kind}`;
  const f = (cond: string) => sql.raw(`filter (where ${cond})`);
  const c = `cur and ${COUNTED_IN}`;
  const p = `not cur and ${COUNTED_IN}`;
  const fig = (name: string, cond: string) =>
    sql`coalesce(sum(orders) ${f(cond)}, 0)::int as ${sql.raw(`${name}_orders`)},
        coalesce(sum(revenue) ${f(cond)}, 0)::bigint as ${sql.raw(`${name}_revenue`)}`;
  const dir = sql.raw(page.desc ? 'desc nulls last' : 'asc nulls first');
  return sql`
  with s as (
    select account_id, ${fig('cur', c)}, ${fig('prev', p)},
           ${fig('eat_in', `${c} and meal_type = 'eat_in'`)}, ${fig('to_go', `${c} and meal_type = 'to_go'`)},
           ${fig('delivery', `${c} and meal_type = 'delivery'`)},
           ${fig('cash', `${c} and payment_method = 'cash'`)}, ${fig('online', `${c} and payment_method = 'online'`)},
           coalesce(sum(orders) ${f(`cur and status = 'rejected'`)}, 0)::int as rejected,
           coalesce(sum(orders) ${f(`cur and status = 'canceled'`)}, 0)::int as canceled
    from (select *, day >= ${opts.cur.from}::date as cur from order_stats_daily
          where day between ${opts.prev.from}::date and ${opts.cur.to}::date) d
    group by account_id
  ), r as (
    select a.id as account_id, b.name, si.display_name as si_name,
           coalesce(s.cur_orders, 0) as orders, coalesce(s.cur_revenue, 0) as revenue,
           ${avg('coalesce(s.cur_revenue, 0)', 's.cur_orders')} as avg_ticket,
           coalesce(s.prev_orders, 0) as prev_orders, coalesce(s.prev_revenue, 0) as prev_revenue,
           round(100.0 * (s.cur_revenue - s.prev_revenue) / nullif(s.prev_revenue, 0), 1)::float8 as growth,
           s.eat_in_orders, s.eat_in_revenue, s.to_go_orders, s.to_go_revenue, s.delivery_orders,
           s.delivery_revenue, s.cash_orders, s.cash_revenue, s.online_orders, s.online_revenue,
           coalesce(s.rejected, 0) as rejected, coalesce(s.canceled, 0) as canceled
    from accounts a join businesses b on b.id = a.id left join si_accounts si on si.id = a.si_account_id
    left join s on s.account_id = a.id
    where ${si} and ${kind} and (${!opts.zeroOnly} or coalesce(s.cur_orders, 0) = 0)
  )
  select r.*, count(*) over ()::int as total, (sum(orders) over ())::bigint as all_orders,
         (sum(revenue) over ())::bigint as all_revenue,
         coalesce(round((sum(revenue) over ())::numeric / nullif(sum(orders) over (), 0)), 0)::int as all_avg,
         (sum(prev_orders) over ())::bigint as all_prev_orders, (sum(prev_revenue) over ())::bigint as all_prev_revenue,
         coalesce(round((sum(prev_revenue) over ())::numeric / nullif(sum(prev_orders) over (), 0)), 0)::int
           as all_prev_avg
  from r order by ${sql.raw(SHOP_SORT_SQL[page.sort])} ${dir}, account_id
  limit ${page.limit} offset ${page.offset}`;
};
