// a delivery order gets a courier through the vendor adapter (Lalamove API v3 shape): the request
// and cancel as outbox jobs (429 retried), the vendor's signed status webhooks moving the order's logistics
// status (spec 000 §4) through the board feed, bad and replayed webhooks refused, logistics recall (spec 002
// §12) placing a new courier order. Replaces the clock-driven logistics simulator of .
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createLalamoveClient } from '../src/adapters/delivery/client';
import { signRequest } from '../src/adapters/delivery/signature';
import { createDeliverySimulator } from '../src/adapters/delivery/simulator';
import { listenSimulator } from '../src/adapters/simulator-host';
import { buildApp } from '../src/app';
import { businesses, deliveries, orderEvents, orders, outboxJobs, shopLogistics } from '../src/db/schema';
import { LALAMOVE_WEBHOOK_PATH } from '../src/features/delivery/delivery/webhook';
import { build } from './helpers';
import { placeOrder, pos, posShop } from './pos-board-fixtures';

const KEY = 'pk_test_platform';
const SECRET = 'sk_test_platform_secret';
const sim = createDeliverySimulator({ accounts: { [KEY]: SECRET } });
const simHost = await listenSimulator(sim);
afterAll(() => simHost.close());
const t = await build({
  delivery: {
    api: createLalamoveClient({ baseUrl: simHost.url, apiKey: KEY, apiSecret: SECRET }),
    apiKey: KEY,
    apiSecret: SECRET,
  },
});
await t.app.listen({ port: 0, host: '127.0.0.1' });
const appUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
sim.setWebhookUrl(`${appUrl}${LALAMOVE_WEBHOOK_PATH}`);

const a = await posShop(t, await t.signedIn('eaa'));
await t.db.update(businesses).set({ isLogistic: true }).where(eq(businesses.accountId, a.accountId));
const gaa = await t.signedIn('gaa');
const near = { address: '台北市信義區市府路1號', lat: 25.0375, lng: 121.5637 };

const orderOf = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const deliveriesOf = (id: number) =>
  t.db.select().from(deliveries).where(eq(deliveries.orderId, id)).orderBy(deliveries.id);
const logisticsEvents = async (id: number) =>
  (await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(orderEvents.id))
    .filter((e) => e.kind === 'logistics')
    .map((e) => (e.data as { to: string }).to);
const acceptedDelivery = async () => {
  const order = await placeOrder(t, a.accountId, a.productId, { mealType: 'delivery', delivery: near });
  const res = await pos(t, 'POST', `/qcpos/board/orders/${order.id}/accept`, a.auth, {});
  expect(res.statusCode, res.body).toBe(200);
  return order;
};
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100 && !(await check()); i += 1) await new Promise((r) => setTimeout(r, 20));
  expect(await check()).toBe(true);
};
/** A webhook as the vendor sends it, signed with `secret` over the path and `data`. */
const webhook = (data: unknown, secret = SECRET, timestamp = String(Date.now())) =>
  t.app.inject({
    method: 'POST',
    url: LALAMOVE_WEBHOOK_PATH,
    payload: {
      apiKey: KEY,
      timestamp,
      signature: signRequest(secret, timestamp, 'POST', LALAMOVE_WEBHOOK_PATH, JSON.stringify(data)),
      eventType: 'ORDER_STATUS_CHANGED',
      data,
    },
  });

describe('courier request', () => {
  it('an accepted delivery order gets a courier: the vendor receives a signed quotation and order', async () => {
    const before = sim.requests.length;
    const order = await acceptedDelivery();
    expect((await orderOf(order.id)).logisticsStatus).toBe('matching');
    expect(await t.app.outbox.drain()).toBeGreaterThan(0);
    expect(sim.requests.slice(before).map((r) => `${r.method} ${r.path} ${r.apiKey}`)).toEqual([
      `POST /v3/quotations ${KEY}`,
      `POST /v3/orders ${KEY}`,
    ]);
    const [d] = await deliveriesOf(order.id);
    expect(d).toMatchObject({ vendor: 'lala', vendorStatus: 'ASSIGNING_DRIVER', accountId: a.accountId });
    expect(sim.orders.get(d!.vendorOrderId!)?.status).toBe('ASSIGNING_DRIVER');
    expect(Number(d!.priceTotal)).toBeGreaterThan(0);
    // a second drain places nothing more
    await t.app.outbox.drain();
    expect(await deliveriesOf(order.id)).toHaveLength(1);
  });

  it('signed webhooks move the order through the statuses; the board shows them', async () => {
    const order = await acceptedDelivery();
    await t.app.outbox.drain();
    const [d] = await deliveriesOf(order.id);
    for (let i = 0; i < 3; i += 1) await sim.advance(d!.vendorOrderId!);
    expect(sim.webhooks.slice(-3).map((w) => w.status)).toEqual([200, 200, 200]);
    expect((await orderOf(order.id)).logisticsStatus).toBe('delivered');
    expect(await logisticsEvents(order.id)).toEqual(['en_route_pickup', 'picked_up', 'delivered']);
    const [after] = await deliveriesOf(order.id);
    expect(after).toMatchObject({ vendorStatus: 'COMPLETED', driver: { driverId: expect.any(String) } });
    const card = (await pos(t, 'GET', `/qcpos/board/orders/${order.id}`, a.auth)).json().order;
    expect(card.logisticsStatus).toBe('delivered');
  });

  it('an auto-accepted storefront delivery order gets a courier too', async () => {
    await t.db.update(businesses).set({ isLogistic: true }).where(eq(businesses.accountId, a.accountId));
    const { accounts } = await import('../src/db/schema');
    await t.db.update(accounts).set({ isManual: false }).where(eq(accounts.id, a.accountId));
    const order = await placeOrder(t, a.accountId, a.productId, { mealType: 'delivery', delivery: near });
    expect(order.status).toBe('accepted');
    await t.app.outbox.drain();
    expect((await orderOf(order.id)).logisticsStatus).toBe('matching');
    expect(await deliveriesOf(order.id)).toHaveLength(1);
    await t.db.update(accounts).set({ isManual: true }).where(eq(accounts.id, a.accountId));
  });

  it('a 429 from the vendor is retried later', async () => {
    const order = await acceptedDelivery();
    sim.failNext(429);
    await t.app.outbox.drain();
    expect(await deliveriesOf(order.id)).toHaveLength(0);
    const [job] = await t.db
      .select()
      .from(outboxJobs)
      .where(eq(outboxJobs.dedupeKey, `${order.id}:first`));
    expect(job).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('429') });
    await t.app.outbox.drain({ now: new Date(Date.now() + 3_600_000) });
    expect(await deliveriesOf(order.id)).toHaveLength(1);
  });

  it('a courier booked while the database refuses its row is canceled at the vendor; the retry books one', async () => {
    // one booking first, so the simulator's next vendor order id is known (they count up by one)
    const earlier = await acceptedDelivery();
    await t.app.outbox.drain();
    const last = Math.max(...[...sim.orders.keys()].map(Number));
    const next = String(last + 1);
    // a row already holding that id makes the new booking's row fail (deliveries_vendor_order_unique)
    await t.db
      .insert(deliveries)
      .values({ orderId: earlier.id, accountId: a.accountId, vendor: 'lala', vendorOrderId: next });
    const order = await acceptedDelivery();
    await t.app.outbox.drain();
    expect(sim.orders.get(next)?.status).toBe('CANCELED');
    expect(await deliveriesOf(order.id)).toHaveLength(0);
    const [job] = await t.db
      .select()
      .from(outboxJobs)
      .where(eq(outboxJobs.dedupeKey, `${order.id}:first`));
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    await t.app.outbox.drain({ now: new Date(Date.now() + 3_600_000) });
    const [d] = await deliveriesOf(order.id);
    expect(d!.vendorOrderId).toBe(String(last + 2));
    expect(sim.orders.get(d!.vendorOrderId!)?.status).toBe('ASSIGNING_DRIVER');
    // no courier of this order is left running at the vendor but the recorded one
    expect((await orderOf(order.id)).logisticsStatus).toBe('matching');
  });

  it('a shop delivering itself gets no courier', async () => {
    const self = await posShop(t, await t.signedIn('eaa'));
    const order = await placeOrder(t, self.accountId, self.productId, {
      mealType: 'delivery',
      delivery: near,
    });
    await pos(t, 'POST', `/qcpos/board/orders/${order.id}/accept`, self.auth, {});
    await t.app.outbox.drain();
    expect(await deliveriesOf(order.id)).toHaveLength(0);
    expect((await orderOf(order.id)).logisticsStatus).toBeNull();
  });

  // spec 001 §3 logisticMode: 'manual' waits for the operator (logistics recall); only 'auto' sends one on accept
  it('a platform shop that dispatches by hand gets no courier on accept; one that dispatches automatically does', async () => {
    const shop = await posShop(t, await t.signedIn('eaa'));
    await t.db.update(businesses).set({ isLogistic: true }).where(eq(businesses.accountId, shop.accountId));
    // manual dispatch needs the shop's own (private) wallet: with the platform's public wallet a stored
    // 'manual' reads as auto (contract manualAllowed); auto here books on the platform's account
    const mode = (m: 'auto' | 'manual') => {
      const set = { mode: m, wallet: m === 'manual' ? ('private' as const) : ('public' as const) };
      return t.db
        .insert(shopLogistics)
        .values({
          accountId: shop.accountId,
          platform: 'platform',
          defaultVendor: 'lala',
          gitDefaultVendor: 'lala',
          ...set,
        })
        .onConflictDoUpdate({ target: shopLogistics.accountId, set });
    };
    const accepted = async () => {
      const order = await placeOrder(t, shop.accountId, shop.productId, {
        mealType: 'delivery',
        delivery: near,
      });
      const res = await pos(t, 'POST', `/qcpos/board/orders/${order.id}/accept`, shop.auth, {});
      expect(res.statusCode, res.body).toBe(200);
      await t.app.outbox.drain();
      return order;
    };
    await mode('manual');
    const byHand = await accepted();
    // no request was queued and no courier booked: the order waits "matching" for the operator's recall
    const requests = await t.db
      .select()
      .from(outboxJobs)
      .where(eq(outboxJobs.dedupeKey, `${byHand.id}:first`));
    expect(requests).toHaveLength(0);
    expect(await deliveriesOf(byHand.id)).toHaveLength(0);
    expect((await orderOf(byHand.id)).logisticsStatus).toBe('matching');
    await mode('auto');
    const auto = await accepted();
    expect(await deliveriesOf(auto.id)).toHaveLength(1);
  });
});

describe('status webhook', () => {
  it('a bad signature, an unknown key or an old timestamp is 401; a replay is refused; repeats change nothing', async () => {
    const order = await acceptedDelivery();
    await t.app.outbox.drain();
    const [d] = await deliveriesOf(order.id);
    const data = { order: { orderId: d!.vendorOrderId, status: 'ON_GOING', driverId: 'D1' } };
    expect((await webhook(data, 'wrong-secret')).statusCode).toBe(401);
    expect((await webhook(data, SECRET, String(Date.now() - 10 * 60_000))).statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'POST',
      url: LALAMOVE_WEBHOOK_PATH,
      payload: { apiKey: 'pk_other', timestamp: String(Date.now()), signature: 'a'.repeat(64), data },
    });
    expect(unknown.statusCode).toBe(401);
    expect((await orderOf(order.id)).logisticsStatus).toBe('matching');

    const ts = String(Date.now());
    const good = await webhook(data, SECRET, ts);
    expect(good.statusCode, good.body).toBe(200);
    expect((await orderOf(order.id)).logisticsStatus).toBe('en_route_pickup');
    const replay = await webhook(data, SECRET, ts);
    expect(replay.statusCode).toBe(401);
    // the vendor sending the same status again (a new signature) is a no-op; an older status cannot move it back
    expect((await webhook(data)).statusCode).toBe(200);
    expect(
      (await webhook({ order: { orderId: d!.vendorOrderId, status: 'ASSIGNING_DRIVER' } })).statusCode,
    ).toBe(200);
    expect((await orderOf(order.id)).logisticsStatus).toBe('en_route_pickup');
    expect(await logisticsEvents(order.id)).toEqual(['en_route_pickup']);
    // an order the server does not know is acknowledged and ignored
    expect((await webhook({ order: { orderId: '42', status: 'COMPLETED' } })).statusCode).toBe(200);
  });

  it('overdue (no driver in time) and customer service (driver gave it back) reach the order', async () => {
    const late = await acceptedDelivery();
    const back = await acceptedDelivery();
    await t.app.outbox.drain();
    const [dl] = await deliveriesOf(late.id);
    const [db_] = await deliveriesOf(back.id);
    await sim.advance(dl!.vendorOrderId!, 'EXPIRED');
    await sim.advance(db_!.vendorOrderId!);
    await sim.advance(db_!.vendorOrderId!, 'REJECTED');
    expect((await orderOf(late.id)).logisticsStatus).toBe('overdue');
    expect((await orderOf(back.id)).logisticsStatus).toBe('customer_service');
  });
});

describe('webhook replays and late statuses', () => {
  const vendor = {
    api: createLalamoveClient({ baseUrl: simHost.url, apiKey: KEY, apiSecret: SECRET }),
    apiKey: KEY,
    apiSecret: SECRET,
  };
  it('a replay after a restart (a new app on the same database) is refused and changes nothing', async () => {
    const order = await acceptedDelivery();
    await t.app.outbox.drain();
    const [d] = await deliveriesOf(order.id);
    const ts = String(Date.now());
    const onGoing = { order: { orderId: d!.vendorOrderId, status: 'ON_GOING', driverId: 'D1' } };
    expect((await webhook(onGoing, SECRET, ts)).statusCode).toBe(200);
    expect((await webhook({ order: { orderId: d!.vendorOrderId, status: 'PICKED_UP' } })).statusCode).toBe(
      200,
    );
    const next = await buildApp({
      config: {
        sessionSecret: 'test-secret-test-secret-test-secret-000',
        nodeEnv: 'test',
        trustProxy: false,
        publicUrl: undefined,
      },
      database: t.database,
      delivery: vendor,
    });
    await next.ready();
    try {
      const replay = await next.inject({
        method: 'POST',
        url: LALAMOVE_WEBHOOK_PATH,
        payload: {
          apiKey: KEY,
          timestamp: ts,
          signature: signRequest(SECRET, ts, 'POST', LALAMOVE_WEBHOOK_PATH, JSON.stringify(onGoing)),
          eventType: 'ORDER_STATUS_CHANGED',
          data: onGoing,
        },
      });
      expect(replay.statusCode).toBe(401);
    } finally {
      await next.close();
    }
    const [after] = await deliveriesOf(order.id);
    expect(after!.vendorStatus).toBe('PICKED_UP');
    expect((await orderOf(order.id)).logisticsStatus).toBe('picked_up');
  });

  it('an older status signed after a newer one leaves the newer vendor status', async () => {
    const order = await acceptedDelivery();
    await t.app.outbox.drain();
    const [d] = await deliveriesOf(order.id);
    const id = d!.vendorOrderId;
    expect((await webhook({ order: { orderId: id, status: 'PICKED_UP', driverId: 'D2' } })).statusCode).toBe(
      200,
    );
    expect((await webhook({ order: { orderId: id, status: 'ON_GOING', driverId: 'D9' } })).statusCode).toBe(
      200,
    );
    expect((await webhook({ order: { orderId: id, status: 'ASSIGNING_DRIVER' } })).statusCode).toBe(200);
    const [after] = await deliveriesOf(order.id);
    expect(after).toMatchObject({ vendorStatus: 'PICKED_UP', driver: { driverId: 'D2' } });
    expect((await orderOf(order.id)).logisticsStatus).toBe('picked_up');
    // a final status stays final too
    expect((await webhook({ order: { orderId: id, status: 'COMPLETED' } })).statusCode).toBe(200);
    expect((await webhook({ order: { orderId: id, status: 'PICKED_UP' } })).statusCode).toBe(200);
    expect((await deliveriesOf(order.id))[0]!.vendorStatus).toBe('COMPLETED');
  });
});

describe('cancel and recall', () => {
  it('canceling the order cancels the courier at the vendor', async () => {
    const order = await acceptedDelivery();
    await t.app.outbox.drain();
    const [d] = await deliveriesOf(order.id);
    await sim.advance(d!.vendorOrderId!); // a driver is on the way
    const res = await pos(t, 'POST', `/qcpos/board/orders/${order.id}/cancel`, a.auth, {
      reason: '顧客要求取消',
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.outbox.drain();
    expect(sim.orders.get(d!.vendorOrderId!)?.status).toBe('CANCELED');
    const [after] = await deliveriesOf(order.id);
    expect(after!.vendorStatus).toBe('CANCELED');
    expect((await orderOf(order.id)).logisticsStatus).toBe('canceled');
  });

  it('an order canceled before its courier was placed gets none (or has it canceled)', async () => {
    const order = await acceptedDelivery();
    await pos(t, 'POST', `/qcpos/board/orders/${order.id}/cancel`, a.auth, { reason: '顧客要求取消' });
    await t.app.outbox.drain();
    expect(await deliveriesOf(order.id)).toHaveLength(0);
  });

  it('logistics recall places a new courier order; a still-running old one is canceled', async () => {
    const order = await acceptedDelivery();
    await t.app.outbox.drain();
    const [first] = await deliveriesOf(order.id);
    await sim.advance(first!.vendorOrderId!, 'EXPIRED');
    expect((await orderOf(order.id)).logisticsStatus).toBe('overdue');
    const res = await t.app.inject({
      method: 'POST',
      url: `/console/apis/gaa/orders/${order.id}/logistic-recall`,
      headers: gaa.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.outbox.drain();
    const two = await deliveriesOf(order.id);
    expect(two).toHaveLength(2);
    expect(two[1]!.vendorOrderId).not.toBe(first!.vendorOrderId);
    expect(sim.orders.get(two[1]!.vendorOrderId!)?.status).toBe('ASSIGNING_DRIVER');
    expect((await orderOf(order.id)).logisticsStatus).toBe('matching');

    // recalled again while that courier is still being matched: the old vendor order is canceled
    const again = await t.app.inject({
      method: 'POST',
      url: `/console/apis/gaa/orders/${order.id}/logistic-recall`,
      headers: gaa.headers,
    });
    expect(again.statusCode, again.body).toBe(200);
    await t.app.outbox.drain();
    const three = await deliveriesOf(order.id);
    expect(three).toHaveLength(3);
    expect(sim.orders.get(two[1]!.vendorOrderId!)?.status).toBe('CANCELED');
    expect(three[1]!.vendorStatus).toBe('CANCELED');
    // the replaced courier's late webhook does not touch the order; the new one's does
    await until(async () =>
      sim.webhooks.some((w) => JSON.stringify(w.body).includes(two[1]!.vendorOrderId!)),
    );
    expect((await orderOf(order.id)).logisticsStatus).toBe('matching');
    await sim.advance(three[2]!.vendorOrderId!);
    expect((await orderOf(order.id)).logisticsStatus).toBe('en_route_pickup');
  });
});
