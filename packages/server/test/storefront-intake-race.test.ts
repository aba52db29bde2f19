// order intake under concurrency answers every order the rules accept with 201, never a 5xx. On
// PostgreSQL (project api-postgres) the orders and the board's cancels really run at once on separate
// connections: intake holds the shop row (FOR UPDATE) and then takes stock, promotion uses and the feed lock;
// a cancel gives stock and uses back and records its feed event. Before the two took these locks in
// opposite orders and PostgreSQL broke the cycle with "deadlock detected", answered 500 INTERNAL_ERROR.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businesses, deliveryRules, orderPromotions, orders, products, promotions } from '../src/db/schema';
import { inTx, TX_ATTEMPTS } from '../src/db/transaction';
import { transitionOrder } from '../src/features/orders/order-flow/transition';
import { build } from './helpers';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

const t = await build();
const eaa = await t.signedIn('eaa');
const BIG = 1_000_000;
const taipeiDate = (days: number) =>
  new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
const setting = (general: Record<string, unknown>, restriction: Record<string, unknown>) => ({
  all: {
    checked: true,
    general: { totalUsage: null, carryMethod: 'floor', ...general },
    usageRestrctions: restriction,
    roleRestrictions: { userType: 'none' },
    usageLimits: { limitPerUser: null },
  },
});
// the bench's three promotions (bench/order-intake.mjs): every order below is discounted by at least one
const PROMOS: [string, unknown][] = [
  ['九折', setting({ discountType: 'percentage', amount: 10 }, { restrictionType: 'none', value: 0 })],
  ['滿 50 折 5', setting({ discountType: 'fixed', amount: 5 }, { restrictionType: 'amount', value: 50 })],
  [
    '每 3 件送 1',
    setting({ discountType: 'discountPerItemsLow', amount: 1 }, { restrictionType: 'perItems', value: 3 }),
  ],
];

/** A shop with limited daily stock, 50 map zones (the point in the last one) and three running promotions. */
const busyShop = async () => {
  const s = await openShop(t, eaa, { logisticDistanceType: 'linear' });
  await t.db.update(products).set({ dailyStock: BIG, stockLeft: BIG }).where(eq(products.id, s.productId));
  const [at] = await t.db
    .select({ lat: businesses.lat, lng: businesses.lng })
    .from(businesses)
    .where(eq(businesses.id, s.accountId));
  const lat = Number(at!.lat);
  const lng = Number(at!.lng);
  for (let k = 0; k < 50; k += 1) {
    const last = k === 49;
    const cx = last ? lat : lat + 0.05 + 0.01 * k;
    const cy = last ? lng : lng + 0.05;
    const h = last ? 0.02 : 0.004;
    const ring = [
      { x: cx - h, y: cy - h },
      { x: cx + h, y: cy - h },
      { x: cx + h, y: cy + h },
      { x: cx - h, y: cy + h },
      { x: cx - h, y: cy - h },
    ];
    await t.db.insert(deliveryRules).values({
      accountId: s.accountId,
      position: k,
      type: 'map',
      name: `區域 ${k + 1}`,
      polygons: [ring],
      deliveryCharge: 40,
    });
  }
  for (const [name, settings] of PROMOS)
    await t.db.insert(promotions).values({
      accountId: s.accountId,
      form: 'config',
      displayName: name,
      description: name,
      enabled: true,
      settings: settings as never,
      startDate: taipeiDate(-1),
      endDate: taipeiDate(2),
    });
  return { ...s, point: { lat: lat + 0.001, lng: lng + 0.001 } };
};

const bodyOf = (s: Awaited<ReturnType<typeof busyShop>>, i: number) =>
  i % 2
    ? orderBody(s.productId, {
        mealType: 'delivery',
        items: [{ productId: s.productId, quantity: 2, optionIds: [] }],
        delivery: { address: '壓測地址', ...s.point },
      })
    : orderBody(s.productId, { items: [{ productId: s.productId, quantity: 3, optionIds: [] }] });

describe('order intake under concurrent load', () => {
  it('concurrent orders and cancels at shops with 50 zones and three promotions: every order 201, no 5xx', async () => {
    const shops = [await busyShop(), await busyShop()];
    // orders a board then cancels while the new ones come in
    const earlier: { accountId: number; id: number }[] = [];
    for (const s of shops)
      for (let i = 0; i < 12; i += 1) {
        const r = await postOrder(t, s.accountId, bodyOf(s, i));
        expect(r.statusCode, r.body).toBe(201);
        expect(r.json().order.discount).toBeGreaterThan(0);
        earlier.push({ accountId: s.accountId, id: r.json().order.id });
      }

    // waves of two new orders and two cancels per shop at once: the test database's pool has 5 connections,
    // so the requests wait for the shop's locks, never long for a connection (that would be a fair 503)
    const N = 12;
    const placed: Awaited<ReturnType<typeof postOrder>>[] = [];
    const cancelErrors: string[] = [];
    for (let w = 0; w < N / 2; w += 1) {
      const wave = earlier.filter((_, k) => k % 6 === w);
      const [orders_, cancels] = await Promise.all([
        Promise.all(shops.flatMap((s) => [0, 1].map((j) => postOrder(t, s.accountId, bodyOf(s, 2 * w + j))))),
        Promise.allSettled(
          wave.map((o) =>
            transitionOrder(t.db, {
              orderId: o.id,
              accountId: o.accountId,
              action: 'cancel',
              reason: '客人取消',
              actor: { kind: 'system', name: 'test' },
            }),
          ),
        ),
      ]);
      placed.push(...orders_);
      for (const c of cancels)
        if (c.status === 'rejected') {
          const e = c.reason as Error & { cause?: Error };
          cancelErrors.push(`${e.cause?.message ?? ''} ${e.message}`.slice(0, 120));
        }
    }
    const failed = placed.filter((r) => r.statusCode !== 201).map((r) => `${r.statusCode} ${r.body}`);
    expect(failed).toEqual([]);
    // the board's cancels (a 500 on the board's API if they failed)
    expect(cancelErrors).toEqual([]);

    const ids = shops.map((s) => s.accountId);
    // each shop's serials stay unique, stock and promotion uses count exactly the live orders
    const dupes = await t.db
      .select({ serial: orders.serial })
      .from(orders)
      .where(inArray(orders.accountId, ids))
      .groupBy(orders.accountId, orders.serial)
      .having(sql`count(*) > 1`);
    expect(dupes).toEqual([]);
    for (const s of shops) {
      const live = await t.db
        .select({ id: orders.id, count: orders.itemCount })
        .from(orders)
        .where(and(eq(orders.accountId, s.accountId), inArray(orders.status, ['new', 'accepted'])));
      expect(live).toHaveLength(N);
      const sold = live.reduce((a, o) => a + o.count, 0);
      const [p] = await t.db.select().from(products).where(eq(products.id, s.productId));
      expect(p!.stockLeft).toBe(BIG - sold);
      const used = await t.db
        .select({ n: sql<number>`sum(${promotions.usedCount})::int` })
        .from(promotions)
        .where(eq(promotions.accountId, s.accountId));
      const applied = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(orderPromotions)
        .where(
          inArray(
            orderPromotions.orderId,
            live.map((o) => o.id),
          ),
        );
      expect(Number(used[0]!.n)).toBe(Number(applied[0]!.n));
    }
  }, 120_000);
});

describe('the transaction helper retries what the database rolled back', () => {
  const failing = (code: string, times: number) => {
    let calls = 0;
    const fn = async () => {
      calls += 1;
      if (calls <= times)
        throw Object.assign(new Error('Failed query'), { cause: Object.assign(new Error(code), { code }) });
      return calls;
    };
    return { fn, calls: () => calls };
  };

  it('a deadlock or a serialization failure runs the transaction again, at most TX_ATTEMPTS times', async () => {
    const deadlock = failing('40P01', 1);
    expect(await inTx(t.db, deadlock.fn)).toBe(2);
    const serialization = failing('40001', TX_ATTEMPTS - 1);
    expect(await inTx(t.db, serialization.fn)).toBe(TX_ATTEMPTS);
    const always = failing('40P01', 99);
    await expect(inTx(t.db, always.fn)).rejects.toThrow('Failed query');
    expect(always.calls()).toBe(TX_ATTEMPTS);
  });

  it('any other error, and an error inside a caller’s transaction, is not retried', async () => {
    const unique = failing('23505', 1);
    await expect(inTx(t.db, unique.fn)).rejects.toThrow('Failed query');
    expect(unique.calls()).toBe(1);
    const nested = failing('40P01', 1);
    await expect(t.db.transaction((tx) => inTx(tx as never, nested.fn))).rejects.toThrow('Failed query');
    expect(nested.calls()).toBe(1);
  });
});
