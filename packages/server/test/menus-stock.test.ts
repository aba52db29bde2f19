import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../src/db/client';
import { products } from '../src/db/schema';
import { restoreDailyStock, takeStock } from '../src/features/menus/menus/stock';
import { build } from './helpers';
import { seedSmallMenu } from './menus-fixtures';

// Stock: an order takes stock atomically, never below zero under concurrent orders.
describe('taking stock', async () => {
  const t = await build();
  const eaa = await t.signedIn('eaa');
  const shop = (await t.createShop({ name: '巷口手搖飲', ownerUserId: eaa.user.id })).account.id;
  const stockOf = async (id: number) =>
    (await t.db.select({ s: products.stockLeft }).from(products).where(eq(products.id, id)))[0]!.s;
  const order = (items: { productId: number; qty: number }[], accountId?: number) =>
    t.db.transaction((tx) => takeStock(tx as unknown as Db, items, { accountId }));

  it('50 concurrent orders of 1 race for 10 units: exactly 10 succeed, none below zero', async () => {
    const { product } = await seedSmallMenu(t, 'eaa', eaa.headers, shop, {
      names: { zh: '珍珠奶茶' },
      dailyStock: 10,
    });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => order([{ productId: product.id, qty: 1 }])),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(results.filter((r) => !r.ok)).toHaveLength(40);
    expect(results.find((r) => !r.ok)).toEqual({
      ok: false,
      productId: product.id,
      reason: 'not_enough',
      stockLeft: 0,
    });
    expect(await stockOf(product.id)).toBe(0);
  });

  it('is all or nothing: a short product leaves the others untouched and the transaction usable', async () => {
    const a = (await seedSmallMenu(t, 'eaa', eaa.headers, shop, { dailyStock: 5 })).product.id;
    const b = (await seedSmallMenu(t, 'eaa', eaa.headers, shop, { dailyStock: 1 })).product.id;
    const result = await t.db.transaction(async (tx) => {
      const r = await takeStock(tx as unknown as Db, [
        { productId: a, qty: 2 },
        { productId: b, qty: 1 },
        { productId: b, qty: 1 },
      ]);
      // The caller's transaction goes on after a refusal.
      const [row] = await queryRows<{ n: number }>(tx as unknown as Db, sql`select 1 as n`);
      return { r, n: row!.n };
    });
    expect(result).toEqual({ r: { ok: false, productId: b, reason: 'not_enough', stockLeft: 1 }, n: 1 });
    expect(await stockOf(a)).toBe(5);
    expect(await stockOf(b)).toBe(1);
    const ok = await order([
      { productId: a, qty: 2 },
      { productId: b, qty: 1 },
    ]);
    expect(ok).toEqual({
      ok: true,
      taken: [
        { productId: a, qty: 2, stockLeft: 3 },
        { productId: b, qty: 1, stockLeft: 0 },
      ],
    });
  });

  it('unlimited products need only be on sale; sold-out, archived and other shops’ products are refused', async () => {
    const { product } = await seedSmallMenu(t, 'eaa', eaa.headers, shop);
    expect(await order([{ productId: product.id, qty: 99 }])).toMatchObject({
      ok: true,
      taken: [{ stockLeft: null }],
    });
    await t.db.update(products).set({ soldOut: true }).where(eq(products.id, product.id));
    expect(await order([{ productId: product.id, qty: 1 }])).toMatchObject({ ok: false, reason: 'sold_out' });
    expect(await order([{ productId: product.id, qty: 1 }], shop + 1000)).toMatchObject({
      ok: false,
      reason: 'not_found',
    });
    expect(await order([{ productId: 999_999, qty: 1 }])).toMatchObject({ ok: false, reason: 'not_found' });
    await expect(order([{ productId: product.id, qty: 0 }])).rejects.toThrow(/quantity/);
  });

  it('restoreDailyStock refills every product to its daily stock and clears sold-out marks', async () => {
    const before = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from products where account_id = ${shop} and (sold_out or stock_left is distinct from daily_stock)`,
    );
    expect(Number(before[0]!.n)).toBeGreaterThan(0);
    const done = await restoreDailyStock(t.db, shop);
    expect(done.products.length).toBe(Number(before[0]!.n));
    const left = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from products where account_id = ${shop} and (sold_out or stock_left is distinct from daily_stock)`,
    );
    expect(Number(left[0]!.n)).toBe(0);
  });
});
