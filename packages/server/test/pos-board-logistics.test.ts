// Issue 7: the logistics simulator moves accepted delivery orders through spec 000 §4's logistics statuses
// (matching → en route for pickup → picked up → delivered; a late one overdue → customer service), each
// step a feed event, until the logistics issue wires real vendors.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { advanceLogistics, goesOverdue, nextLogisticsStatus } from '../src/adapters/logistics/simulator';
import { businesses, orderEvents, orders } from '../src/db/schema';
import { build } from './helpers';
import { placeOrder, pos, posShop } from './pos-board-fixtures';

const t = await build();
const a = await posShop(t, await t.signedIn('eaa'));
await t.db.update(businesses).set({ isLogistic: true }).where(eq(businesses.accountId, a.accountId));
const near = { address: '台北市信義區市府路1號', lat: 25.0375, lng: 121.5637 };
const min = (n: number, from: Date) => new Date(from.getTime() + n * 60_000);
const logisticsOf = async (id: number) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!.logisticsStatus;

describe('logistics simulator', () => {
  it('an accepted delivery order goes matching → en_route_pickup → picked_up → delivered on schedule', async () => {
    let order = await placeOrder(t, a.accountId, a.productId, { mealType: 'delivery', delivery: near });
    while (goesOverdue(order.id))
      order = await placeOrder(t, a.accountId, a.productId, { mealType: 'delivery', delivery: near });
    const accepted = await pos(t, 'POST', `/qcpos/board/orders/${order.id}/accept`, a.auth, {});
    expect(accepted.json().order.logisticsStatus).toBe('matching');
    const start = new Date();
    expect(await advanceLogistics(t.db, min(0.5, start))).toBe(0); // not due yet
    expect(await logisticsOf(order.id)).toBe('matching');
    await advanceLogistics(t.db, min(1.1, start));
    expect(await logisticsOf(order.id)).toBe('en_route_pickup');
    await advanceLogistics(t.db, min(2, start)); // 3 minutes after the last change, not yet
    expect(await logisticsOf(order.id)).toBe('en_route_pickup');
    await advanceLogistics(t.db, min(4.2, start));
    expect(await logisticsOf(order.id)).toBe('picked_up');
    await advanceLogistics(t.db, min(10.3, start));
    expect(await logisticsOf(order.id)).toBe('delivered');
    expect(await advanceLogistics(t.db, min(60, start))).toBe(0); // final
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.filter((e) => e.kind === 'logistics').map((e) => e.data)).toEqual([
      { from: 'matching', to: 'en_route_pickup' },
      { from: 'en_route_pickup', to: 'picked_up' },
      { from: 'picked_up', to: 'delivered' },
    ]);
    // the board shows it
    const card = (await pos(t, 'GET', `/qcpos/board/orders/${order.id}`, a.auth)).json().order;
    expect(card.logisticsStatus).toBe('delivered');
  });

  it('a late delivery goes overdue, then to customer service; the rule is by order id', () => {
    expect(nextLogisticsStatus(17, 'picked_up')).toBe('overdue');
    expect(nextLogisticsStatus(18, 'picked_up')).toBe('delivered');
    expect(nextLogisticsStatus(17, 'overdue')).toBe('customer_service');
    expect(nextLogisticsStatus(17, 'delivered')).toBeNull();
  });

  it('a canceled order stops (canceled logistics) and to-go orders never get a logistics status', async () => {
    const order = await placeOrder(t, a.accountId, a.productId, { mealType: 'delivery', delivery: near });
    await pos(t, 'POST', `/qcpos/board/orders/${order.id}/accept`, a.auth, {});
    await pos(t, 'POST', `/qcpos/board/orders/${order.id}/cancel`, a.auth, { reason: '顧客要求取消' });
    expect(await logisticsOf(order.id)).toBe('canceled');
    const togo = await placeOrder(t, a.accountId, a.productId);
    await pos(t, 'POST', `/qcpos/board/orders/${togo.id}/accept`, a.auth, {});
    await advanceLogistics(t.db, min(30, new Date()));
    expect(await logisticsOf(order.id)).toBe('canceled');
    expect(await logisticsOf(togo.id)).toBeNull();
  });
});
