import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  contractPlans,
  contracts,
  deliveryRules,
  outboxJobs,
  paymentConfigs,
  paymentServices,
  printers,
  qrMerchants,
} from '../src/db/schema';
import { shopClock } from '../src/jobs/local-clock';
import { build } from './helpers';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

const API = '/console/apis/gaa/reports/shop-settings';

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

// "Platform reports and tools": /report/shop-settings, the operator's "what is misconfigured" view.
describe('shop-settings report', async () => {
  const t = await build();
  const gaa = await t.signedIn('gaa');
  const eaa = await t.signedIn('eaa');
  const si = await t.signedIn('si');
  const today = shopClock(new Date()).date;
  // a letter first: an all-digit tag would be searched as a shop id
  const tag = `t${randomBytes(3).toString('hex')}`;
  const shop = async (name: string, over: Record<string, unknown>) =>
    (
      await t.createShop({
        name: `${tag}${name}`,
        isEnabled: true,
        isEatIn: false,
        isEatInCash: false,
        isToGo: false,
        isDelivery: false,
        ...over,
      })
    ).account.id;
  const printer = (accountId: number, state: 'online' | 'offline') =>
    t.db.insert(printers).values({
      accountId,
      name: `p-${randomBytes(2).toString('hex')}`,
      sn: `SN${randomBytes(5).toString('hex')}`,
      secretSealed: t.app.secretBox.seal('secret-1234'),
      secretHint: '1234',
      state,
    });
  const [plan] = await t.db
    .insert(contractPlans)
    .values({ code: `P${tag}`, plan: 'plan' })
    .returning();
  const contract = (accountId: number, start: string, end: string) =>
    t.db
      .insert(contracts)
      .values({ accountId, planId: plan!.id, startDate: start, endDate: end, sysEndDate: end });

  // one shop per problem, and one without any
  const noMode = await shop('無用餐方式', {});
  const noPay = await shop('無付款', { isToGo: true });
  const noZone = await shop('無外送範圍', { isDelivery: true, isDeliveryCash: true });
  const good = await shop('都好', { isToGo: true, isToGoCash: true, isDelivery: true, isDeliveryPay: true });
  await t.db
    .insert(deliveryRules)
    .values({ accountId: good, position: 0, type: 'distance', maxDistanceInMeter: 3000 });
  const offline = await shop('離線', { isEnabled: false, isToGo: true, isToGoCash: true });
  for (const id of [noPay, noZone, good]) await printer(id, 'online');
  await printer(offline, 'offline');
  const ending = await shop('將到期', { isEnabled: false });
  await contract(ending, addDays(today, -300), addDays(today, 5));
  await contract(good, addDays(today, -30), addDays(today, 300));
  const ended = await shop('已到期', { isEnabled: false });
  await contract(ended, addDays(today, -300), addDays(today, -1));

  const get = async (query: string, who = gaa) =>
    t.app.inject({ method: 'GET', url: `${API}?${query}`, headers: who.headers });
  const rowsOf = async (query: string) => {
    const q = new URLSearchParams({ q: tag, limit: '50', ...Object.fromEntries(new URLSearchParams(query)) });
    const res = await get(String(q));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      total: number;
      rows: { id: number; problems: string[]; logistics: string; contractSysEnd: string | null }[];
      counts: Record<string, number>;
      shops: number;
    };
  };

  it('decides each shop’s problems by the contract rule', async () => {
    const { rows, total } = await rowsOf('');
    expect(total).toBe(7);
    const of = (id: number) => rows.find((r) => r.id === id)!;
    expect(of(noMode).problems).toEqual(['online_no_mode', 'no_printer']);
    expect(of(noPay).problems).toEqual(['online_no_payment']);
    expect(of(noZone).problems).toEqual(['delivery_no_zone']);
    expect(of(good).problems).toEqual([]);
    expect(of(good).contractSysEnd).toBe(addDays(today, 300));
    expect(of(good).logistics).toBe('self');
    expect(of(offline).problems).toEqual(['printer_offline']);
    expect(of(ending).problems).toEqual(['contract_ending']);
    expect(of(ended).problems).toEqual(['contract_ended']);
  });

  it('filters by problem and by online state, pages, and counts over every shop', async () => {
    const printerOff = await rowsOf('problem=printer_offline');
    expect(printerOff.rows.map((r) => r.id)).toEqual([offline]);
    expect(printerOff.counts.printer_offline).toBeGreaterThanOrEqual(1);
    expect(printerOff.counts.contract_ended).toBeGreaterThanOrEqual(1);
    expect((await rowsOf('online=no')).rows.map((r) => r.id)).toEqual([offline, ending, ended]);
    const page = await rowsOf('offset=2&limit=2');
    expect(page.total).toBe(7);
    expect(page.rows.map((r) => r.id)).toEqual([noZone, good]);
    const byId = await get(`q=${good}`);
    expect(byId.json().rows.map((r: { id: number }) => r.id)).toEqual([good]);
  });

  it('exports the filtered rows as .xlsx with the problems spelled out', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/export?q=${tag}&problem=contract_ending&lang=en`,
      headers: gaa.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(1).value).toBe(ending);
    expect(String(ws.getRow(2).getCell(10).value)).toBe('Contract ends within 14 days');
  });

  it('is for gaa only: 401 without a session, 403 for si and eaa; bad filters are 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: API })).statusCode).toBe(401);
    expect((await get('', si)).statusCode).toBe(403);
    expect((await get('', eaa)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `${API}/export`, headers: eaa.headers })).statusCode,
    ).toBe(403);
    for (const bad of [
      'problem=nope',
      'limit=1e20',
      'siId=0',
      'online=maybe',
      `q=${'x'.repeat(41)}`,
      'q=%00',
    ])
      expect((await get(bad)).statusCode, bad).toBe(400);
  });
});

// /report/online-payment-configs, every shop's QR payment configurations and their state.
describe('online-payment-configs report', async () => {
  const t = await build();
  const gaa = await t.signedIn('gaa');
  const eaa = await t.signedIn('eaa');
  // a letter first: an all-digit tag would be searched as a shop id
  const tag = `t${randomBytes(3).toString('hex')}`;
  const merchant = async (name: string) => {
    const { account } = await t.createShop({ name: `${tag}${name}`, isEnabled: true });
    await t.db
      .insert(qrMerchants)
      .values({ accountId: account.id, name, email: 'm@x.tw', phone: '0223456789', address: '台北' });
    return account.id;
  };
  const service = async (
    accountId: number,
    svc: 'tappay' | 'linepay',
    on: boolean,
    lastTest: { ok: boolean; answer: string; at: string } | null,
  ) => {
    const [s] = await t.db
      .insert(paymentServices)
      .values({
        accountId,
        service: svc,
        name: `${svc} ${accountId}`,
        fields: {},
        secretSealed: t.app.secretBox.seal('k'),
        lastTest,
      })
      .returning();
    await t.db.insert(paymentConfigs).values({
      accountId,
      service: svc,
      type: svc === 'tappay' ? 'direct' : 'linepay',
      isEnabled: on,
      paymentServiceId: s!.id,
    });
  };
  const a = await merchant('甲');
  await service(a, 'tappay', true, { ok: true, answer: 'ok', at: '2026-11-20 10:00' });
  await service(a, 'linepay', false, null);
  const b = await merchant('乙');
  await service(b, 'tappay', true, { ok: false, answer: 'bad partner key', at: '2026-11-20 10:00' });
  await service(b, 'linepay', true, null);
  await merchant('丙'); // a merchant without any service

  const get = (query: string, who = gaa) =>
    t.app.inject({
      method: 'GET',
      url: `/console/apis/gaa/reports/online-payment-configs?${query}`,
      headers: who.headers,
    });

  it('one row per configured service, with its enabled types and state', async () => {
    const res = await get(`q=${tag}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(
      body.rows.map((r: { shopId: number; service: string; state: string; enabledTypes: string[] }) => [
        r.shopId,
        r.service,
        r.state,
        r.enabledTypes,
      ]),
    ).toEqual([
      [a, 'linepay', 'off', []],
      [a, 'tappay', 'working', ['direct']],
      [b, 'linepay', 'untested', ['linepay']],
      [b, 'tappay', 'failing', ['direct']],
    ]);
    expect(body.counts).toEqual({ working: 1, failing: 1, untested: 1, off: 1 });
    expect(body.merchantsWithoutService).toBe(1);
  });

  it('filters by service and state; gaa only; bad filters are 400', async () => {
    const failing = (await get(`q=${tag}&state=failing`)).json();
    expect(failing.rows.map((r: { shopId: number }) => r.shopId)).toEqual([b]);
    const tappay = (await get(`q=${tag}&service=tappay&limit=1&offset=1`)).json();
    expect(tappay.total).toBe(2);
    expect(tappay.rows.map((r: { shopId: number }) => r.shopId)).toEqual([b]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/console/apis/gaa/reports/online-payment-configs' }))
        .statusCode,
    ).toBe(401);
    expect((await get('', eaa)).statusCode).toBe(403);
    for (const bad of ['service=paypal', 'state=x', 'limit=0', 'kind=shop'])
      expect((await get(bad)).statusCode, bad).toBe(400);
  });
});

// /dashboard: today's counted orders per hour and mode, shops online, printers not online, dead calls.
describe('dashboard', async () => {
  const t = await build();
  const gaa = await t.signedIn('gaa');
  const eaa = await t.signedIn('eaa');

  it('counts today’s orders, shops online, printers offline and failed outgoing calls', async () => {
    const shop = await openShop(t, eaa);
    for (let k = 0; k < 2; k += 1)
      expect((await postOrder(t, shop.accountId, orderBody(shop.productId))).statusCode).toBe(201);
    await t.db.insert(printers).values({
      accountId: shop.accountId,
      name: '廚房',
      sn: `SN${randomBytes(4).toString('hex')}`,
      secretSealed: t.app.secretBox.seal('secret-1234'),
      secretHint: '1234',
      state: 'offline',
    });
    await t.db
      .insert(outboxJobs)
      .values({ kind: 'line.push', payload: {}, status: 'dead', accountId: shop.accountId });
    const res = await t.app.inject({
      method: 'GET',
      url: '/console/apis/gaa/dashboard',
      headers: gaa.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d.today.orders).toBe(2);
    expect(d.byMealType.to_go).toBe(2);
    expect(d.hours.reduce((a: number, b: number) => a + b, 0)).toBe(2);
    expect(d.today.revenue).toBeGreaterThan(0);
    expect(d.shops.online).toBeGreaterThanOrEqual(1);
    expect(d.printers).toEqual({ offline: 1, total: 1 });
    expect(d.failedCalls).toEqual([{ kind: 'line.push', count: 1 }]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/console/apis/gaa/dashboard', headers: eaa.headers }))
        .statusCode,
    ).toBe(403);
  });
});
