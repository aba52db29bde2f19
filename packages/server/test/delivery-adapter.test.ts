// the delivery-vendor adapter shaped on Lalamove API v3 and its simulator (signatures: good, bad,
// replayed, expired), statuses moved through spec 000 §4's logistics statuses and pushed as signed webhooks.
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createLalamoveClient } from '../src/adapters/delivery/client';
import { DeliveryApiError, LOGISTICS_OF_STATUS } from '../src/adapters/delivery/delivery-api';
import { authorizationHeader, verifyWebhook } from '../src/adapters/delivery/signature';
import { createDeliverySimulator } from '../src/adapters/delivery/simulator';
import { listenSimulator } from '../src/adapters/simulator-host';

const KEY = 'pk_test_shop';
const SECRET = 'sk_test_secret';
const received: {
  apiKey: string;
  timestamp: string;
  signature: string;
  data: { order: { orderId: string; status: string } };
}[] = [];
const receiver = Fastify();
receiver.post('/hooks/lalamove', async (req) => {
  received.push(req.body as (typeof received)[number]);
  return {};
});
const hook = await listenSimulator(receiver);
const sim = createDeliverySimulator({
  accounts: { [KEY]: SECRET },
  webhookUrl: `${hook.url}/hooks/lalamove`,
});
const { url } = await listenSimulator(sim);
afterAll(async () => {
  await sim.close();
  await hook.close();
});
const client = createLalamoveClient({ baseUrl: url, apiKey: KEY, apiSecret: SECRET });
const taipei101 = { lat: 25.033964, lng: 121.564472, address: '台北市信義區信義路五段7號' };
const cityHall = { lat: 25.037531, lng: 121.563694, address: '台北市信義區市府路1號' };

/** The first order placed with the simulator (by the first test). */
let first = '';

describe('signed requests', () => {
  it('a good signature: quotation, order, status, driver', async () => {
    const q = await client.quotation(taipei101, cityHall);
    expect(q).toMatchObject({ currency: 'TWD', quotationId: expect.stringMatching(/^Q/) });
    const o = await client.placeOrder(
      q,
      { name: '店', phone: '0223456789' },
      { name: '王小明', phone: '0912345678' },
    );
    expect(o.status).toBe('ASSIGNING_DRIVER');
    first = o.orderId;
    await sim.advance(o.orderId);
    const now = await client.getOrder(o.orderId);
    expect(now.status).toBe('ON_GOING');
    const driver = await client.getDriver(o.orderId, now.driverId!);
    expect(driver.location).toMatchObject({ lat: expect.any(Number) });
  });

  it('a wrong secret is refused (401 Invalid signature)', async () => {
    const bad = createLalamoveClient({ baseUrl: url, apiKey: KEY, apiSecret: 'wrong' });
    await expect(bad.quotation(taipei101, cityHall)).rejects.toMatchObject({
      status: 401,
      message: 'Invalid signature',
    });
    const unknown = createLalamoveClient({ baseUrl: url, apiKey: 'pk_other', apiSecret: SECRET });
    await expect(unknown.getOrder('1')).rejects.toBeInstanceOf(DeliveryApiError);
  });

  it('a replayed request (same signature) and an old timestamp are refused', async () => {
    const path = `/v3/orders/${first}`;
    const headers = { Authorization: authorizationHeader(KEY, SECRET, 'GET', path, ''), Market: 'TW' };
    expect((await fetch(`${url}${path}`, { headers })).status).toBe(200);
    const again = await fetch(`${url}${path}`, { headers });
    expect(again.status).toBe(401);
    expect(((await again.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe(
      'Replayed request',
    );
    const old = {
      Authorization: authorizationHeader(KEY, SECRET, 'GET', path, '', Date.now() - 10 * 60_000),
      Market: 'TW',
    };
    expect((await fetch(`${url}${path}`, { headers: old })).status).toBe(401);
    // a replay keeps its Request-ID too: resent with it, refused; two calls of the same millisecond with
    // their own Request-IDs (the client's) are two calls, both answered
    const once = { ...headers, Authorization: authorizationHeader(KEY, SECRET, 'GET', path, '', Date.now()) };
    const a = await fetch(`${url}${path}`, { headers: { ...once, 'Request-ID': 'r-1' } });
    const b = await fetch(`${url}${path}`, { headers: { ...once, 'Request-ID': 'r-2' } });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await fetch(`${url}${path}`, { headers: { ...once, 'Request-ID': 'r-2' } })).status).toBe(401);
  });

  it('the simulator answers failures and 429 on demand; cancel after pickup is refused', async () => {
    sim.failNext(429);
    await expect(client.getOrder(first)).rejects.toMatchObject({ status: 429 });
    await sim.advance(first); // picked up
    await expect(client.cancelOrder(first)).rejects.toMatchObject({ status: 409 });
  });
});

describe('vendor order ids', () => {
  it('a restarted simulator never hands out an id an earlier one gave (deliveries keep them unique)', async () => {
    const again = createDeliverySimulator({
      accounts: { [KEY]: SECRET },
      webhookUrl: `${hook.url}/hooks/lalamove`,
    });
    const at = await listenSimulator(again);
    try {
      const other = createLalamoveClient({ baseUrl: at.url, apiKey: KEY, apiSecret: SECRET });
      const o = await other.placeOrder(
        await other.quotation(taipei101, cityHall),
        { name: '店', phone: '0223456789' },
        { name: '王小明', phone: '0912345678' },
      );
      expect(Number(o.orderId)).toBeGreaterThan(Number(first));
      // the last digit still starts the scripted paths' cycle at 1
      expect(Number(o.orderId) % 10).toBe(1);
    } finally {
      await again.close();
    }
  });
});

describe('status webhooks', () => {
  it('every status change is pushed, signed the same way; the receiver verifies, a forgery fails', async () => {
    const q = await client.quotation(taipei101, cityHall);
    const o = await client.placeOrder(q, { name: '店', phone: '02' }, { name: '客', phone: '09' });
    received.length = 0;
    for (let i = 0; i < 3; i += 1) await sim.advance(o.orderId);
    expect(
      received.map((w) => LOGISTICS_OF_STATUS[w.data.order.status as keyof typeof LOGISTICS_OF_STATUS]),
    ).toEqual(['en_route_pickup', 'picked_up', 'delivered']);
    const secretOf = (k: string) => (k === KEY ? SECRET : undefined);
    const first = received[0]!;
    // a replay is known by the receiver's database (delivery-courier.test.ts), not by the signature check
    expect(verifyWebhook(first, '/hooks/lalamove', secretOf)).toBe('ok');
    const forged = { ...received[1]!, data: { order: { ...received[1]!.data.order, status: 'CANCELED' } } };
    expect(verifyWebhook(forged, '/hooks/lalamove', secretOf)).toBe('bad-signature');
    expect(verifyWebhook({ ...received[1]!, apiKey: 'x' }, '/hooks/lalamove', secretOf)).toBe('unknown-key');
  });

  it('cancel and the off-path statuses: canceled, overdue (EXPIRED), customer service (REJECTED)', async () => {
    const make = async () =>
      client.placeOrder(
        await client.quotation(taipei101, cityHall),
        { name: 'a', phone: '1' },
        { name: 'b', phone: '2' },
      );
    const a = await make();
    await client.cancelOrder(a.orderId);
    expect((await client.getOrder(a.orderId)).status).toBe('CANCELED');
    const b = await make();
    expect(await sim.advance(b.orderId, 'EXPIRED')).toBe('EXPIRED');
    expect(LOGISTICS_OF_STATUS.EXPIRED).toBe('overdue');
    expect(LOGISTICS_OF_STATUS.REJECTED).toBe('customer_service');
    expect(await sim.advance(b.orderId)).toBeNull(); // final
  });
});
