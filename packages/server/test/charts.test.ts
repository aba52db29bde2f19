// /charts: the platform over 30 days (orders per day, by dining mode and channel, revenue, top shops).
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import { shopClock } from '../src/jobs/local-clock';
import { build } from './helpers';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

describe('platform charts', async () => {
  const t = await build();
  const gaa = await t.signedIn('gaa');
  const eaa = await t.signedIn('eaa');
  const get = (query: string, who: { headers: Record<string, string> } | null = gaa) =>
    t.app.inject({ method: 'GET', url: `/console/apis/gaa/charts${query}`, headers: who?.headers ?? {} });

  it('counts orders per Taipei day, by mode and channel, with revenue and the top shops', async () => {
    const busy = await openShop(t, eaa);
    const quiet = await openShop(t, eaa);
    const placed: number[] = [];
    for (const [shop, extra] of [
      [busy, {}],
      [busy, {}],
      [busy, {}],
      [quiet, {}],
    ] as const) {
      const res = await postOrder(t, shop.accountId, orderBody(shop.productId, extra));
      expect(res.statusCode, res.body).toBe(201);
      placed.push(res.json().order.id);
    }
    // one order came through LINE, one was delivered, one was placed three days ago
    await t.db.update(orders).set({ lineUserId: 'U123' }).where(eq(orders.id, placed[0]!));
    await t.db.update(orders).set({ mealType: 'delivery' }).where(eq(orders.id, placed[1]!));
    // … and was placed at a table (its QR code): the table channel
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 3 * 86_400_000), tableNumber: '5' })
      .where(eq(orders.id, placed[2]!));
    // not counted: a canceled order (its shop then has none: not a top shop) and a staff test order
    const gone = await openShop(t, eaa);
    const canceled = (await postOrder(t, gone.accountId, orderBody(gone.productId))).json().order.id;
    await t.db.update(orders).set({ status: 'canceled' }).where(eq(orders.id, canceled));
    // (is_test is written once, when the order is placed: a copy of an order inserted as a test)
    const [model] = await t.db.select().from(orders).where(eq(orders.id, placed[3]!));
    const { id: _id, ...row } = model!;
    await t.db.insert(orders).values({ ...row, serial: 900, idempotencyKey: 'staff-test', isTest: true });
    const res = await get('');
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json();
    expect(c.days).toHaveLength(30);
    expect(c.to).toBe(shopClock(new Date()).date);
    const total = c.days.reduce((n: number, d: { orders: number }) => n + d.orders, 0);
    expect(total).toBe(placed.length);
    const today = c.days.at(-1);
    expect(today.orders).toBe(3);
    expect(today.delivery).toBe(1);
    expect(today.to_go).toBe(2);
    expect(c.days.at(-4).orders).toBe(1);
    const totals = await t.db.select({ id: orders.id, total: orders.total }).from(orders);
    const revenue = totals.filter((o) => placed.includes(o.id)).reduce((n, o) => n + o.total, 0);
    expect(revenue).toBeGreaterThan(0);
    expect(c.days.reduce((n: number, d: { revenue: number }) => n + d.revenue, 0)).toBe(revenue);
    // the channels come from the daily rollup (migration 0054): the orders' later changes moved them there
    expect(c.byChannel).toEqual({ line: 1, table: 1, web: 2 });
    expect(c.topShops[0]).toMatchObject({ accountId: busy.accountId, orders: 3 });
    expect(c.topShops[1]).toMatchObject({ accountId: quiet.accountId, orders: 1 });
    expect(c.topShops).toHaveLength(2);

    expect((await get('?days=7')).json().days).toHaveLength(7);
    // the rollup the triggers kept equals one rebuilt from the orders
    await t.db.execute(sql`select refresh_order_stats('2000-01-01', '2100-01-01')`);
    const rebuilt = (await get('')).json();
    expect({ ...rebuilt, at: null }).toEqual({ ...c, at: null });
  });

  it('is gaa’s only, and refuses a bad period', async () => {
    expect((await get('', null)).statusCode).toBe(401);
    expect((await get('', eaa)).statusCode).toBe(403);
    for (const bad of ['?days=3', '?days=91', '?days=x', '?kind=shop'])
      expect((await get(bad)).statusCode, bad).toBe(400);
  });
});
