// spec 002 §7 POST /gaa/orders/{id}/logistic-recall (§8: 物流請求已送出): a courier is requested again, under
// the contract's recallRefusal (the order drawer's button uses the same rule).
import { RECALL_MESSAGES } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businesses, orderEvents, orders } from '../src/db/schema';
import { build } from './helpers';
import { placeOrder, pos, posShop } from './pos-board-fixtures';

const t = await build();
const a = await posShop(t, await t.signedIn('eaa'));
await t.db.update(businesses).set({ isLogistic: true }).where(eq(businesses.accountId, a.accountId));
// a shop that delivers by itself: no platform courier
const own = await posShop(t, await t.signedIn('eaa'));
const gaa = await t.signedIn('gaa');
const eaa = await t.signedIn('eaa');
const si = await t.signedIn('si');
const near = { address: '台北市信義區市府路1號', lat: 25.0375, lng: 121.5637 };
const recall = (id: number, headers?: { cookie: string }) =>
  t.app.inject({ method: 'POST', url: `/console/apis/gaa/orders/${id}/logistic-recall`, headers });
const acceptedDelivery = async (shop = a) => {
  const order = await placeOrder(t, shop.accountId, shop.productId, { mealType: 'delivery', delivery: near });
  await pos(t, 'POST', `/qcpos/board/orders/${order.id}/accept`, shop.auth, {});
  return order;
};
const detail = async (id: number) =>
  (
    await t.app.inject({ method: 'GET', url: `/console/apis/gaa/summary/orders/${id}`, headers: gaa.headers })
  ).json().order;

describe('logistics recall', () => {
  it('401 without a session, 403 for eaa and si, 404 for no such order', async () => {
    expect((await recall(1)).statusCode).toBe(401);
    expect((await recall(1, eaa.headers)).statusCode).toBe(403);
    expect((await recall(1, si.headers)).statusCode).toBe(403);
    expect((await recall(999_999, gaa.headers)).statusCode).toBe(404);
  });

  it('an overdue delivery goes back to matching, with a feed event and 物流請求已送出', async () => {
    const order = await acceptedDelivery();
    await t.db.update(orders).set({ logisticsStatus: 'overdue' }).where(eq(orders.id, order.id));
    expect(await detail(order.id)).toMatchObject({ courier: 'auto', logisticsStatus: 'overdue' });
    const res = await recall(order.id, gaa.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: RECALL_MESSAGES.sent.zh });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.logisticsStatus).toBe('matching');
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.at(-1)).toMatchObject({
      kind: 'logistics',
      data: { from: 'overdue', to: 'matching', recall: true },
    });
  });

  it('refused (409) with the reason while the courier has the food', async () => {
    const order = await acceptedDelivery();
    await t.db.update(orders).set({ logisticsStatus: 'picked_up' }).where(eq(orders.id, order.id));
    const res = await recall(order.id, gaa.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(RECALL_MESSAGES.courierBusy.zh);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.logisticsStatus).toBe('picked_up');
  });

  it('a to-go order: 409 "not a delivery order"; a self-delivering shop: 409 "no platform courier"', async () => {
    const togo = await placeOrder(t, a.accountId, a.productId, {});
    const res = await recall(togo.id, gaa.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(RECALL_MESSAGES.notDelivery.zh);
    expect((await detail(togo.id)).courier).toBeNull();

    const selfie = await acceptedDelivery(own);
    expect((await detail(selfie.id)).courier).toBeNull();
    const refused = await recall(selfie.id, gaa.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(RECALL_MESSAGES.noCourier.zh);
  });

  it('a delivery not accepted yet: 409 "only an accepted delivery"', async () => {
    const order = await placeOrder(t, a.accountId, a.productId, { mealType: 'delivery', delivery: near });
    const res = await recall(order.id, gaa.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(RECALL_MESSAGES.notAccepted.zh);
  });
});
