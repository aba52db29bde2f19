// delivery end to end: the customer's order page (read by its unguessable link, and followed live)
// shows the courier's progress (spec 000 §4 logistics statuses) and, while the courier is on the way, the
// courier's name and phone as the vendor gives them; nothing else of the courier or the customer leaks.
import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createLalamoveClient } from '../src/adapters/delivery/client';
import { createDeliverySimulator } from '../src/adapters/delivery/simulator';
import { listenSimulator } from '../src/adapters/simulator-host';
import { businesses, deliveries } from '../src/db/schema';
import { LALAMOVE_WEBHOOK_PATH } from '../src/features/delivery/delivery/webhook';
import { build } from './helpers';
import { pos, posShop } from './pos-board-fixtures';
import { orderBody, postOrder } from './storefront-fixtures';

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
const port = (t.app.server.address() as { port: number }).port;
sim.setWebhookUrl(`http://127.0.0.1:${port}${LALAMOVE_WEBHOOK_PATH}`);

const a = await posShop(t, await t.signedIn('eaa'));
await t.db.update(businesses).set({ isLogistic: true }).where(eq(businesses.accountId, a.accountId));
const near = { address: '台北市信義區市府路1號', lat: 25.0375, lng: 121.5637 };

const orderUrl = (token: string) => `/console/apis/storefront/v1/orders/${encodeURIComponent(token)}`;
const read = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: orderUrl(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order;
};

/** A delivery order placed by a customer, accepted by the shop, its courier placed at the vendor. */
const courierOrder = async () => {
  const res = await postOrder(
    t,
    a.accountId,
    orderBody(a.productId, { mealType: 'delivery', delivery: near }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const { order, orderToken } = res.json() as { order: { id: number }; orderToken: string };
  expect((await pos(t, 'POST', `/qcpos/board/orders/${order.id}/accept`, a.auth, {})).statusCode).toBe(200);
  await t.app.outbox.drain();
  const [d] = await t.db.select().from(deliveries).where(eq(deliveries.orderId, order.id));
  return { id: order.id, token: orderToken, vendorOrderId: d!.vendorOrderId! };
};

/** The order's live feed over a real socket (inject does not stream). */
const follow = (token: string) => {
  const seen: { logisticsStatus: string | null; driver: unknown }[] = [];
  let buffer = '';
  const req = http.get({ host: '127.0.0.1', port, path: `${orderUrl(token)}/events` }, (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let cut = buffer.indexOf('\n\n');
      while (cut >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (block.includes('event: order')) seen.push(JSON.parse(/^data: (.*)$/m.exec(block)![1]!));
        cut = buffer.indexOf('\n\n');
      }
    });
  });
  req.on('error', () => {});
  return { seen, close: () => req.destroy() };
};
const until = async (ok: () => boolean, ms = 8000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out waiting for the order feed');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('courier progress on the customer order page', () => {
  it('the public order read follows the courier: matching, picking up with the driver, on the way, delivered', async () => {
    const o = await courierOrder();
    // spec 000 §4: the courier is being matched; no driver yet
    expect(await read(o.token)).toMatchObject({
      status: 'accepted',
      logisticsStatus: 'matching',
      driver: null,
    });

    await sim.advance(o.vendorOrderId); // ON_GOING: a driver is on the way to the shop
    const picking = await read(o.token);
    expect(picking).toMatchObject({
      logisticsStatus: 'en_route_pickup',
      driver: { name: '陳大明', phone: '+886912000111' },
    });
    // name and phone only: never the vendor's driver id, plate or location
    expect(Object.keys(picking.driver).sort()).toEqual(['name', 'phone']);
    expect(JSON.stringify(picking)).not.toContain('MKU-1234');
    expect(JSON.stringify(picking)).not.toContain('0912345678'); // the customer's own phone never leaves

    await sim.advance(o.vendorOrderId); // PICKED_UP
    expect(await read(o.token)).toMatchObject({
      logisticsStatus: 'picked_up',
      driver: { name: '陳大明', phone: '+886912000111' },
    });

    await sim.advance(o.vendorOrderId); // COMPLETED
    // delivered: the courier's job is done, their phone is no longer shown
    expect(await read(o.token)).toMatchObject({ logisticsStatus: 'delivered', driver: null });
  });

  it('the driver is asked of the vendor once per driver, not at every webhook', async () => {
    const o = await courierOrder();
    await sim.advance(o.vendorOrderId);
    await sim.advance(o.vendorOrderId);
    const asks = sim.requests.filter(
      (r) => r.method === 'GET' && r.path.startsWith(`/v3/orders/${o.vendorOrderId}/drivers/`),
    );
    expect(asks).toHaveLength(1);
    const [d] = await t.db.select().from(deliveries).where(eq(deliveries.orderId, o.id));
    expect(d!.driver).toMatchObject({ driverId: expect.any(String), name: '陳大明', phone: '+886912000111' });
  });

  it('the live feed of the order carries each courier step as it happens', async () => {
    const o = await courierOrder();
    const feed = follow(o.token);
    try {
      await until(() => feed.seen.length >= 1);
      expect(feed.seen[0]).toMatchObject({ logisticsStatus: 'matching' });
      await sim.advance(o.vendorOrderId);
      await until(() => feed.seen.some((x) => x.logisticsStatus === 'en_route_pickup'));
      expect(feed.seen.at(-1)).toMatchObject({ driver: { name: '陳大明', phone: '+886912000111' } });
      await sim.advance(o.vendorOrderId);
      await sim.advance(o.vendorOrderId);
      await until(() => feed.seen.some((x) => x.logisticsStatus === 'delivered'));
    } finally {
      feed.close();
    }
  });
});
