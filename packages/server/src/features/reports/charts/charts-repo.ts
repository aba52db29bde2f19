import {
  addDays,
  COUNTED_ORDER_STATUSES,
  type TChartDay,
  TOP_SHOPS,
  type TPlatformCharts,
} from '@shopdesk/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';
import { shopClock } from '../../../jobs/local-clock';

const counted = sql.raw(COUNTED_ORDER_STATUSES.map((s) => `'${s}'`).join(', '));

/** The /charts figures: the last `days` Taipei days up to today, counted orders of one kind. */
export const platformCharts = async (
  db: Db,
  kind: 'catering' | 'retail',
  days: number,
  now = new Date(),
): Promise<TPlatformCharts> => {
  const to = shopClock(now).date;
  const from = addDays(to, -(days - 1));
  // the daily rollup (order_stats_daily: Taipei day, status, meal type, with each group's LINE and table-QR
  // counts; test orders left out, as here) holds a few rows per shop and day: the days, the channels and the top
  // shops read it, not the period's orders. The two run at once (docs/decisions/reports.md "Platform charts read
  // the rollup", "Platform charts: the channels from the rollup")
  const inDays = sql`a.kind = ${kind} and s.day between ${from}::date and ${to}::date and s.status in (${counted})`;
  const [perDay, top] = await Promise.all([
    queryRows<{ d: string; meal: string; n: number; revenue: number; line: number; table: number }>(
      db,
      sql`select to_char(s.day, 'YYYY-MM-DD') as d, s.meal_type as meal,
            sum(s.orders)::int as n, coalesce(sum(s.revenue), 0)::int as revenue,
            sum(s.orders_line)::int as line, sum(s.orders_table)::int as "table"
          from order_stats_daily s join accounts a on a.id = s.account_id where ${inDays} group by 1, 2`,
    ),
    queryRows<{ accountId: number; name: string; orders: number; revenue: number }>(
      db,
      sql`select a.id as "accountId", coalesce(b.name, '#' || a.id) as name, sum(s.orders)::int as orders,
            coalesce(sum(s.revenue), 0)::int as revenue
          from order_stats_daily s join accounts a on a.id = s.account_id
            left join businesses b on b.account_id = a.id
          where ${inDays} group by a.id, b.name having sum(s.orders) > 0
          order by 3 desc, 4 desc, 1 limit ${TOP_SHOPS}`,
    ),
  ]);
  const byDate = new Map<string, TChartDay>();
  for (let d = from; d <= to; d = addDays(d, 1))
    byDate.set(d, { date: d, orders: 0, revenue: 0, eat_in: 0, to_go: 0, delivery: 0 });
  for (const r of perDay) {
    const day = byDate.get(r.d);
    if (!day) continue;
    day.orders += r.n;
    day.revenue += r.revenue;
    day[r.meal as 'eat_in' | 'to_go' | 'delivery'] += r.n;
  }
  const byChannel = { line: 0, table: 0, web: 0 };
  for (const r of perDay) {
    byChannel.line += r.line;
    byChannel.table += r.table;
    byChannel.web += r.n - r.line - r.table;
  }
  return { at: now.toISOString(), from, to, days: [...byDate.values()], byChannel, topShops: top };
};
