import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderPromotions, promotions } from '../src/db/schema';
import { build } from './helpers';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

const taipeiDate = (days: number) =>
  new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

// usage limits are counted atomically, so two customers can never both take a last use. On
// PostgreSQL (project api-postgres) the orders really run at once on separate connections.
describe('promotion usage under concurrent orders', async () => {
  const t = await build();
  const eaa = await t.signedIn('eaa');

  it('a promotion with one use left gives it to exactly one of many simultaneous customers', async () => {
    const s = await openShop(t, eaa);
    const created = await t.app.inject({
      method: 'POST',
      url: `/console/apis/eaa/shops/${s.accountId}/promotions`,
      headers: eaa.headers,
      payload: {
        businessId: s.accountId,
        promotion: {
          form: 'config',
          duration: { start: taipeiDate(0), end: taipeiDate(3) },
          settings: {
            all: {
              checked: true,
              general: { discountType: 'fixed', amount: 20, totalUsage: 1 },
              usageRestrctions: { restrictionType: 'none', value: 0 },
            },
          },
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().insertId as number;
    await t.db.update(promotions).set({ enabled: true }).where(eq(promotions.id, id));

    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        postOrder(t, s.accountId, {
          ...orderBody(s.productId),
          customer: { name: '客', phone: `09220000${10 + i}` },
        }),
      ),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(201);
    const discounts = results.map((r) => r.json().order.discount as number);
    expect(discounts.filter((d) => d === 20)).toHaveLength(1);
    expect(discounts.filter((d) => d === 0)).toHaveLength(7);
    const [row] = await t.db.select().from(promotions).where(eq(promotions.id, id));
    expect(row!.usedCount).toBe(1);
    expect(await t.db.select().from(orderPromotions).where(eq(orderPromotions.promotionId, id))).toHaveLength(
      1,
    );
  });
});
