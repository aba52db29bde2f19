import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { orderLimits, shopSpecialDays, tableQrcodes } from '../src/db/schema';
import { build } from './helpers';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

// Round trips of one order (docs/decisions/orders.md "Order intake: round trips"): every statement the server
// sends to PostgreSQL while it takes one order, BEGIN and COMMIT included. Counted on the pg driver
// (PGlite has no wire protocol to count on), so this file runs its check in --project api-postgres.
const onPostgres = process.env.SHOPDESK_TEST_DB === 'postgres';

describe('order intake round trips', async () => {
  const t = await build();
  const eaa = await t.signedIn('eaa');
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
    'a to-go cash order costs at most 8 statements (it was 28, then 22, then 11)',
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
      expect(sent.length, sent.join('\n---\n')).toBeLessThanOrEqual(8);
    },
  );

  it.runIf(onPostgres)('an order limit, a day off and a table QR code cost no statement more', async () => {
    const shop = await openShop(t, eaa, {}, { dailyStock: 50 });
    await t.db.insert(orderLimits).values({
      accountId: shop.accountId,
      mealType: 'to_go',
      periodSession: [0, 1, 2, 3, 4, 5, 6],
      timeSession: { start: '00:00', end: '23:59' },
      sessionTime: 60,
      maxNumOfOrder: 3,
    });
    await t.db.insert(shopSpecialDays).values({ accountId: shop.accountId, specialDate: '2099-01-01' });
    await t.db.insert(tableQrcodes).values({ accountId: shop.accountId, tableNumber: '7', qrType: 'toGo' });
    expect((await postOrder(t, shop.accountId, orderBody(shop.productId))).statusCode).toBe(201);
    let status = 0;
    const sent = await statements(async () => {
      status = (await postOrder(t, shop.accountId, orderBody(shop.productId))).statusCode;
    });
    expect(status).toBe(201);
    expect(sent.length, sent.join('\n---\n')).toBeLessThanOrEqual(8);
    // the folded count still counts: the limit of 3 takes one more order, then refuses
    expect((await postOrder(t, shop.accountId, orderBody(shop.productId))).statusCode).toBe(201);
    const full = await postOrder(t, shop.accountId, orderBody(shop.productId));
    expect([full.statusCode, full.json().error.code]).toEqual([409, 'ORDER_LIMIT_REACHED']);
  });

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
