import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { orderSerials, orders } from '../src/db/schema';
import { seedDemo } from '../src/seed/seed';
import { build } from './helpers';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

// Demo data: 90 days of orders per demo shop, priced and numbered the way order intake does.
describe('demo orders seed', async () => {
  const t = await build();
  const eaa = await t.signedIn('eaa');
  // a shop open now, numbering from 500, seeded together with three demo shops
  const open = await openShop(t, eaa, { orderStartNumber: 500 });
  await seedDemo(t.db, { shops: 3 });

  it('every shop with a menu gets orders over the last 90 days, none in the future', async () => {
    const rows = await queryRows<{ account_id: number; n: number; first: string; last: string }>(
      t.db,
      sql`select account_id, count(*)::int as n, min(created_at) as first, max(created_at) as last
          from orders group by account_id`,
    );
    expect(rows).toHaveLength(4);
    for (const r of rows) {
      expect(r.n).toBeGreaterThan(50);
      expect(new Date(r.last).getTime()).toBeLessThanOrEqual(Date.now());
      expect(new Date(r.first).getTime()).toBeGreaterThan(Date.now() - 92 * 86_400_000);
    }
  });

  it('every order total equals the sum of its item lines, each line unit price × quantity', async () => {
    const bad = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from orders o
          where o.total <> o.subtotal - o.discount
             or o.subtotal <> (select coalesce(sum(line_total), -1) from order_items i where i.order_id = o.id)
             or o.item_count <> (select sum(quantity) from order_items i where i.order_id = o.id)`,
    );
    expect(bad[0]!.n).toBe(0);
    const lines = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from order_items where line_total <> unit_price * quantity`,
    );
    expect(lines[0]!.n).toBe(0);
  });

  it('serials are unique per shop, start at order_start_number and the counter holds the last one', async () => {
    const rows = await queryRows<{ account_id: number; n: number; lo: number; hi: number; start: number }>(
      t.db,
      sql`select o.account_id, count(distinct o.serial)::int as n, min(o.serial) as lo, max(o.serial) as hi,
                 b.order_start_number as start
          from orders o join businesses b on b.id = o.account_id group by o.account_id, b.order_start_number`,
    );
    for (const r of rows) {
      expect(r.lo).toBe(r.start);
      expect(r.hi - r.lo + 1).toBe(r.n);
      const [counter] = await t.db
        .select()
        .from(orderSerials)
        .where(eq(orderSerials.accountId, r.account_id));
      expect(counter!.lastSerial).toBe(r.hi);
    }
    expect(rows.find((r) => r.account_id === open.accountId)!.lo).toBe(500);
  });

  it('serials follow the order times', async () => {
    const list = await t.db
      .select({ serial: orders.serial })
      .from(orders)
      .where(eq(orders.accountId, open.accountId))
      .orderBy(asc(orders.createdAt));
    const serials = list.map((o) => o.serial);
    expect(serials).toEqual([...serials].sort((a, b) => a - b));
  });

  it('a storefront order placed afterwards gets the next serial', async () => {
    const [counter] = await t.db
      .select()
      .from(orderSerials)
      .where(eq(orderSerials.accountId, open.accountId));
    const res = await postOrder(t, open.accountId, orderBody(open.productId));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.serial).toBe(counter!.lastSerial + 1);
  });
});
