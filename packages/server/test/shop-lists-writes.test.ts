// Shop-list actions and role scoping: tags, go-live status, SI assignment, old-OA stop, online ordering,
// and the si / eaa lists (spec 002 §2 screens 1–3, §4, §6, §7 Shops + Tags; spec 000 §4, §7).
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecords } from '../src/db/schema';
import { build } from './helpers';

const t = await build();
const quick = await t.createSiAccount('quickclick');
const life = await t.createSiAccount('lifeplus');
const gaa = await t.signedIn('gaa');
const siUser = await t.signedIn('si', { siAccountId: quick.id });
const eaa = await t.signedIn('eaa');
const otherEaa = await t.signedIn('eaa');
const mine = await t.createShop({
  name: '阿嬤牛肉麵',
  siAccountId: quick.id,
  ownerUserId: eaa.user.id,
  invoice: '13579135',
  // not live yet: the go-live tests below turn it on (the factory makes shops live by default)
  isInitialized: false,
});
const theirs = await t.createShop({ name: '老王便當', siAccountId: life.id, ownerUserId: otherEaa.user.id });
const line = await t.signedIn('line', { shopAccountId: mine.account.id });
const A = mine.account.id;
const B = theirs.account.id;

type Headers = Record<string, string> | undefined;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/console/apis${url}`, headers, ...(payload ? { payload } : {}) });
const gaaRow = async (id: number) =>
  (await call('GET', `/gaa/shops/query?query=id:${id}`, gaa.headers)).json().data.shops[0];
const lastAudit = async (accountId: number) =>
  (
    await t.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.accountId, accountId))
      .orderBy(desc(auditRecords.id))
      .limit(1)
  )[0];

describe('tags (spec 002 §7 Tags)', () => {
  it('adding a new name creates the tag, tags the shop and is audited', async () => {
    const res = await call('POST', `/gaa/tags/shops/${A}`, gaa.headers, { tagName: ' 夜市 ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ accountId: A, tags: ['夜市'] });
    expect((await gaaRow(A)).tags).toEqual(['夜市']);
    expect(await lastAudit(A)).toMatchObject({
      resourceCode: 'tags',
      action: 'create',
      displayLog: '新增標籤：夜市',
      consoleType: 'gaa',
      oldValue: [],
      newValue: ['夜市'],
    });
  });

  it('the same tag twice is 409 with a message; another shop may use it', async () => {
    const dup = await call('POST', `/gaa/tags/shops/${A}`, gaa.headers, { tagName: '夜市' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('此商店已有這個標籤');
    expect((await call('POST', `/gaa/tags/shops/${B}`, gaa.headers, { tagName: '夜市' })).statusCode).toBe(
      201,
    );
  });

  it('refuses an empty name, a comma and more than 20 characters', async () => {
    for (const [tagName, message] of [
      ['  ', '請輸入標籤名稱'],
      ['a,b', '標籤名稱不可包含逗號'],
      ['字'.repeat(21), '標籤名稱最多20個字'],
    ]) {
      const res = await call('POST', `/gaa/tags/shops/${A}`, gaa.headers, { tagName });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    expect((await call('POST', '/gaa/tags/shops/999999', gaa.headers, { tagName: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('suggestions: names containing the keyword, prefix first, at most 5 (spec 002 §9)', async () => {
    for (const name of ['市集', '夜貓', '早市', '超市', '市場', '市區'])
      await call('POST', `/gaa/tags/shops/${B}`, gaa.headers, { tagName: name });
    const res = await call('GET', `/gaa/tags/account-tags?keyword=${encodeURIComponent('市')}`, gaa.headers);
    const names = res.json().tags.map((x: { name: string }) => x.name);
    expect(names).toHaveLength(5);
    expect(names.slice(0, 3).sort()).toEqual(['市區', '市場', '市集'].sort());
    const two = await call(
      'GET',
      `/gaa/tags/account-tags?keyword=${encodeURIComponent('夜')}&limit=2`,
      gaa.headers,
    );
    expect(two.json().tags.map((x: { name: string }) => x.name)).toEqual(['夜市', '夜貓']);
    expect((await call('GET', '/gaa/tags/account-tags?limit=6', gaa.headers)).statusCode).toBe(400);
  });

  it('removing takes the tag off the shop (audited); a tag the shop lacks is 404', async () => {
    const res = await call(
      'DELETE',
      `/gaa/tags/shops/${A}?tagName=${encodeURIComponent('夜市')}`,
      gaa.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accountId: A, tags: [] });
    expect(await lastAudit(A)).toMatchObject({
      action: 'delete',
      displayLog: '移除標籤：夜市',
      newValue: [],
    });
    const again = await call(
      'DELETE',
      `/gaa/tags/shops/${A}?tagName=${encodeURIComponent('夜市')}`,
      gaa.headers,
    );
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('此商店沒有這個標籤');
    expect((await gaaRow(B)).tags).toContain('夜市');
  });
});

describe('go-live status (spec 002 §4, POST /gaa/shops/{id}/initail-status)', () => {
  it('sets online and back, audited with old and new values', async () => {
    const on = await call('POST', `/gaa/shops/${A}/initail-status`, gaa.headers, {
      data: { isInitialized: true },
    });
    expect(on.json()).toEqual({ accountId: A, isInitialized: true });
    expect((await gaaRow(A)).isInitialized).toBe(true);
    expect(await lastAudit(A)).toMatchObject({ displayName: '上線狀態', oldValue: false, newValue: true });
    await call('POST', `/gaa/shops/${A}/initail-status`, gaa.headers, { data: { isInitialized: false } });
    expect((await gaaRow(A)).isInitialized).toBe(false);
  });

  it('refuses a body without data.isInitialized and an unknown shop', async () => {
    expect(
      (await call('POST', `/gaa/shops/${A}/initail-status`, gaa.headers, { isInitialized: true })).statusCode,
    ).toBe(400);
    const unknown = await call('POST', '/gaa/shops/999999/initail-status', gaa.headers, {
      data: { isInitialized: true },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('SI assignment (spec 002 §2 screen 1, PUT /gaa/shops/{shopId}/si-account)', () => {
  it('lists the SI accounts for the dropdown', async () => {
    const res = await call('GET', '/gaa/si-accounts', gaa.headers);
    expect(res.json().siAccounts).toEqual([
      { id: life.id, name: 'lifeplus', displayName: 'lifeplus' },
      { id: quick.id, name: 'quickclick', displayName: 'quickclick' },
    ]);
  });

  it('moves the shop to another SI, then to none (無), audited', async () => {
    const body = { shopId: 1, accountId: A, siAccountId: life.id };
    const res = await call('PUT', `/gaa/shops/${A}/si-account`, gaa.headers, body);
    expect(res.json()).toEqual({ accountId: A, siAccountId: life.id, siAccountName: 'lifeplus' });
    expect(await gaaRow(A)).toMatchObject({ siAccountId: life.id, siAccountName: 'lifeplus' });
    expect(await lastAudit(A)).toMatchObject({
      displayLog: '所屬SI：quickclick → lifeplus',
      oldValue: quick.id,
    });
    await call('PUT', `/gaa/shops/${A}/si-account`, gaa.headers, { ...body, siAccountId: null });
    expect(await gaaRow(A)).toMatchObject({ siAccountId: null, siAccountName: null });
    expect((await lastAudit(A))!.displayLog).toBe('所屬SI：lifeplus → 無');
    await call('PUT', `/gaa/shops/${A}/si-account`, gaa.headers, { ...body, siAccountId: quick.id });
  });

  it('refuses an unknown SI account and a body naming another shop', async () => {
    const unknown = await call('PUT', `/gaa/shops/${A}/si-account`, gaa.headers, {
      accountId: A,
      siAccountId: 99999,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('找不到此SI帳號');
    const other = await call('PUT', `/gaa/shops/${A}/si-account`, gaa.headers, {
      accountId: B,
      siAccountId: null,
    });
    expect(other.statusCode).toBe(400);
  });
});

describe('old official account stop (spec 002 §4, POST /gaa/shops/{accountId}/oa-disabled)', () => {
  it('stops once (audited), a second stop is 409', async () => {
    const res = await call('POST', `/gaa/shops/${B}/oa-disabled`, gaa.headers);
    expect(res.json()).toEqual({ accountId: B, isOaDisabled: true });
    expect((await gaaRow(B)).isOaDisabled).toBe(true);
    expect(await lastAudit(B)).toMatchObject({ displayName: '停用舊OA', newValue: true });
    expect((await call('POST', `/gaa/shops/${B}/oa-disabled`, gaa.headers)).statusCode).toBe(409);
  });
});

describe('online ordering (spec 000 §4, §7 PUT /{type}/shops/{accountId}/status; 002 §7 eaa-shops)', () => {
  const status = (type: string, id: number, headers: Headers, isEnabled: boolean) =>
    call('PUT', `/${type}/shops/${id}/status`, headers, { isEnabled });
  const eaaStatus = (id: number, headers: Headers, isEnabled: boolean) =>
    call('PUT', `/eaa/eaa-shops/${id}/status`, headers, { isEnabled });
  const enabled = async (id: number) =>
    (await call('GET', '/eaa/shops', id === A ? eaa.headers : otherEaa.headers)).json().shops[0].isEnabled;

  it('eaa switches its own shop on the eaa-shops path, audited', async () => {
    const res = await eaaStatus(A, eaa.headers, true);
    expect(res.json()).toEqual({ accountId: A, isEnabled: true });
    expect(await enabled(A)).toBe(true);
    expect(await lastAudit(A)).toMatchObject({ displayName: '線上接單', oldValue: false, newValue: true });
  });

  it('each type switches a shop it may touch on its own prefix', async () => {
    expect((await status('gaa', B, gaa.headers, true)).statusCode).toBe(200);
    expect((await status('si', A, siUser.headers, false)).statusCode).toBe(200);
    expect((await status('eaa', A, eaa.headers, true)).statusCode).toBe(200);
    expect(await enabled(A)).toBe(true);
  });

  it("si and eaa cannot switch another's shop (403), nor use another type's prefix", async () => {
    expect((await status('si', B, siUser.headers, false)).statusCode).toBe(403);
    expect((await status('eaa', B, eaa.headers, false)).statusCode).toBe(403);
    expect((await eaaStatus(B, eaa.headers, false)).statusCode).toBe(403);
    expect((await status('gaa', A, eaa.headers, false)).statusCode).toBe(403);
    expect((await status('eaa', A, siUser.headers, false)).statusCode).toBe(403);
    expect(await enabled(B)).toBe(true);
  });

  it('line and gaa may not use the eaa-shops path; line may not switch; no session is 401', async () => {
    expect((await eaaStatus(A, gaa.headers, false)).statusCode).toBe(403);
    expect((await eaaStatus(A, line.headers, false)).statusCode).toBe(403);
    expect((await status('eaa', A, line.headers, false)).statusCode).toBe(403);
    expect((await status('eaa', A, undefined, false)).statusCode).toBe(401);
    expect((await eaaStatus(A, undefined, false)).statusCode).toBe(401);
  });
});

describe('si list (spec 002 §2 screen 2, GET /si/shops/bulk)', () => {
  it("lists only the caller's SI shops, with the SI row fields", async () => {
    const res = await call('GET', '/si/shops/bulk', siUser.headers);
    expect(res.json().data).toEqual({
      total: 1,
      shops: [
        {
          id: A,
          accountId: A,
          name: '阿嬤牛肉麵',
          storeInfo: null,
          siAccountName: 'quickclick',
          siAccountId: quick.id,
          shopId: null,
          invoice: '13579135',
        },
      ],
    });
  });

  it('searches id, name and tax id within its own shops only; pages', async () => {
    const names = async (q: string) =>
      (await call('GET', `/si/shops/bulk?${q}`, siUser.headers))
        .json()
        .data.shops.map((s: { name: string }) => s.name);
    expect(await names(`keyword=${A}`)).toEqual(['阿嬤牛肉麵']);
    expect(await names(`keyword=${encodeURIComponent('牛肉')}`)).toEqual(['阿嬤牛肉麵']);
    expect(await names('keyword=5791')).toEqual(['阿嬤牛肉麵']);
    expect(await names(`keyword=${B}`)).toEqual([]);
    expect(await names(`keyword=${encodeURIComponent('老王')}`)).toEqual([]);
    expect(await names('offset=1')).toEqual([]);
  });

  it('401 without a session; 403 for gaa, eaa and line', async () => {
    expect((await call('GET', '/si/shops/bulk', undefined)).statusCode).toBe(401);
    for (const h of [gaa.headers, eaa.headers, line.headers])
      expect((await call('GET', '/si/shops/bulk', h)).statusCode).toBe(403);
  });
});

describe('eaa list (spec 002 §2 screen 3, GET /eaa/shops)', () => {
  it('lists only the shops the caller owns, 10 per page by default, type=retail selects retail', async () => {
    for (let i = 0; i < 11; i++) await t.createShop({ name: `分店${i}`, ownerUserId: eaa.user.id });
    const shop = await t.createShop({ name: '零售店', kind: 'retail', ownerUserId: eaa.user.id });
    const res = (await call('GET', '/eaa/shops', eaa.headers)).json();
    expect(res.total).toBe(12);
    expect(res.shops).toHaveLength(10);
    expect(res.shops[0]).toEqual({
      accountId: shop.account.id - 1,
      businessId: shop.account.id - 1,
      name: '分店10',
      invoice: null,
      isEnabled: false,
    });
    const page2 = (await call('GET', '/eaa/shops?offset=10', eaa.headers)).json();
    expect(page2.shops.map((s: { accountId: number }) => s.accountId)).toContain(A);
    const retail = (await call('GET', '/eaa/shops?type=retail', eaa.headers)).json();
    expect(retail).toEqual({ total: 1, shops: [expect.objectContaining({ accountId: shop.account.id })] });
    const other = (await call('GET', '/eaa/shops', otherEaa.headers)).json();
    expect(other.shops.map((s: { accountId: number }) => s.accountId)).toEqual([B]);
  });

  it('401 without a session; 403 for gaa, si and line', async () => {
    expect((await call('GET', '/eaa/shops', undefined)).statusCode).toBe(401);
    for (const h of [gaa.headers, siUser.headers, line.headers])
      expect((await call('GET', '/eaa/shops', h)).statusCode).toBe(403);
  });
});

describe('gaa-only actions refuse other types (spec 002 §6)', () => {
  const routes: [string, string, object?][] = [
    ['GET', '/gaa/tags/account-tags'],
    ['POST', `/gaa/tags/shops/${A}`, { tagName: 'x' }],
    ['DELETE', `/gaa/tags/shops/${A}?tagName=x`],
    ['POST', `/gaa/shops/${A}/initail-status`, { data: { isInitialized: true } }],
    ['GET', '/gaa/si-accounts'],
    ['PUT', `/gaa/shops/${A}/si-account`, { accountId: A, siAccountId: null }],
    ['POST', `/gaa/shops/${A}/oa-disabled`],
  ];
  it('401 without a session, 403 for si, eaa (even the owner) and line; nothing changes', async () => {
    for (const [method, url, body] of routes) {
      expect((await call(method as 'GET', url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      for (const h of [siUser.headers, eaa.headers, line.headers])
        expect((await call(method as 'GET', url, h, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const audits = await t.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.accountId, A), eq(auditRecords.consoleType, 'si')));
    expect(audits.map((a) => a.displayName)).toEqual(['線上接單']);
    expect((await gaaRow(A)).isOaDisabled).toBe(false);
  });
});
