import { COUNTED_ORDER_STATUSES, ORDER_CHANNEL_SQL, type TDashboard } from '@shopdesk/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';
import { shopClock } from '../../../jobs/local-clock';

const counted = sql.raw(COUNTED_ORDER_STATUSES.map((s) => `'${s}'`).join(', '));
const channel = sql.raw(ORDER_CHANNEL_SQL);

/** The /dashboard figures, a handful of aggregate reads over the shops of one kind. */
export const dashboard = async (
  db: Db,
  kind: 'catering' | 'retail',
  now = new Date(),
): Promise<TDashboard> => {
  const { date } = shopClock(now);
  // today in Asia/Taipei as a timestamp range: the orders (account, created_at) index serves it
  const from = sql`(${date}::date::timestamp at time zone 'Asia/Taipei')`;
  const to = sql`((${date}::date + 1)::timestamp at time zone 'Asia/Taipei')`;
  // five independent reads, sent at once: the page waits for the slowest, not the sum
  const [hours, [open], [shops], [printers], failed] = await Promise.all([
    queryRows<{ h: number; n: number; revenue: number; meal: string; channel: string }>(
      db,
      sql`select extract(hour from o.created_at at time zone 'Asia/Taipei')::int as h, o.meal_type as meal,
          ${channel} as channel, count(*)::int as n, coalesce(sum(o.total), 0)::int as revenue
        from orders o join accounts a on a.id = o.account_id
        where a.kind = ${kind} and o.created_at >= ${from} and o.created_at < ${to}
          and o.status in (${counted}) and not o.is_test
        group by 1, 2, 3`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from orders o join accounts a on a.id = o.account_id
        where a.kind = ${kind} and o.status in ('new', 'accepted') and o.created_at >= ${from}
          and not o.is_test`,
    ),
    queryRows<{ online: number; total: number }>(
      db,
      sql`select count(*) filter (where b.is_enabled and not a.sys_closed)::int as online, count(*)::int as total
        from accounts a join businesses b on b.account_id = a.id where a.kind = ${kind}`,
    ),
    queryRows<{ offline: number; total: number }>(
      db,
      sql`select count(*) filter (where p.state <> 'online')::int as offline, count(*)::int as total
        from printers p join accounts a on a.id = p.account_id where a.kind = ${kind}`,
    ),
    queryRows<{ kind: string; count: number }>(
      db,
      sql`select kind, count(*)::int as count from outbox_jobs where status = 'dead' group by kind order by 2 desc`,
    ),
  ]);
  const perHour = Array.from({ length: 24 }, () => 0);
  const byMealType = { eat_in: 0, to_go: 0, delivery: 0 };
  const byChannel = { line: 0, table: 0, web: 0 };
  let orders = 0;
  let revenue = 0;
  for (const r of hours) {
    perHour[r.h] = (perHour[r.h] ?? 0) + r.n;
    byMealType[r.meal as keyof typeof byMealType] += r.n;
    byChannel[r.channel as keyof typeof byChannel] += r.n;
    orders += r.n;
    revenue += r.revenue;
  }
  return {
    at: now.toISOString(),
    today: { orders, revenue, open: open?.n ?? 0 },
    hours: perHour,
    byMealType,
    byChannel,
    shops: { online: shops?.online ?? 0, total: shops?.total ?? 0 },
    printers: { offline: printers?.offline ?? 0, total: printers?.total ?? 0 },
    failedCalls: failed,
  };
};
