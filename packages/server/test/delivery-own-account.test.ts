// Own vendor accounts (自有物流, spec 001 §3 "Vendor settings" and the Logistic tab's wallet): a shop whose wallet
// is private gets its couriers through its own Lalamove account (requests signed with its key, its webhooks
// checked with its secret, cancels through it); a public wallet uses the platform's account; a private wallet
// without a usable account is refused at save and its courier request goes to customer service with the reason.
import { COURIER_ACCOUNT_MESSAGES, LOGISTICS_MESSAGES } from '@shopdesk/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createLalamoveClient } from '../src/adapters/delivery/client';
import { signRequest } from '../src/adapters/delivery/signature';
import { createDeliverySimulator } from '../src/adapters/delivery/simulator';
import { listenSimulator } from '../src/adapters/simulator-host';
import {
  businesses,
  deliveries,
  orders,
  outboxJobs,
  shopLogistics,
  shopLogisticVendors,
} from '../src/db/schema';
import { LALAMOVE_WEBHOOK_PATH } from '../src/features/delivery/delivery/webhook';
import { seedDemo } from '../src/seed/seed';
import { build } from './helpers';
import { placeOrder, pos, posShop } from './pos-board-fixtures';

const KEY = 'pk_platform_only';
const SECRET = 'platform-secret-0001';
const sim = createDeliverySimulator({ accounts: { [KEY]: SECRET } });
const simHost = await listenSimulator(sim);
afterAll(() => simHost.close());
const t = await build({
  delivery: {
    api: createLalamoveClient({ baseUrl: simHost.url, apiKey: KEY, apiSecret: SECRET }),
    apiKey: KEY,
    apiSecret: SECRET,
    clientFor: (apiKey, apiSecret) => createLalamoveClient({ baseUrl: simHost.url, apiKey, apiSecret }),
  },
});
await t.app.listen({ port: 0, host: '127.0.0.1' });
sim.setWebhookUrl(
  `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}${LALAMOVE_WEBHOOK_PATH}`,
);
const gaa = await t.signedIn('gaa');
const near = { address: '台北市信義區市府路1號', lat: 25.0375, lng: 121.5637 };

/** A platform-logistics shop (v2, automatic dispatch) with the given wallet and vendor boxes, saved as gaa would. */
const logisticsShop = async (wallet: 'public' | 'private', vendor: 'lala' | 'global', boxes: object[]) => {
  const shop = await posShop(t, await t.signedIn('eaa'));
  await t.db.update(businesses).set({ isLogistic: true }).where(eq(businesses.accountId, shop.accountId));
  const res = await t.app.inject({
    method: 'PUT',
    url: `/console/apis/gaa/shops/${shop.accountId}/logistic-settings`,
    headers: gaa.headers,
    payload: {
      configurations: {
        isLogistic: true,
        logisticPlatform: 'platform',
        logisticMode: 'auto',
        logisticWallet: wallet,
        logisticDefaultVendor: vendor,
      },
      settings: boxes,
    },
  });
  return { shop, res };
};
const acceptedDelivery = async (shop: Awaited<ReturnType<typeof posShop>>) => {
  const order = await placeOrder(t, shop.accountId, shop.productId, { mealType: 'delivery', delivery: near });
  const res = await pos(t, 'POST', `/qcpos/board/orders/${order.id}/accept`, shop.auth, {});
  expect(res.statusCode, res.body).toBe(200);
  return order;
};
const newestDelivery = async (orderId: number) =>
  (
    await t.db.select().from(deliveries).where(eq(deliveries.orderId, orderId)).orderBy(desc(deliveries.id))
  )[0];
const orderOf = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('whose account a courier goes through', () => {
  it('public wallet: the platform’s account, as before', async () => {
    const { shop, res } = await logisticsShop('public', 'lala', [
      { vendor: 'lala', accessKey: 'pk_test_shop_public', accessToken: 'sk_test_shop_public' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const before = sim.requests.length;
    const order = await acceptedDelivery(shop);
    await t.app.outbox.drain();
    expect(sim.requests.slice(before).map((r) => r.apiKey)).toEqual([KEY, KEY]);
    expect(await newestDelivery(order.id)).toMatchObject({
      accountKey: null,
      vendorStatus: 'ASSIGNING_DRIVER',
    });
  });

  it('private wallet (自有物流): the shop’s own Lalamove account places, is signed for, and cancels', async () => {
    const own = 'pk_test_own_shop_0001';
    const { shop, res } = await logisticsShop('private', 'lala', [
      { vendor: 'lala', accessKey: own, accessToken: 'sk_test_own_shop_0001' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const before = sim.requests.length;
    const order = await acceptedDelivery(shop);
    await t.app.outbox.drain();
    expect(sim.requests.slice(before).map((r) => `${r.method} ${r.path} ${r.apiKey}`)).toEqual([
      `POST /v3/quotations ${own}`,
      `POST /v3/orders ${own}`,
    ]);
    const d = (await newestDelivery(order.id))!;
    expect(d.accountKey).toBe(own);
    // the vendor's webhooks for this order come signed with the shop's secret and move the order
    await sim.advance(d.vendorOrderId!);
    expect(sim.webhooks.at(-1)?.status).toBe(200);
    expect((await orderOf(order.id)).logisticsStatus).toBe('en_route_pickup');
    // the driver's name was asked through the shop's account
    expect(sim.requests.at(-1)).toMatchObject({ method: 'GET', apiKey: own });
    // a canceled order cancels the courier through the same account
    const cancel = await pos(t, 'POST', `/qcpos/board/orders/${order.id}/cancel`, shop.auth, {
      reason: '客人取消',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const n = sim.requests.length;
    await t.app.outbox.drain();
    expect(sim.requests.slice(n).map((r) => `${r.method} ${r.apiKey}`)).toContain(`DELETE ${own}`);
  });

  it('a webhook signed by one shop’s account cannot move another account’s delivery', async () => {
    const { shop } = await logisticsShop('public', 'lala', [
      { vendor: 'lala', accessKey: 'pk_test_shop_b', accessToken: 'sk_test_shop_b' },
    ]);
    const order = await acceptedDelivery(shop);
    await t.app.outbox.drain();
    const d = (await newestDelivery(order.id))!;
    // a shop's own key whose secret we know (its account is stored) signs a status for the platform's delivery
    const intruder = await logisticsShop('private', 'lala', [
      { vendor: 'lala', accessKey: 'pk_test_intruder', accessToken: 'sk_test_intruder' },
    ]);
    expect(intruder.res.statusCode).toBe(200);
    const data = { order: { orderId: d.vendorOrderId, status: 'PICKED_UP' } };
    const timestamp = String(Date.now());
    const res = await t.app.inject({
      method: 'POST',
      url: LALAMOVE_WEBHOOK_PATH,
      payload: {
        apiKey: 'pk_test_intruder',
        timestamp,
        signature: signRequest(
          'sk_test_intruder',
          timestamp,
          'POST',
          LALAMOVE_WEBHOOK_PATH,
          JSON.stringify(data),
        ),
        eventType: 'ORDER_STATUS_CHANGED',
        data,
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await newestDelivery(order.id))!.vendorStatus).toBe('ASSIGNING_DRIVER');
    expect((await orderOf(order.id)).logisticsStatus).toBe('matching');
  });

  it('private wallet without a Lalamove account: the save is refused with the reason', async () => {
    const { res } = await logisticsShop('private', 'lala', [
      { vendor: 'global', accessKey: 'k', accessToken: 't', merchantId: 'm' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(COURIER_ACCOUNT_MESSAGES.ownAccountMissing('Lalamove').zh);
    expect(LOGISTICS_MESSAGES.vendorAccountRequired.zh).not.toBe(res.json().error.message);
  });

  it('private wallet with a vendor the adapter does not speak: the courier goes to customer service with the reason', async () => {
    const { shop, res } = await logisticsShop('private', 'global', [
      { vendor: 'global', accessKey: 'k-global', accessToken: 't-global', merchantId: 'm-1' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const stored = await t.db.select().from(shopLogistics).where(eq(shopLogistics.accountId, shop.accountId));
    expect(stored[0]).toMatchObject({ wallet: 'private', defaultVendor: 'global' });
    const before = sim.requests.length;
    const order = await acceptedDelivery(shop);
    await t.app.outbox.drain();
    expect(sim.requests.length).toBe(before);
    expect((await orderOf(order.id)).logisticsStatus).toBe('customer_service');
    const [job] = await t.db
      .select()
      .from(outboxJobs)
      .where(eq(outboxJobs.accountId, shop.accountId))
      .orderBy(desc(outboxJobs.id));
    expect(job!.lastError).toContain(COURIER_ACCOUNT_MESSAGES.vendorNotConnected('GoGoX').zh);
    expect(
      await t.db.select().from(shopLogisticVendors).where(eq(shopLogisticVendors.accountId, shop.accountId)),
    ).toHaveLength(1);
  });
});

describe('the demo couriers (shops 10–12 as seeded)', async () => {
  const demo = await build({});
  await seedDemo(demo.db, { shops: 14, orders: 0, secretBox: demo.app.secretBox, log: () => {} });
  const admin = await demo.signedIn('gaa');
  const settingsUrl = (id: number) => `/console/apis/gaa/shops/${id}/logistic-settings`;

  it('save unchanged (each has a Lalamove account; the second pays with it)', async () => {
    for (const id of [10, 11, 12]) {
      const got = await demo.app.inject({ method: 'GET', url: settingsUrl(id), headers: admin.headers });
      expect(got.statusCode, got.body).toBe(200);
      const { configurations, settings } = got.json();
      expect(configurations.logisticWallet).toBe(id === 11 ? 'private' : 'public');
      expect(settings).toEqual([
        expect.objectContaining({ vendor: 'lala', accessKey: `pk_test_demo_shop${id}`, hasToken: true }),
      ]);
      const saved = await demo.app.inject({
        method: 'PUT',
        url: settingsUrl(id),
        headers: admin.headers,
        payload: {
          configurations,
          settings: settings.map(({ hasToken: _, ...s }: Record<string, unknown>) => s),
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const [row] = await demo.db
      .select()
      .from(shopLogisticVendors)
      .where(eq(shopLogisticVendors.accountId, 11));
    expect(demo.app.secretBox.open(row!.accessTokenSealed!)).toBe('sk_test_demo_shop11');
  });
});
