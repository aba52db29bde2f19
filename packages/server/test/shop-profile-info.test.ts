// Shop info calls: binding code, manager info, notify groups and label printer (spec 000 §2 "Shop info
// screen", §3 "Other entities", §4 binding code, §7 Shops)
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, auditRecords } from '../src/db/schema';
import { build, scopedCast } from './helpers';

const t = await build();
const { quick, life, gaa, si, otherSi, eaa, otherEaa, line, id } = await scopedCast(t, {
  name: '阿嬤牛肉麵',
  email: 'beef@example.com',
  phone: '02-2345-6789',
  address: '台北市中正區忠孝西路一段 100 號',
  code: '246810',
});
const noSi = await t.createShop({
  name: '無SI小吃',
  ownerUserId: otherEaa.user.id,
  email: 'a@b.co',
  phone: '1',
  address: 'x',
});
type Who = { headers: Record<string, string>; user: { type: string } };

const getShop = (who: Who, shopId = id) =>
  t.app.inject({
    method: 'GET',
    url: `/console/apis/${who.user.type}/shops/${shopId}`,
    headers: who.headers,
  });

describe('POST /{type}/shops/{accountId}/code (spec 000 §4: regenerated binding code)', () => {
  it('answers a new 6-digit code valid for 7 days, stores it and audits old → new', async () => {
    const started = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: `/console/apis/eaa/shops/${id}/code`,
      headers: eaa.headers,
    });
    expect(res.statusCode).toBe(200);
    const { code, expiredTime } = res.json().results;
    expect(code).toMatch(/^[1-9]\d{5}$/);
    expect(code).not.toBe('246810');
    const days = (Date.parse(expiredTime) - started) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const shopRes = (await getShop(gaa)).json();
    expect(shopRes.businessData.code).toBe(code);
    expect(shopRes.codeExpiredTime).toBe(expiredTime);
    const [audit] = await t.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.accountId, id), eq(auditRecords.targetKey, 'code')));
    expect(audit).toMatchObject({ oldValue: { code: '246810' }, newValue: { code, expiredTime } });
  });
  it('is refused to other shops’ users', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/console/apis/si/shops/${id}/code`,
      headers: otherSi.headers,
    });
    expect(res.statusCode).toBe(403);
    const [row] = await t.db
      .select({ code: accounts.code })
      .from(accounts)
      .where(eq(accounts.id, noSi.account.id));
    expect(row?.code).toBeNull();
  });
});

describe('GET /{type}/si-accounts/{siAccountId} (manager info)', () => {
  // a loopback Host is taken as it is without PUBLIC_URL (http/public-base.ts); any other gets the listen origin
  it('answers the shop’s URLs from the one URL scheme', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/console/apis/si/si-accounts/${quick.id}?type=catering&businessId=${id}`,
      headers: { ...si.headers, host: '127.0.0.1:5173' },
    });
    expect(res.statusCode).toBe(200);
    const [info] = res.json().results;
    expect(info).toEqual({
      menuUrl: `http://127.0.0.1:5173/shop/${id}/menu`,
      orderUrl: `http://127.0.0.1:5173/shop/${id}/orders`,
      infoUrl: `http://127.0.0.1:5173/shop/${id}/info`,
      shoppingUrl: `http://127.0.0.1:5173/shop/${id}`,
      qrcodeUrl: `http://127.0.0.1:5173/shop/${id}/manager`,
      webhookUrlDomain: 'http://127.0.0.1:5173',
      webhookUrl: `http://127.0.0.1:5173/console/apis/line/webhook/${id}`,
    });
  });
  it('takes 0 for a shop without SI and refuses an SI that is not the shop’s', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: `/console/apis/gaa/si-accounts/0?businessId=${noSi.account.id}`,
      headers: gaa.headers,
    });
    expect(ok.statusCode).toBe(200);
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/console/apis/gaa/si-accounts/${life.id}?businessId=${id}`,
      headers: gaa.headers,
    });
    expect(wrong.statusCode).toBe(404);
  });
  it('is 403 for another owner', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/console/apis/eaa/si-accounts/${quick.id}?businessId=${id}`,
      headers: otherEaa.headers,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /{type}/line-notify-groups', () => {
  it('answers an empty list for a shop without groups (nor a LINE channel) the caller may open', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/console/apis/eaa/line-notify-groups?business_id=${id}`,
      headers: eaa.headers,
    });
    expect(res.json()).toEqual({ results: [], addFriendUrl: '', basicId: '' });
    const other = await t.app.inject({
      method: 'GET',
      url: `/console/apis/eaa/line-notify-groups?business_id=${id}`,
      headers: otherEaa.headers,
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('label printer (GET / PATCH /{type}/accounts/{id}/label-printer)', () => {
  const lp = (who: Who, method: 'GET' | 'PATCH', payload?: object) =>
    t.app.inject({
      method,
      url: `/console/apis/${who.user.type}/accounts/${id}/label-printer`,
      headers: who.headers,
      payload,
    });
  it('saves the disabled meal types, in order and once each, with an audit record', async () => {
    expect((await lp(si, 'GET')).json()).toEqual({ disabledLabel: [] });
    const res = await lp(si, 'PATCH', { disabledLabel: ['deliver', 'here', 'deliver'] });
    expect(res.json()).toEqual({ disabledLabel: ['here', 'deliver'] });
    expect((await lp(eaa, 'GET')).json()).toEqual({ disabledLabel: ['here', 'deliver'] });
    const [audit] = await t.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.accountId, id), eq(auditRecords.targetKey, 'disabled_label')));
    expect(audit).toMatchObject({
      oldValue: [],
      newValue: ['here', 'deliver'],
      displayLog: '停用標籤列印：（無） → 內用、外送',
    });
  });
  it('refuses unknown meal types, other shops and missing sessions', async () => {
    expect((await lp(si, 'PATCH', { disabledLabel: ['bar'] })).statusCode).toBe(400);
    expect((await lp(otherSi, 'PATCH', { disabledLabel: [] })).statusCode).toBe(403);
    // a manager of the shop reads it with the shop acl (docs/decisions/shops.md "A shop manager with the `shop`
    // acl edits its shop"), not without it
    expect((await lp(line, 'GET')).statusCode).toBe(200);
    const orderOnly = await t.signedIn('line', { shopAccountId: id, acls: ['order'] });
    expect((await lp(orderOnly, 'GET')).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/console/apis/si/accounts/${id}/label-printer` }))
        .statusCode,
    ).toBe(401);
  });
});
