import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { products } from '../src/db/schema';
import { shopClock } from '../src/jobs/local-clock';
import { runStockRestore } from '../src/schedule/stock-restore';
import { build } from './helpers';
import { seedSmallMenu } from './menus-fixtures';

// The daily stock restore (spec 001 §2.2 is_auto_restore_stock, reset_time in Asia/Taipei):
// safe when several server instances run it at once.
describe('scheduled stock restore', async () => {
  const t = await build();
  const eaa = await t.signedIn('eaa');
  const shopAt = async (name: string, resetTime: string, isAutoRestoreStock = true) => {
    const id = (await t.createShop({ name, ownerUserId: eaa.user.id, resetTime, isAutoRestoreStock })).account
      .id;
    const { product } = await seedSmallMenu(t, 'eaa', eaa.headers, id, { dailyStock: 30 });
    await t.db.update(products).set({ stockLeft: 3, soldOut: true }).where(eq(products.id, product.id));
    return { id, productId: product.id };
  };
  const stock = async (productId: number) =>
    (await t.db.select().from(products).where(eq(products.id, productId)))[0]!;
  // 2026-03-10 00:30 in Taipei is 2026-03-09 16:30 UTC.
  const at0030 = new Date('2026-03-09T16:30:00Z');

  const early = await shopAt('早餐店 A', '00:10:00');
  const late = await shopAt('晚班店 B', '04:00');
  const off = await shopAt('手動店 C', '00:00:00', false);

  it('reads the clock in Asia/Taipei', () => {
    expect(shopClock(at0030)).toEqual({ date: '2026-03-10', time: '00:30' });
  });

  it('two instances running at once restore each due shop exactly once', async () => {
    const [a, b] = await Promise.all([
      runStockRestore(t.db, at0030, 'instance-a'),
      runStockRestore(t.db, at0030, 'instance-b'),
    ]);
    expect([...a, ...b]).toEqual([early.id]);
    expect(await stock(early.productId)).toMatchObject({ stockLeft: 30, soldOut: false });
    // Not yet its reset time; switch off: untouched.
    expect(await stock(late.productId)).toMatchObject({ stockLeft: 3, soldOut: true });
    expect(await stock(off.productId)).toMatchObject({ stockLeft: 3, soldOut: true });
    const runs = await queryRows<{ account_id: number; local_date: string; runner: string }>(
      t.db,
      sql`select account_id, local_date::text as local_date, runner from job_runs where job = 'stock-restore'`,
    );
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ account_id: early.id, local_date: '2026-03-10' });
    const audits = await queryRows<{ user_name: string; console_type: string }>(
      t.db,
      sql`select user_name, console_type from audit_records where account_id = ${early.id} and display_log like '%自動補滿%'`,
    );
    expect(audits).toEqual([{ user_name: '系統排程', console_type: 'system' }]);
  });

  it('does not restore again the same day, even after the stock sold down', async () => {
    await t.db.update(products).set({ stockLeft: 1 }).where(eq(products.id, early.productId));
    expect(await runStockRestore(t.db, new Date('2026-03-10T10:00:00Z'))).toEqual([late.id]);
    expect((await stock(early.productId)).stockLeft).toBe(1);
    expect(await stock(late.productId)).toMatchObject({ stockLeft: 30, soldOut: false });
  });

  it('restores again the next local day', async () => {
    const nextDay = new Date('2026-03-10T16:15:00Z'); // 2026-03-11 00:15 Taipei
    expect(await runStockRestore(t.db, nextDay)).toEqual([early.id]);
    expect((await stock(early.productId)).stockLeft).toBe(30);
  });
});
