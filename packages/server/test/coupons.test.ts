// coupon campaigns (spec 000 §2 "Coupon campaigns" names the routes only; docs/decisions/marketing.md
// "Coupon campaigns and vouchers"): si only and its own shops and campaigns, bad input 4xx, the
// durable send (issue job → one LINE push per customer), and order intake redeeming a voucher once, even
// when two orders race for it.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { couponCampaigns, orders, vouchers } from '../src/db/schema';
import { issueVouchers } from '../src/features/marketing/coupons/send-jobs';
import { buildWithLine, chatEvent, giveChannel, postWebhook } from './line-fixtures';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

const { t, sim } = await buildWithLine();
const quick = await t.createSiAccount('quickclick');
const life = await t.createSiAccount('lifeplus');
const si = await t.signedIn('si', { siAccountId: quick.id });
const otherSi = await t.signedIn('si', { siAccountId: life.id });
const gaa = await t.signedIn('gaa');
const eaa = await t.signedIn('eaa');
const shopA = await openShop(t, eaa, { siAccountId: quick.id });
const shopB = await openShop(t, eaa, { siAccountId: quick.id });
const shopOut = await openShop(t, eaa, { siAccountId: quick.id });
const shopLife = await openShop(t, eaa, { siAccountId: life.id });
const chA = await giveChannel(t, shopA.accountId);
const chB = await giveChannel(t, shopB.accountId);

const taipeiDate = (days: number) =>
  new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
const api = (method: string, url: string, payload?: object, headers: object = si.headers) =>
  t.app.inject({
    method: method as 'GET',
    url: `/console/apis${url}`,
    headers: headers as Record<string, string>,
    payload,
  });
const campaignBody = (over: Record<string, unknown> = {}) => ({
  name: `回饋 ${randomUUID().slice(0, 6)}`,
  duration: { start: taipeiDate(0), end: taipeiDate(7) },
  discount: { discountType: 'fixed', amount: 10 },
  totalCount: 100,
  ...over,
});
const createCampaign = async (over: Record<string, unknown> = {}) => {
  const r = await api('POST', '/si/coupon-campaigns', campaignBody(over));
  expect(r.statusCode, r.body).toBe(201);
  return r.json().campaign.id as number;
};

// customers: U1, U2 at shop A; U2 (again) and U3 at shop B; a phone-only customer (no LINE id) at A
const customer = (lineUserId?: string) => ({
  name: '客人',
  phone: '0912345678',
  ...(lineUserId ? { lineUserId } : {}),
});
for (const [shop, u] of [
  [shopA, 'U1'],
  [shopA, 'U2'],
  [shopB, 'U2'],
  [shopB, 'U3'],
  [shopA, undefined],
] as const) {
  const r = await postOrder(t, shop.accountId, {
    ...orderBody(shop.productId),
    customer: customer(u && `${u}${'a'.repeat(32)}`),
  });
  expect(r.statusCode, r.body).toBe(201);
}

describe('the coupon shop pages count each shop’s LINE customers of the last N days', () => {
  // (docs/decisions/marketing.md "Coupon shop pages: customers counted from a rollup")
  const customersAt = async (days?: number) => {
    const r = await api('GET', `/si/coupon-shops${days ? `?audienceDays=${days}` : ''}`);
    expect(r.statusCode, r.body).toBe(200);
    return new Map(r.json().rows.map((x: { shopId: number; customers: number }) => [x.shopId, x.customers]));
  };
  it('once per customer, phone-only orders not counted, an order older than the window only in a wider one', async () => {
    // U1 orders at A again: still one customer
    const again = await postOrder(t, shopA.accountId, {
      ...orderBody(shopA.productId),
      customer: customer(`U1${'a'.repeat(32)}`),
    });
    expect(again.statusCode, again.body).toBe(201);
    // U9 ordered at A 100 days ago, and never since
    const [model] = await t.db.select().from(orders).where(eq(orders.id, again.json().order.id));
    const { id: _id, ...row } = model!;
    await t.db.insert(orders).values({
      ...row,
      serial: 9009,
      idempotencyKey: 'u9-long-ago',
      lineUserId: `U9${'a'.repeat(32)}`,
      createdAt: new Date(Date.now() - 100 * 86_400_000),
    });
    const days90 = await customersAt();
    expect(days90.get(shopA.accountId)).toBe(2);
    expect(days90.get(shopB.accountId)).toBe(2);
    expect(days90.get(shopOut.accountId)).toBe(0);
    expect((await customersAt(120)).get(shopA.accountId)).toBe(3);
    expect((await customersAt(1)).get(shopA.accountId)).toBe(2);
  });
});

describe('roles and tenants', () => {
  it('401 without a session, 403 for gaa and eaa', async () => {
    expect((await api('GET', '/si/coupon-campaigns', undefined, {})).statusCode).toBe(401);
    expect((await api('GET', '/si/coupon-campaigns', undefined, gaa.headers)).statusCode).toBe(403);
    expect((await api('GET', '/si/coupon-campaigns', undefined, eaa.headers)).statusCode).toBe(403);
    expect((await api('POST', '/si/coupon-campaigns', campaignBody(), eaa.headers)).statusCode).toBe(403);
  });
  it('another SI neither sees nor touches a campaign; shops are the SI’s own only', async () => {
    const id = await createCampaign();
    expect((await api('GET', `/si/coupon-campaigns/${id}`, undefined, otherSi.headers)).statusCode).toBe(403);
    expect((await api('PUT', `/si/coupon-campaigns/${id}`, campaignBody(), otherSi.headers)).statusCode).toBe(
      403,
    );
    expect((await api('POST', `/si/coupon-campaigns/${id}/send`, {}, otherSi.headers)).statusCode).toBe(403);
    expect(
      (await api('GET', `/si/coupon-campaigns/${id}/vouchers`, undefined, otherSi.headers)).statusCode,
    ).toBe(403);
    const list = await api('GET', '/si/coupon-campaigns', undefined, otherSi.headers);
    expect(list.json().rows.map((r: { id: number }) => r.id)).not.toContain(id);
    const theirs = await api('POST', `/si/coupon-campaigns/${id}/shops`, { shopIds: [shopLife.accountId] });
    expect(theirs.statusCode, theirs.body).toBe(403);
    const shops = await api('GET', '/si/coupon-shops');
    const ids = shops.json().rows.map((r: { shopId: number }) => r.shopId);
    expect(ids).toContain(shopA.accountId);
    expect(ids).not.toContain(shopLife.accountId);
    expect((await api('GET', '/si/coupon-campaigns/999999')).statusCode).toBe(404);
  });
  it('the list filtered to one id: the caller’s campaign, else an empty list (how the pages open a link)', async () => {
    const id = await createCampaign();
    const mine = await api('GET', `/si/coupon-campaigns?id=${id}`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ total: 1, rows: [{ id }] });
    // another SI's campaign and a number that is no campaign answer the same empty list, never a 403 or 404
    for (const [url, headers] of [
      [`/si/coupon-campaigns?id=${id}`, otherSi.headers],
      ['/si/coupon-campaigns?id=999999', si.headers],
    ] as const) {
      const r = await api('GET', url, undefined, headers);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual({ total: 0, rows: [] });
    }
    expect((await api('GET', '/si/coupon-campaigns?id=0')).statusCode).toBe(400);
    expect((await api('GET', '/si/coupon-campaigns?id=abc')).statusCode).toBe(400);
    expect((await api('GET', `/si/coupon-campaigns/${id}/vouchers?id=abc`)).statusCode).toBe(400);
  });
});

describe('bad input is a 4xx', () => {
  it('campaign fields, ids and shop lists', async () => {
    for (const body of [
      campaignBody({ name: '' }),
      campaignBody({ duration: { start: taipeiDate(3), end: taipeiDate(1) } }),
      campaignBody({ discount: { discountType: 'percentage', amount: 101 } }),
      campaignBody({ discount: { discountType: 'discountPerItemsLow', amount: 1 } }),
      campaignBody({ totalCount: 0 }),
      campaignBody({ perCustomerLimit: 1e12 }),
      campaignBody({ name: 'x'.repeat(51) }),
    ]) {
      const r = await api('POST', '/si/coupon-campaigns', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api('GET', '/si/coupon-campaigns/abc')).statusCode).toBe(400);
    const id = await createCampaign();
    expect((await api('POST', `/si/coupon-campaigns/${id}/shops`, { shopIds: [] })).statusCode).toBe(400);
    // sending a campaign with no shops
    const none = await api('POST', `/si/coupon-campaigns/${id}/send`, {});
    expect(none.statusCode, none.body).toBe(400);
  });
});

describe('sending and redeeming', () => {
  let campaignId = 0;
  let codes: Map<string, string>;

  it('send: one voucher and one LINE push per customer, through the shop of their latest order', async () => {
    campaignId = await createCampaign({ name: '春季回饋', perCustomerLimit: 1 });
    const add = await api('POST', `/si/coupon-campaigns/${campaignId}/shops`, {
      shopIds: [shopA.accountId, shopB.accountId],
    });
    expect(add.json().added).toBe(2);
    sim.hooks.reset();
    const sent = await api('POST', `/si/coupon-campaigns/${campaignId}/send`, {});
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json().campaign.status).toBe('sending');
    // a sent campaign is not edited or sent again
    expect((await api('PUT', `/si/coupon-campaigns/${campaignId}`, campaignBody())).statusCode).toBe(409);
    expect((await api('POST', `/si/coupon-campaigns/${campaignId}/send`, {})).statusCode).toBe(409);
    await t.app.outbox.drain();
    const rows = await t.db.select().from(vouchers).where(eq(vouchers.campaignId, campaignId));
    expect(rows.map((v) => v.lineUserId[1]).sort()).toEqual(['1', '2', '3']);
    codes = new Map(rows.map((v) => [v.lineUserId[1]!, v.code]));
    // U2 ordered last at shop B: its voucher comes from B's account
    expect(rows.find((v) => v.lineUserId.startsWith('U2'))!.accountId).toBe(shopB.accountId);
    const pushes = sim.hooks.pushes.filter(
      (p) => p.token === chA.channelAccessToken || p.token === chB.channelAccessToken,
    );
    expect(pushes).toHaveLength(3);
    for (const v of rows) {
      const p = pushes.find((x) => x.to === v.lineUserId)!;
      expect(p.messages[0]!.text).toContain(v.code);
      expect(p.messages[0]!.text).toContain('春季回饋');
    }
    // the voucher list filtered to one id: that voucher, or none when the campaign has no such voucher
    const one = await api('GET', `/si/coupon-campaigns/${campaignId}/vouchers?id=${rows[0]!.id}`);
    expect(one.json()).toMatchObject({ total: 1, rows: [{ id: rows[0]!.id, code: rows[0]!.code }] });
    const none = await api('GET', `/si/coupon-campaigns/${campaignId}/vouchers?id=999999`);
    expect(none.json()).toEqual({ total: 0, rows: [] });
    const c = await api('GET', `/si/coupon-campaigns/${campaignId}`);
    expect(c.json().campaign.status).toBe('sent');
    expect(c.json().campaign.progress).toEqual({ issued: 3, sent: 3, failed: 0, redeemed: 0 });
  });

  it('si sees customers masked (王**) in the voucher list and on a voucher’s page', async () => {
    // contract customerDataFor: an integrator sees no customer identity
    const [v] = await t.db.select().from(vouchers).where(eq(vouchers.campaignId, campaignId)).limit(1);
    await t.db.update(vouchers).set({ customerName: '王小明' }).where(eq(vouchers.id, v!.id));
    const list = await api('GET', `/si/coupon-campaigns/${campaignId}/vouchers?limit=100`);
    expect(list.statusCode, list.body).toBe(200);
    const names = list.json().rows.map((r: { customerName: string }) => r.customerName);
    expect(names.sort()).toEqual(['客*', '客*', '王**']);
    expect(list.body).not.toContain('王小明');
    const page = await api('GET', `/si/coupon-campaigns/${campaignId}/vouchers/${v!.id}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().voucher.customerName).toBe('王**');
    expect(page.body).not.toContain('王小明');
  });

  it('an order redeems a voucher once; the second order with the same code is refused clearly', async () => {
    const code = codes.get('1')!;
    const first = await postOrder(t, shopA.accountId, {
      ...orderBody(shopA.productId),
      voucherCode: code.toLowerCase(),
    });
    expect(first.statusCode, first.body).toBe(201);
    const o = first.json().order;
    expect(o.discount).toBe(10);
    expect(o.total).toBe(o.subtotal - 10);
    expect(o.promotions).toEqual([expect.objectContaining({ promotionId: null, discount: 10 })]);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row!.voucherCode).toBe(code);
    const again = await postOrder(t, shopA.accountId, { ...orderBody(shopA.productId), voucherCode: code });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'VOUCHER_USED', message: '此優惠券已使用過' });

    const [v] = await t.db.select().from(vouchers).where(eq(vouchers.code, code));
    const page = await api('GET', `/si/coupon-campaigns/${campaignId}/vouchers/${v!.id}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().voucher.state).toBe('redeemed');
    expect(page.json().redemptions).toEqual([expect.objectContaining({ orderId: o.id, discount: 10 })]);
    // the /sales/vouchers page (gaa, spec routes.tsv) lists the redemption
    const day = taipeiDate(0);
    const sales = await api(
      'GET',
      `/gaa/sales/vouchers?from=${day}&to=${day}&code=${code}`,
      undefined,
      gaa.headers,
    );
    expect(sales.statusCode, sales.body).toBe(200);
    expect(sales.json().rows).toEqual([expect.objectContaining({ id: o.id, code, discount: 10 })]);
  });

  it('refusals: another shop, an unknown code, a malformed code', async () => {
    const code = codes.get('2')!;
    const other = await postOrder(t, shopOut.accountId, {
      ...orderBody(shopOut.productId),
      voucherCode: code,
    });
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json().error.code).toBe('VOUCHER_OTHER_SHOP');
    const unknown = await postOrder(t, shopA.accountId, {
      ...orderBody(shopA.productId),
      voucherCode: 'ZZZZZZZZZZ',
    });
    expect(unknown.json().error.code).toBe('VOUCHER_UNKNOWN');
    const malformed = await postOrder(t, shopA.accountId, {
      ...orderBody(shopA.productId),
      voucherCode: '!!',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('two orders racing for one voucher: exactly one wins', async () => {
    const code = codes.get('3')!;
    const results = await Promise.all([
      postOrder(t, shopA.accountId, { ...orderBody(shopA.productId), voucherCode: code }),
      postOrder(t, shopB.accountId, { ...orderBody(shopB.productId), voucherCode: code }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const [v] = await t.db.select().from(vouchers).where(eq(vouchers.code, code));
    expect(v!.usedCount).toBe(1);
  });

  it('two workers issuing one campaign at once (two instances): one voucher and one push per customer', async () => {
    const id = await createCampaign({ name: '雙機發送' });
    await api('POST', `/si/coupon-campaigns/${id}/shops`, { shopIds: [shopA.accountId, shopB.accountId] });
    expect((await api('POST', `/si/coupon-campaigns/${id}/send`, {})).statusCode).toBe(202);
    sim.hooks.reset();
    // the queued issue job and two more workers race for the same campaign
    const issued = await Promise.all([
      issueVouchers(t.db, id),
      issueVouchers(t.db, id),
      t.app.outbox.drain(),
    ]);
    await t.app.outbox.drain();
    expect(issued[0] + issued[1]).toBeLessThanOrEqual(3);
    const rows = await t.db.select().from(vouchers).where(eq(vouchers.campaignId, id));
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((v) => v.lineUserId)).size).toBe(3);
    const pushed = sim.hooks.pushes.filter((p) => p.messages[0]?.text?.includes('雙機發送'));
    expect(pushed).toHaveLength(3);
    expect(new Set(pushed.map((p) => p.to)).size).toBe(3);
  });

  it('a campaign of another SI is untouched by all this', async () => {
    const [c] = await t.db.select().from(couponCampaigns).where(eq(couponCampaigns.id, campaignId));
    expect(c!.siAccountId).toBe(quick.id);
  });
});

describe('followers are customers too ("from the shops’ orders and followers")', () => {
  it('a follower who never ordered gets a voucher; a customer who blocked the shop gets none', async () => {
    const fresh = `U9${'f'.repeat(32)}`;
    const blocker = `U1${'a'.repeat(32)}`; // ordered at shop A only (above)
    for (const ev of [chatEvent('follow', { userId: fresh }), chatEvent('unfollow', { userId: blocker })]) {
      const r = await postWebhook(t, shopA.accountId, [ev], chA.channelSecret);
      expect(r.statusCode, r.body).toBe(200);
    }
    await t.app.outbox.drain();
    const id = await createCampaign({ name: '好友回饋' });
    await api('POST', `/si/coupon-campaigns/${id}/shops`, { shopIds: [shopA.accountId, shopB.accountId] });
    sim.hooks.reset();
    expect((await api('POST', `/si/coupon-campaigns/${id}/send`, {})).statusCode).toBe(202);
    await t.app.outbox.drain();
    const rows = await t.db.select().from(vouchers).where(eq(vouchers.campaignId, id));
    const to = rows.map((v) => v.lineUserId);
    expect(to).toContain(fresh);
    expect(rows.find((v) => v.lineUserId === fresh)!.accountId).toBe(shopA.accountId);
    expect(to).not.toContain(blocker);
    expect(sim.hooks.pushes.some((p) => p.to === blocker)).toBe(false);
    // following again makes them reachable again
    await postWebhook(t, shopA.accountId, [chatEvent('follow', { userId: blocker })], chA.channelSecret);
    await t.app.outbox.drain();
    const again = await createCampaign({ name: '回來的好友' });
    await api('POST', `/si/coupon-campaigns/${again}/shops`, { shopIds: [shopA.accountId] });
    await api('POST', `/si/coupon-campaigns/${again}/send`, {});
    await t.app.outbox.drain();
    const back = await t.db.select().from(vouchers).where(eq(vouchers.campaignId, again));
    expect(back.map((v) => v.lineUserId)).toContain(blocker);
  });
});
