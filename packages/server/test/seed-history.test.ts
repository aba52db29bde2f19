import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../src/db/client';
import { taipeiMidnight } from '../src/seed/order-maker';
import { fillOrderHistory, RECENT_DAYS } from '../src/seed/orders';
import { seedDemo } from '../src/seed/seed';
import { build } from './helpers';

const NOW = new Date();

/** Orders per shop: count, serial range, counter, and whether serials follow the order times. */
const shape = (db: Db) =>
  queryRows<{
    account_id: number;
    n: number;
    lo: number;
    hi: number;
    last: number;
    start: number;
    out_of_order: number;
  }>(
    db,
    sql`select o.account_id, count(*)::int as n, min(o.serial) as lo, max(o.serial) as hi, s.last_serial as last,
               b.order_start_number as start,
               (select count(*)::int from (select serial, lag(serial) over (order by created_at, serial) as prev
                  from orders x where x.account_id = o.account_id) q where q.prev > q.serial) as out_of_order
        from orders o join order_serials s using (account_id) join businesses b on b.id = o.account_id
        group by o.account_id, s.last_serial, b.order_start_number order by o.account_id`,
  );
const consistent = async (db: Db) => {
  const [bad] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from orders o
        where o.subtotal <> (select coalesce(sum(line_total), -1) from order_items i where i.order_id = o.id)`,
  );
  expect(bad!.n).toBe(0);
  // the statistics rollups (triggers) agree with the orders
  const [stats] = await queryRows<{ a: number; b: number }>(
    db,
    sql`select (select count(*)::int from orders) as a, (select coalesce(sum(orders), 0)::int from order_stats_daily) as b`,
  );
  expect(stats!.a).toBe(stats!.b);
};

// the first start writes the last RECENT_DAYS days, answers requests, then fills the older
// orders in the background; a stop midway leaves consistent data and the next start resumes.
describe('demo order history in the background', async () => {
  const t = await build();
  await seedDemo(t.db, { shops: 4, history: 'later' });
  const before = taipeiMidnight(NOW, RECENT_DAYS - 1);

  it('the first start holds only recent orders, and a backlog row per shop for the rest', async () => {
    const [row] = await queryRows<{ n: number; oldest: string; backlog: number; left: number }>(
      t.db,
      sql`select (select count(*)::int from orders) as n, (select min(created_at) from orders) as oldest,
                 (select count(*)::int from seed_backlog) as backlog,
                 (select coalesce(sum(count - done), 0)::int from seed_backlog) as left`,
    );
    expect(row!.n).toBeGreaterThan(20);
    expect(new Date(row!.oldest).getTime()).toBeGreaterThanOrEqual(before);
    expect(row!.backlog).toBe(4);
    expect(row!.left).toBeGreaterThan(4 * 200);
    // the counter already holds the newest serial: a storefront order now takes the next number
    for (const s of await shape(t.db)) {
      expect(s.hi).toBe(s.last);
      expect(s.lo).toBeGreaterThan(s.start);
    }
    await consistent(t.db);
  });

  it('a fill that fails midway leaves whole batches only', async () => {
    let writes = 0;
    // the third batch's backlog update fails: its orders roll back with it
    const failing = new Proxy(t.db, {
      get(target, prop) {
        if (prop === 'transaction')
          return (fn: (tx: Db) => Promise<unknown>) =>
            target.transaction(async (tx) => {
              writes += 1;
              const result = await fn(tx as unknown as Db);
              if (writes === 3) throw new Error('power cut');
              return result;
            });
        const v = Reflect.get(target, prop, target);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    await expect(fillOrderHistory(failing, { batch: 100 })).rejects.toThrow('power cut');
    const [row] = await queryRows<{ done: number; older: number }>(
      t.db,
      sql`select (select coalesce(sum(done), 0)::int from seed_backlog) as done,
                 (select count(*)::int from orders where created_at < ${new Date(before).toISOString()}) as older`,
    );
    expect(row).toEqual({ done: 200, older: 200 });
    await consistent(t.db);
  });

  it('a stop asked for ends after a batch; the next call resumes and completes the 90 days', async () => {
    let batches = 0;
    await fillOrderHistory(t.db, { batch: 100, pauseMs: 0, stop: () => ++batches > 4 });
    const [mid] = await queryRows<{ left: number }>(
      t.db,
      sql`select coalesce(sum(count - done), 0)::int as left from seed_backlog`,
    );
    expect(mid!.left).toBeGreaterThan(0);
    await consistent(t.db);

    const filled = await fillOrderHistory(t.db, {});
    expect(filled.orders).toBe(mid!.left);
    const [row] = await queryRows<{ backlog: number; oldest: string }>(
      t.db,
      sql`select (select count(*)::int from seed_backlog) as backlog, (select min(created_at) from orders) as oldest`,
    );
    expect(row!.backlog).toBe(0);
    expect(new Date(row!.oldest).getTime()).toBeLessThan(before - 60 * 86_400_000);
    expect(new Date(row!.oldest).getTime()).toBeGreaterThanOrEqual(taipeiMidnight(NOW, 89));
    // serials run from order_start_number to the counter without a gap, in the order of the times
    for (const s of await shape(t.db)) {
      expect(s.lo).toBe(s.start);
      expect(s.hi).toBe(s.last);
      expect(s.hi - s.lo + 1).toBe(s.n);
      expect(s.out_of_order).toBe(0);
    }
    await consistent(t.db);
  });
});
