import { INTEGRATION_MESSAGES as M, SHOP_ID_IS_REQUIRED } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createOrderWebhookClient,
  createOrderWebhookSimulator,
  SIMULATOR_WEBHOOK_PATH,
} from '../src/adapters/order-webhook';
import { listenSimulator } from '../src/adapters/simulator-host';
import { integrations, outboxJobs } from '../src/db/schema';
import { build, scopedCast } from './helpers';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

const API = '/console/apis/gaa';
const SECRET = 'webhook-secret-for-tests-0123456789';

// spec 002 §2 screen 10, §3 Integration record, §4 Integration, §5 Integration creation, §7 Integrations and
// services, §8; secrets encrypted at rest, an enabled integration receives the shop's orders.
describe('integrations and services', async () => {
  const sim = createOrderWebhookSimulator(SECRET);
  const host = await listenSimulator(sim.app, 0);
  afterAll(() => host.close());
  const t = await build({
    orderWebhook: createOrderWebhookClient({ url: `${host.url}${SIMULATOR_WEBHOOK_PATH}`, secret: SECRET }),
  });
  const c = await scopedCast(t, { name: '串接測試店' });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who = c.gaa) =>
    t.app.inject({ method, url: `${API}${url}`, headers: who.headers, ...(payload ? { payload } : {}) });
  const form = (over: Record<string, unknown> = {}) => ({
    vendorCode: 'ubereats',
    vendorShopId: 'UE-778899',
    authData: 'ue-secret-key-abcdef123456',
    options: { templateId: '12', chainCode: 'CH1' },
    order_integration_enabled: false,
    ...over,
  });

  it('401 without a session; 403 for eaa, line, another SI and on another SI’s shop', async () => {
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', `/shops/${c.id}/mw-settings`],
      ['POST', `/console/${c.id}/mw-settings`, form()],
      ['PUT', `/console/${c.id}/mw-settings`, form()],
      ['GET', `/console/${c.id}/mw-setting-active`],
      ['POST', `/console/${c.id}/mw-setting-active`, { vendor_code: 'ubereats_lite' }],
      ['DELETE', `/console/${c.id}/mw-setting-active?vendor_code=ubereats_lite`],
      ['GET', `/shops/${c.id}/services`],
      ['GET', `/shops/${c.id}/service-urls`],
      ['POST', `/console/${c.id}/services/app`, { enabled: true }],
      ['GET', `/shops/${c.id}/dvr-settings`],
      ['PUT', `/shops/${c.id}/dvr-settings`, { ip: '10.0.0.2', channel: 1, account: 'a', password: 'p' }],
    ];
    for (const [method, url, payload] of routes) {
      const anon = await t.app.inject({ method, url: `${API}${url}`, ...(payload ? { payload } : {}) });
      expect(anon.statusCode, url).toBe(401);
      for (const who of [c.eaa, c.line, c.otherSi])
        expect((await call(method, url, payload, who)).statusCode, `${method} ${url}`).toBe(403);
    }
    const cat = await t.app.inject({
      method: 'GET',
      url: `${API}/mw-settings-active`,
      headers: c.eaa.headers,
    });
    expect(cat.statusCode).toBe(403);
  });

  it('§5: no vendor shop id is 請先設定資料後再開通 with SHOP_ID_IS_REQUIRED; lafresh needs its key', async () => {
    for (const vendorShopId of ['', '   ', null]) {
      const res = await call('POST', `/console/${c.id}/mw-settings`, form({ vendorShopId }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: SHOP_ID_IS_REQUIRED, message: M.shopIdRequired.zh });
    }
    const lafresh = await call(
      'POST',
      `/console/${c.id}/mw-settings`,
      form({ vendorCode: 'lafresh', authData: '' }),
    );
    expect(lafresh.statusCode).toBe(400);
    expect(lafresh.json().error.message).toBe(M.authKeyRequired.zh);
    for (const bad of [
      form({ vendorCode: 'nope' }),
      form({ options: { qpPrinterOptionType: 'x' } }),
      { vendorCode: 1 },
    ])
      expect((await call('POST', `/console/${c.id}/mw-settings`, bad)).statusCode).toBe(400);
    expect(await t.db.select().from(integrations)).toEqual([]);
  });

  it('creates with the key sealed at rest and never returned; template id parsed, non-numeric left out', async () => {
    const res = await call(
      'POST',
      `/console/${c.id}/mw-settings`,
      form({ options: { templateId: '12', eatInTemplateId: 'abc' } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).not.toContain('ue-secret-key-abcdef123456');
    expect(res.json().setting).toMatchObject({
      vendorCode: 'ubereats',
      vendorShopId: 'UE-778899',
      authData: '••••3456',
      options: { templateId: 12 },
      env: 'production',
      order_integration_enabled: false,
    });
    expect(res.json().setting.options.eatInTemplateId).toBeUndefined();
    const [row] = await t.db.select().from(integrations).where(eq(integrations.vendorCode, 'ubereats'));
    expect(row!.authDataSealed).toMatch(/^v1\./);
    expect(row!.authDataSealed).not.toContain('ue-secret');
    expect((await call('POST', `/console/${c.id}/mw-settings`, form())).statusCode).toBe(409);
    const list = await call('GET', `/shops/${c.id}/mw-settings`);
    expect(list.body).not.toContain('ue-secret-key');
    expect(list.json().settings).toHaveLength(1);
    // the si of the shop's SI may read it
    expect((await call('GET', `/shops/${c.id}/mw-settings`, undefined, c.si)).statusCode).toBe(200);
  });

  it('updates keep the stored key when its mask comes back; use default key stores null', async () => {
    const keep = await call(
      'PUT',
      `/console/${c.id}/mw-settings`,
      form({ authData: '••••3456', vendorShopId: 'UE-1' }),
    );
    expect(keep.statusCode, keep.body).toBe(200);
    expect(keep.json().setting).toMatchObject({ vendorShopId: 'UE-1', authData: '••••3456' });
    const lafresh = await call(
      'POST',
      `/console/${c.id}/mw-settings`,
      form({
        vendorCode: 'lafresh',
        authData: 'x',
        useDefaultKey: true,
        options: { clientDevice: 'EC_QUICK_ORDER' },
      }),
    );
    expect(lafresh.statusCode, lafresh.body).toBe(201);
    expect(lafresh.json().setting.authData).toBeNull();
    expect(
      (await call('PUT', `/console/${c.id}/mw-settings`, form({ vendorCode: 'gofoodie' }))).statusCode,
    ).toBe(404);
  });

  it('lite vendors activate and deactivate; the catalogue counts the active shops', async () => {
    const on = await call('POST', `/console/${c.id}/mw-setting-active`, { vendor_code: 'foodpanda_lite' });
    expect(on.json()).toEqual({ active: ['foodpanda_lite'] });
    expect((await call('GET', `/console/${c.id}/mw-setting-active`)).json()).toEqual({
      active: ['foodpanda_lite'],
    });
    const cat = await call('GET', '/mw-settings-active');
    expect(cat.json().vendors).toContainEqual(
      expect.objectContaining({ vendorCode: 'foodpanda_lite', activeShops: 1 }),
    );
    const off = await call('DELETE', `/console/${c.id}/mw-setting-active?vendor_code=foodpanda_lite`);
    expect(off.json()).toEqual({ active: [] });
    expect(
      (await call('POST', `/console/${c.id}/mw-setting-active`, { vendor_code: 'ubereats' })).statusCode,
    ).toBe(400);
  });

  it('services: on and off, URLs only for those on, the cup coupon needs a LIFF id', async () => {
    expect((await call('POST', `/console/${c.id}/services/app`, { enabled: true })).statusCode).toBe(200);
    expect((await call('POST', `/console/${c.id}/services/ttpush`, { enabled: true })).statusCode).toBe(200);
    const urls = (await call('GET', `/shops/${c.id}/service-urls`)).json().urls;
    expect(urls.map((u: { code: string }) => u.code).sort()).toEqual(['app', 'ttpush']);
    expect(urls.find((u: { code: string }) => u.code === 'app').url).toMatch(new RegExp(`/shop/${c.id}$`));
    const noLiff = await call('POST', `/console/${c.id}/services/life17`, { enabled: true });
    expect(noLiff.statusCode).toBe(400);
    expect(noLiff.json().error.message).toBe(M.liffRequired.zh);
    const cup = await call('POST', `/console/${c.id}/services/life17`, {
      enabled: true,
      liffId: '1657-abcd',
    });
    expect(cup.json().service).toEqual({ code: 'life17', enabled: true, liffId: '1657-abcd' });
    const list = (await call('GET', `/shops/${c.id}/services`)).json().services;
    expect(
      list
        .filter((s: { enabled: boolean }) => s.enabled)
        .map((s: { code: string }) => s.code)
        .sort(),
    ).toEqual(['app', 'life17', 'ttpush']);
    expect((await call('POST', `/console/${c.id}/services/ubereats`, { enabled: true })).statusCode).toBe(
      400,
    );
  });

  it('DVR settings: the password sealed and masked, kept when its mask comes back', async () => {
    expect((await call('GET', `/shops/${c.id}/dvr-settings`)).json()).toEqual({ dvr: null });
    const put = await call('PUT', `/shops/${c.id}/dvr-settings`, {
      ip: '192.168.1.20',
      channel: 4,
      account: 'admin',
      password: 'dvr-password-9876',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().dvr).toEqual({
      ip: '192.168.1.20',
      channel: 4,
      account: 'admin',
      password: '••••9876',
    });
    const again = await call('PUT', `/shops/${c.id}/dvr-settings`, {
      ip: '192.168.1.21',
      channel: 4,
      account: 'admin',
      password: '••••9876',
    });
    expect(again.json().dvr.password).toBe('••••9876');
    expect(
      (
        await call('PUT', `/shops/${c.id}/dvr-settings`, {
          ip: '999.1.1.1',
          channel: 4,
          account: 'a',
          password: 'p',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('an enabled integration receives the shop’s orders, signed, retried after a 5xx; a disabled one none', async () => {
    const shop = await openShop(t, c.eaa);
    const url = `/console/${shop.accountId}/mw-settings`;
    expect((await call('POST', url, form({ vendorShopId: 'UE-OFF' }))).statusCode).toBe(201);
    expect((await postOrder(t, shop.accountId, orderBody(shop.productId))).statusCode).toBe(201);
    await t.app.outbox.drain();
    expect(sim.control.received).toEqual([]);

    expect(
      (await call('PUT', url, form({ vendorShopId: 'UE-ON', order_integration_enabled: true }))).statusCode,
    ).toBe(200);
    sim.control.failNext(1, 503);
    const placed = await postOrder(t, shop.accountId, orderBody(shop.productId));
    expect(placed.statusCode).toBe(201);
    await t.app.outbox.drain();
    expect(sim.control.received).toEqual([]);
    const [job] = await t.db
      .select()
      .from(outboxJobs)
      .where(eq(outboxJobs.kind, 'integration.order-webhook'));
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    await t.app.outbox.drain({ now: new Date(Date.now() + 3_600_000) });
    expect(sim.control.received).toHaveLength(1);
    expect(sim.control.received[0]).toMatchObject({
      event: 'order.created',
      vendorCode: 'ubereats',
      vendorShopId: 'UE-ON',
      accountId: shop.accountId,
      orderId: placed.json().order.id,
    });
    expect(sim.control.attempts()).toBe(2);
  });

  it('the simulator refuses a delivery signed with another secret (so the signature is checked)', async () => {
    const wrong = createOrderWebhookClient({
      url: `${host.url}${SIMULATOR_WEBHOOK_PATH}`,
      secret: 'not-the-secret-0000000',
    });
    const answer = await wrong.deliver({ ...sim.control.received[0]! }, 'x-1');
    expect(answer.status).toBe(401);
  });
});
