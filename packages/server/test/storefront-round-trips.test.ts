import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  orderLimits,
  orderPromotions,
  orders,
  promotions,
  shopSpecialDays,
  tableQrcodes,
} from '../src/db/schema';
import { build } from './helpers';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

// Round trips of one order (docs/decisions/orders.md "Order intake: round trips"): every statement the server
// sends to PostgreSQL while it takes one order, BEGIN and COMMIT included. Counted on the pg driver
// (PGlite has no wire protocol to count on), so this file runs its check in --project api-postgres.
const onPostgres = process.env.SHOPDESK_TEST_DB === 'postgres';

describe('order intake round trips', async () => {
  const t = await build();
  const eaa = await t.signedIn('eaa');

  /** A to-go order limit of `max` orders an hour, every day, all day: intake reads and counts it. */
  const limitOrders = (accountId: number, max: number) =>
    t.db.insert(orderLimits).values({
      accountId,
      mealType: 'to_go',
      periodSession: [0, 1, 2, 3, 4, 5, 6],
      timeSession: { start: '00:00', end: '23:59' },
      sessionTime: 60,
      maxNumOfOrder: max,
    });
  // pg sends each statement through Query#submit (the pool's clients wrap `query` per connection)
  const proto = pg.Query.prototype as unknown as { submit: (...a: unknown[]) => unknown; text: string };
  const original = proto.submit;
  afterEach(() => {
    proto.submit = original;
  });

  /** The statements sent while `fn` runs. */
  const statements = async (fn: () => Promise<unknown>) => {
    const seen: string[] = [];
    proto.submit = function (this: { text: string }, ...args: unknown[]) {
      seen.push(this.text);
      return original.apply(this, args);
    };
    await fn();
    proto.submit = original;
    return seen;
  };

  it.runIf(onPostgres)(
    'a to-go cash order costs at most 6 statements (it was 28, then 22, then 11, then 7)',
    async () => {
      const shop = await openShop(t, eaa, {}, { dailyStock: 50 });
      // the first order warms the per-instance caches (delivery rules); the second is counted
      expect((await postOrder(t, shop.accountId, orderBody(shop.productId))).statusCode).toBe(201);
      let status = 0;
      const sent = await statements(async () => {
        status = (await postOrder(t, shop.accountId, orderBody(shop.productId))).statusCode;
      });
      expect(status).toBe(201);
      expect(sent.length).toBeGreaterThan(3);
      expect(sent.length, sent.join('\n---\n')).toBeLessThanOrEqual(6);
    },
  );

  it.runIf(onPostgres)('an order limit, a day off and a table QR code cost no statement more', async () => {
    const shop = await openShop(t, eaa, {}, { dailyStock: 50 });
    await limitOrders(shop.accountId, 3);
    await t.db.insert(shopSpecialDays).values({ accountId: shop.accountId, specialDate: '2099-01-01' });
    await t.db.insert(tableQrcodes).values({ accountId: shop.accountId, tableNumber: '7', qrType: 'toGo' });
    expect((await postOrder(t, shop.accountId, orderBody(shop.productId))).statusCode).toBe(201);
    let status = 0;
    const sent = await statements(async () => {
      status = (await postOrder(t, shop.accountId, orderBody(shop.productId))).statusCode;
    });
    expect(status).toBe(201);
    expect(sent.length, sent.join('\n---\n')).toBeLessThanOrEqual(6);
    // the folded count still counts: the limit of 3 takes one more order, then refuses
    expect((await postOrder(t, shop.accountId, orderBody(shop.productId))).statusCode).toBe(201);
    const full = await postOrder(t, shop.accountId, orderBody(shop.productId));
    expect([full.statusCode, full.json().error.code]).toEqual([409, 'ORDER_LIMIT_REACHED']);
  });

  it('running promotions cost no statement more: the locked read rides in the stock statement (every driver)', async () => {
    const shop = await openShop(t, eaa, {}, { dailyStock: 50 });
    const taipeiDate = (days: number) =>
      new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
    const settings = (general: Record<string, unknown>) => ({
      all: {
        checked: true,
        general: { totalUsage: 1, carryMethod: 'floor', ...general },
        usageRestrctions: { restrictionType: 'none', value: 0 },
        roleRestrictions: { userType: 'none' },
        usageLimits: { limitPerUser: null },
      },
    });
    const promo = (name: string, amount: number, totalUsage: number | null) => ({
      accountId: shop.accountId,
      form: 'config' as const,
      displayName: name,
      description: name,
      enabled: true,
      settings: settings({ discountType: 'fixed', amount, totalUsage }) as never,
      startDate: taipeiDate(-1),
      endDate: taipeiDate(2),
    });
    // one open-ended and one with three uses: the first three orders get both, the fourth 折 5 only
    await t.db.insert(promotions).values([promo('折 5', 5, null), promo('折 3', 3, 3)]);
    const first = await postOrder(t, shop.accountId, orderBody(shop.productId));
    expect(first.statusCode).toBe(201);
    let res: Awaited<ReturnType<typeof postOrder>> | undefined;
    const sent = await statements(async () => {
      res = await postOrder(t, shop.accountId, orderBody(shop.productId));
    });
    expect(res!.statusCode).toBe(201);
    if (onPostgres) expect(sent.length, sent.join('\n---\n')).toBeLessThanOrEqual(6);
    const placed = res!.json().order;
    expect(placed.promotions.map((p: { name: string }) => p.name).sort()).toEqual(['折 3', '折 5']);
    expect([placed.discount, placed.total]).toEqual([8, placed.subtotal - 8]);
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
    expect([stored!.discount, stored!.total, stored!.serial]).toEqual([8, placed.total, placed.serial]);
    const rows = await t.db.select().from(orderPromotions).where(eq(orderPromotions.orderId, placed.id));
    expect(rows.map((r) => r.discount).sort()).toEqual([3, 5]);
    const uses = await t.db
      .select({ name: promotions.displayName, used: promotions.usedCount })
      .from(promotions)
      .where(eq(promotions.accountId, shop.accountId))
      .orderBy(promotions.id);
    expect(uses.map((u) => u.used)).toEqual([2, 2]);
    await postOrder(t, shop.accountId, orderBody(shop.productId));
    const fourth = await postOrder(t, shop.accountId, orderBody(shop.productId));
    expect(fourth.json().order.promotions.map((p: { name: string }) => p.name)).toEqual(['折 5']);
  });

  it.runIf(onPostgres)(
    'orders of one and of three lines send the same statements (built once, run by name)',
    async () => {
      const shop = await openShop(t, eaa, {}, { dailyStock: 50 });
      await limitOrders(shop.accountId, 100);
      expect((await postOrder(t, shop.accountId, orderBody(shop.productId))).statusCode).toBe(201);
      const texts = async (body: Record<string, unknown>) => {
        let status = 0;
        const sent = await statements(async () => {
          status = (await postOrder(t, shop.accountId, body)).statusCode;
        });
        expect(status).toBe(201);
        return sent;
      };
      const one = await texts(orderBody(shop.productId));
      const three = await texts(
        orderBody(shop.productId, {
          items: [1, 2, 3].map((quantity) => ({ productId: shop.productId, quantity, optionIds: [] })),
        }),
      );
      // the same text: no statement is built for the order's shape (its lines, the banned check, the slots)
      expect(three).toEqual(one);
      const lines = await t.db.select().from(orders).where(eq(orders.accountId, shop.accountId));
      expect(lines.map((o) => o.itemCount).sort()).toEqual([1, 1, 6]);
    },
  );

  it('an order is still priced, numbered and stocked (every driver)', async () => {
    const shop = await openShop(t, eaa, {}, { dailyStock: 2 });
    const a = await postOrder(t, shop.accountId, orderBody(shop.productId));
    const b = await postOrder(t, shop.accountId, orderBody(shop.productId));
    const c = await postOrder(t, shop.accountId, orderBody(shop.productId));
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([201, 201, 409]);
    expect([a.json().order.serial, b.json().order.serial]).toEqual([1, 2]);
    expect(c.json().error.code).toBe('SOLD_OUT');
  });
});
