import {
  checkStatsRange,
  daysOf,
  parseSort,
  previousRange,
  STATS_MESSAGES,
  STATS_SHOP_SORTS,
  type TKpi,
  type TStats360,
  type TStatsShopRow,
  type TStatsShopsQuery,
  type TStatsSummary,
  type TStatsSummaryQuery,
} from '@shopdesk/contract';
import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { businesses } from '../../../db/schema';
import { badRequest, forbidden } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { requireShop, shopScopeCondition } from '../../../plugins/app/shop-access';
import { readRows } from '../report-read';
import * as q from './stats-sql';

/**
 * One statement of a report, on its own pooled connection under the report time-out, in one round trip
 * (readRows): the statements of a page run in parallel, as bench/reports.mjs's raw slot runs them (one
 * connection cannot run two at once).
 */
const read = <T>(db: Db, query: SQL) => readRows<T>(db, query);

type Range = { from: string; to: string };
const num = (v: unknown) => Number(v ?? 0);

/** 400 with the field when the range breaks a date rule (spec 000 §5). */
export const assertRange = (range: Range) => {
  const refusal = checkStatsRange(range);
  if (refusal) throw badRequest(refusal.message, refusal.field);
};

/** Which rollup rows the caller sees: a shop, an SI account's shops, or its whole scope. */
const baseScope = async (db: Db, user: SessionUser, query: TStatsSummaryQuery): Promise<SQL> => {
  if (query.shopId !== undefined && query.siAccountId !== undefined)
    throw badRequest(STATS_MESSAGES.siOrShop, 'shopId');
  if (query.shopId !== undefined) {
    await requireShop(db, user, query.shopId);
    return q.scopeShop(query.shopId);
  }
  if (query.siAccountId !== undefined) {
    const own = user.type === 'si' && user.siAccountId === query.siAccountId;
    if (user.type !== 'gaa' && !own) throw forbidden();
    return q.scopeSi(query.siAccountId);
  }
  const condition = shopScopeCondition(user);
  return condition ? q.scopeOf(condition) : q.scopeAll();
};

/** The caller's rollup rows, narrowed to the shop kind of its tree (?kind=) when given. */
export const resolveScope = async (db: Db, user: SessionUser, query: TStatsSummaryQuery) =>
  q.scopeKind(await baseScope(db, user, query), query.kind);

type DailyRow = {
  kind: 'total' | 'day' | 'meal' | 'pay';
  cur: boolean;
  day: string | null;
  meal_type: string | null;
  payment_method: string | null;
  orders: number;
  revenue: string | number;
  discount: string | number;
  avg_ticket: number;
};
const kpi = (r: DailyRow | undefined): TKpi => ({
  orders: num(r?.orders),
  revenue: num(r?.revenue),
  avgTicket: num(r?.avg_ticket),
  discount: num(r?.discount),
});

/** The summary of /summary/stat, /pub/shop-stat and the 360 view (`db`: the report pool). */
export const statsSummary = async (db: Db, scope: SQL, range: Range): Promise<TStatsSummary> => {
  const prev = previousRange(range);
  const [daily, hourly, products] = await Promise.all([
    read<DailyRow>(db, q.summaryDailySql(scope, range, prev)),
    read<{ hour: number; orders: number; revenue: string }>(db, q.summaryHourlySql(scope, range)),
    read<{ product_id: number; qty: number; revenue: string; names: { zh: string; en: string } | null }>(
      db,
      q.topProductsSql(scope, range),
    ),
  ]);
  const of = (kind: DailyRow['kind'], cur: boolean) => daily.filter((r) => r.kind === kind && r.cur === cur);
  const dayMap = new Map(daily.filter((r) => r.kind === 'day').map((r) => [r.day, r]));
  const prevDays = daysOf(prev);
  const hours = new Map(hourly.map((h) => [h.hour, h]));
  return {
    range,
    previousRange: prev,
    current: kpi(of('total', true)[0]),
    previous: kpi(of('total', false)[0]),
    byDay: daysOf(range).map((day, k) => {
      const c = dayMap.get(day);
      const p = dayMap.get(prevDays[k]!);
      return {
        day,
        orders: num(c?.orders),
        revenue: num(c?.revenue),
        prevDay: prevDays[k]!,
        prevOrders: num(p?.orders),
        prevRevenue: num(p?.revenue),
      };
    }),
    byHour: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      orders: num(hours.get(hour)?.orders),
      revenue: num(hours.get(hour)?.revenue),
    })),
    byMealType: (['eat_in', 'to_go', 'delivery'] as const).map((mealType) => {
      const r = of('meal', true).find((x) => x.meal_type === mealType);
      return { mealType, orders: num(r?.orders), revenue: num(r?.revenue) };
    }),
    byPayment: (['cash', 'online'] as const).map((paymentMethod) => {
      const r = of('pay', true).find((x) => x.payment_method === paymentMethod);
      return { paymentMethod, orders: num(r?.orders), revenue: num(r?.revenue) };
    }),
    topProducts: products.map((p) => ({
      productId: p.product_id,
      names: { zh: p.names?.zh ?? '', en: p.names?.en ?? '' },
      qty: num(p.qty),
      revenue: num(p.revenue),
    })),
  };
};

type ShopSqlRow = Record<string, string | number | null> & { account_id: number; name: string };

/** Per-shop table of /summary/shop-stat and /summary/adv-shop-stat (gaa). */
export const statsShops = async (db: Db, query: TStatsShopsQuery) => {
  const range = { from: query.from, to: query.to };
  assertRange(range);
  const sort = parseSort(query.sort, STATS_SHOP_SORTS, { key: 'revenue', desc: true });
  const rows = await read<ShopSqlRow>(
    db,
    q.shopsSql(
      {
        cur: range,
        prev: previousRange(range),
        siAccountId: query.siAccountId,
        zeroOnly: query.zeroOnly === '1',
        kind: query.kind,
      },
      { sort: sort.key, desc: sort.desc, offset: query.offset, limit: query.limit },
    ),
  );
  const fig = (r: ShopSqlRow, k: string) => ({
    orders: num(r[`${k}_orders`]),
    revenue: num(r[`${k}_revenue`]),
  });
  const first = rows[0];
  const allOrders = num(first?.all_orders);
  const allRevenue = num(first?.all_revenue);
  return {
    total: num(first?.total),
    totals: {
      orders: allOrders,
      revenue: allRevenue,
      avgTicket: num(first?.all_avg),
      discount: 0,
    },
    previousTotals: {
      orders: num(first?.all_prev_orders),
      revenue: num(first?.all_prev_revenue),
      avgTicket: num(first?.all_prev_avg),
      discount: 0,
    },
    rows: rows.map(
      (r): TStatsShopRow => ({
        accountId: r.account_id,
        name: r.name,
        siName: (r.si_name as string | null) ?? null,
        orders: num(r.orders),
        revenue: num(r.revenue),
        avgTicket: num(r.avg_ticket),
        prevOrders: num(r.prev_orders),
        prevRevenue: num(r.prev_revenue),
        growth: r.growth === null ? null : num(r.growth),
        byMealType: { eat_in: fig(r, 'eat_in'), to_go: fig(r, 'to_go'), delivery: fig(r, 'delivery') },
        byPayment: { cash: fig(r, 'cash'), online: fig(r, 'online') },
        rejected: num(r.rejected),
        canceled: num(r.canceled),
      }),
    ),
  };
};

export const shopName = async (db: Db, accountId: number) =>
  (await db.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, accountId)))[0]
    ?.name ?? '';

/** The 360 view of one shop (the caller's access is checked by the route; `db`: the report pool). */
export const stats360 = async (db: Db, accountId: number, range: Range): Promise<TStats360> => {
  const scope = q.scopeShop(accountId);
  const [summary, heatmap, statuses, customers, names] = await Promise.all([
    statsSummary(db, scope, range),
    read<{ weekday: number; hour: number; orders: number }>(db, q.heatmapSql(scope, range)),
    read<{ status: TStats360['statuses'][number]['status']; orders: number; refusal_rate: number }>(
      db,
      q.statusesSql(scope, range),
    ),
    read<{ customers: number; repeat_customers: number; repeat_share: number }>(
      db,
      q.customersSql(accountId, range),
    ),
    read<{ name: string }>(db, q.shopNameSql(accountId)),
  ]);
  const name = names[0]?.name ?? '';
  const c = customers[0];
  return {
    shop: { accountId, name },
    summary,
    heatmap,
    statuses: (['new', 'accepted', 'rejected', 'completed', 'canceled'] as const).map((status) => ({
      status,
      orders: num(statuses.find((r) => r.status === status)?.orders),
    })),
    refusalRate: num(statuses[0]?.refusal_rate),
    customers: {
      customers: num(c?.customers),
      repeatCustomers: num(c?.repeat_customers),
      repeatOrderShare: num(c?.repeat_share),
    },
  };
};
