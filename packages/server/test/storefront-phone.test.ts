// the shop edit form's phone switches (spec 000 §3 isPhoneRequired / isNotPhone) at order intake:
// required, optional or not asked (a delivery always needs one); an order without a phone matches no banned
// phone, cannot be blocked by phone, and takes no new-member or per-customer promotion.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bannedCustomers, businesses, orders } from '../src/db/schema';
import { build } from './helpers';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

describe('phone switches at order intake', async () => {
  const t = await build();
  const eaa = await t.signedIn('eaa');
  const shop = await openShop(t, eaa);
  const sid = shop.accountId;
  const set = (v: Partial<typeof businesses.$inferInsert>) =>
    t.db.update(businesses).set(v).where(eq(businesses.accountId, sid));
  const phoneOf = async (id: number) =>
    (await t.db.select({ p: orders.customerPhone }).from(orders).where(eq(orders.id, id)))[0]!.p;
  const noPhone = (extra: Record<string, unknown> = {}) =>
    orderBody(shop.productId, { customer: { name: '王小明', phone: '' }, ...extra });

  it('refuses an order without a phone while the shop requires one (the default)', async () => {
    const res = await postOrder(t, sid, noPhone());
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.code).toBe('PHONE_REQUIRED');
    expect(res.json().error.message).toBe('請填寫手機號碼');
  });

  it('takes an order without a phone when the phone is optional, but never a malformed one', async () => {
    await set({ isPhoneRequired: false, isNotPhone: false });
    const res = await postOrder(t, sid, noPhone());
    expect(res.statusCode, res.body).toBe(201);
    expect(await phoneOf(res.json().order.id)).toBe('');
    const bad = await postOrder(
      t,
      sid,
      orderBody(shop.productId, { customer: { name: '王', phone: '12ab' } }),
    );
    expect(bad.statusCode).toBe(400);
  });

  it('a hidden phone field keeps no phone, yet a delivery still needs one', async () => {
    await set({ isPhoneRequired: true, isNotPhone: true });
    const res = await postOrder(t, sid, orderBody(shop.productId));
    expect(res.statusCode, res.body).toBe(201);
    expect(await phoneOf(res.json().order.id)).toBe('');
    const delivery = await postOrder(
      t,
      sid,
      noPhone({
        mealType: 'delivery',
        delivery: { address: '台北市信義區市府路1號', lat: 25.034, lng: 121.566 },
      }),
    );
    expect(delivery.statusCode, delivery.body).toBe(422);
    expect(delivery.json().error.code).toBe('PHONE_REQUIRED');
  });

  it('an order without a phone matches no banned phone and cannot be blocked', async () => {
    await set({ isPhoneRequired: false, isNotPhone: false });
    // a listed empty phone (as an old row might hold) must not block every phoneless customer
    await t.db
      .insert(bannedCustomers)
      .values({ accountId: sid, phone: '', customerName: '?', reason: 'x', createdBy: 'test' });
    const res = await postOrder(t, sid, noPhone());
    expect(res.statusCode, res.body).toBe(201);
    const block = await t.app.inject({
      method: 'POST',
      url: `/console/apis/eaa/summary/orders/${res.json().order.id}/block`,
      headers: eaa.headers,
      payload: { reason: '惡意訂單' },
    });
    expect(block.statusCode, block.body).toBe(422);
    expect(block.json().error.code).toBe('NO_PHONE');
  });
});
