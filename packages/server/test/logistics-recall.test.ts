// spec 002 §7 POST /gaa/orders/{id}/logistic-recall (§8: 物流請求已送出): a courier is requested again.
import { LOGISTICS_MESSAGES } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businesses, orderEvents, orders } from '../src/db/schema';
import { build } from './helpers';
import { placeOrder, pos, posShop } from './pos-board-fixtures';

const t = await build();
const a = await posShop(t, await t.signedIn('eaa'));
await t.db.update(businesses).set({ isLogistic: true }).where(eq(businesses.accountId, a.accountId));
const gaa = await t.signedIn('gaa');
const eaa = await t.signedIn('eaa');
const near = { address: '台北市信義區市府路1號', lat: 25.0375, lng: 121.5637 };
const recall = (id: number, headers?: { cookie: string }) =>
  t.app.inject({ method: 'POST', url: `/console/apis/gaa/orders/${id}/logistic-recall`, headers });

describe('logistics recall', () => {
  it('401 without a session, 403 for a non-gaa, 404 for no such order', async () => {
    expect((await recall(1)).statusCode).toBe(401);
    expect((await recall(1, eaa.headers)).statusCode).toBe(403);
    expect((await recall(999_999, gaa.headers)).statusCode).toBe(404);
  });

  it('an overdue delivery goes back to matching, with a feed event and 物流請求已送出', async () => {
    const order = await placeOrder(t, a.accountId, a.productId, { mealType: 'delivery', delivery: near });
    await pos(t, 'POST', `/qcpos/board/orders/${order.id}/accept`, a.auth, {});
    await t.db.update(orders).set({ logisticsStatus: 'overdue' }).where(eq(orders.id, order.id));
    const res = await recall(order.id, gaa.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: LOGISTICS_MESSAGES.recallSent.zh });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.logisticsStatus).toBe('matching');
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.at(-1)).toMatchObject({
      kind: 'logistics',
      data: { from: 'overdue', to: 'matching', recall: true },
    });
  });

  it('refused (409) while the courier has the food, and for a to-go order', async () => {
    const order = await placeOrder(t, a.accountId, a.productId, { mealType: 'delivery', delivery: near });
    await pos(t, 'POST', `/qcpos/board/orders/${order.id}/accept`, a.auth, {});
    await t.db.update(orders).set({ logisticsStatus: 'picked_up' }).where(eq(orders.id, order.id));
    const res = await recall(order.id, gaa.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(LOGISTICS_MESSAGES.recallRefused.zh);
    const togo = await placeOrder(t, a.accountId, a.productId, {});
    expect((await recall(togo.id, gaa.headers)).statusCode).toBe(409);
  });
});
