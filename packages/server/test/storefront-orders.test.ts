import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems, orders, products } from '../src/db/schema';
import { build } from './helpers';
import { openShop, orderBody, postOrder, someClient } from './storefront-fixtures';

// Order intake: one transaction re-checks, takes stock, numbers and stores the order.
describe('storefront order intake', async () => {
  const t = await build();
  const eaa = await t.signedIn('eaa');

  it('prices the order itself and answers 201 with the order', async () => {
    const shop = await openShop(t, eaa);
    const res = await postOrder(t, shop.accountId, {
      ...orderBody(shop.productId),
      items: [{ productId: shop.productId, quantity: 3, optionIds: [] }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json();
    expect(order).toMatchObject({ status: 'accepted', total: 135 });
    expect(order.items).toEqual([
      {
        productId: shop.productId,
        name: '滷肉飯',
        unitPrice: 45,
        quantity: 3,
        optionIds: [],
        lineTotal: 135,
      },
    ]);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({
      accountId: shop.accountId,
      itemCount: 3,
      subtotal: 135,
      paymentMethod: 'cash',
    });
    expect(row!.acceptedAt).not.toBeNull();
    expect(await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id))).toHaveLength(1);
  });

  it('serials start at the business order_start_number and go up by one per order', async () => {
    const shop = await openShop(t, eaa, { orderStartNumber: 500 });
    const serials: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await postOrder(t, shop.accountId, orderBody(shop.productId));
      expect(res.statusCode, res.body).toBe(201);
      serials.push(res.json().order.serial);
    }
    expect(serials).toEqual([500, 501, 502]);
    // another shop has its own numbers
    const other = await openShop(t, eaa);
    expect((await postOrder(t, other.accountId, orderBody(other.productId))).json().order.serial).toBe(1);
  });

  it('a retried POST with the same Idempotency-Key returns the same order, not a second one', async () => {
    const shop = await openShop(t, eaa, {}, { dailyStock: 5 });
    const key = randomUUID();
    const first = await postOrder(t, shop.accountId, orderBody(shop.productId), key);
    const again = await postOrder(t, shop.accountId, orderBody(shop.productId), key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await t.db.select().from(orders).where(eq(orders.accountId, shop.accountId))).toHaveLength(1);
    const [p] = await t.db.select().from(products).where(eq(products.id, shop.productId));
    expect(p!.stockLeft).toBe(4);
  });

  it('refuses a POST without an Idempotency-Key', async () => {
    const shop = await openShop(t, eaa);
    const res = await t.app.inject({
      method: 'POST',
      url: `/console/apis/storefront/v1/shops/${shop.accountId}/orders`,
      payload: orderBody(shop.productId),
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a body over 32 KB (413)', async () => {
    const shop = await openShop(t, eaa);
    const body = orderBody(shop.productId, { customer: { name: 'x'.repeat(40_000), phone: '0912345678' } });
    expect((await postOrder(t, shop.accountId, body)).statusCode).toBe(413);
  });

  it('manual-acceptance shops receive orders as new', async () => {
    const shop = await openShop(t, eaa, {}, {}, { manual: true });
    const res = await postOrder(t, shop.accountId, orderBody(shop.productId));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.status).toBe('new');
  });

  it('50 parallel orders race for 10 units of stock: exactly 10 succeed, stock ends at 0', async () => {
    const shop = await openShop(t, eaa, {}, { dailyStock: 10 });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => postOrder(t, shop.accountId, orderBody(shop.productId))),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(40);
    expect(results.find((r) => r.statusCode === 409)!.json().error.code).toBe('SOLD_OUT');
    const [p] = await t.db.select().from(products).where(eq(products.id, shop.productId));
    expect(p!.stockLeft).toBe(0);
    const serials = results.filter((r) => r.statusCode === 201).map((r) => r.json().order.serial as number);
    expect(new Set(serials).size).toBe(10);
    expect(await t.db.select().from(orders).where(eq(orders.accountId, shop.accountId))).toHaveLength(10);
  });

  it('the public call needs no session but is rate-limited per client address', async () => {
    const shop = await openShop(t, eaa);
    const client = someClient();
    const codes: number[] = [];
    for (let i = 0; i < 31; i += 1)
      codes.push(
        (await postOrder(t, shop.accountId, orderBody(shop.productId), randomUUID(), client)).statusCode,
      );
    expect(codes.slice(0, 30).every((c) => c === 201)).toBe(true);
    expect(codes[30]).toBe(429);
    // another address is not affected
    expect((await postOrder(t, shop.accountId, orderBody(shop.productId))).statusCode).toBe(201);
  });
});
