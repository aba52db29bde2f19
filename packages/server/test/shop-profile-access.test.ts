// Shop edit: role visibility on save (spec 000 §6) and shop scoping (gaa any, si its SI's, eaa its own, line
// none without the shop acl; spec 000 §7 Shops; with it: acls-gates.test.ts)
import type { TBusinessData } from '@shopdesk/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecords } from '../src/db/schema';
import { build, scopedCast } from './helpers';

const t = await build();
const { quick, gaa, si, otherSi, eaa, otherEaa, id } = await scopedCast(t, {
  name: '阿嬤牛肉麵',
  email: 'beef@example.com',
  phone: '02-2345-6789',
  address: '台北市中正區忠孝西路一段 100 號',
});
// a manager of the shop holding every acl but shop
const line = await t.signedIn('line', {
  shopAccountId: id,
  acls: ['product', 'user', 'contract', 'admin', 'report', 'order'],
});
type Who = { headers: Record<string, string>; user: { type: string } };

const getShop = (who: Who, shopId = id) =>
  t.app.inject({
    method: 'GET',
    url: `/console/apis/${who.user.type}/shops/${shopId}`,
    headers: who.headers,
  });
const putShop = (who: Who, businessData: TBusinessData) =>
  t.app.inject({
    method: 'PUT',
    url: `/console/apis/${who.user.type}/shops/${id}`,
    headers: who.headers,
    payload: { businessData },
  });
const data = async () => (await getShop(gaa)).json().businessData as TBusinessData;

describe('role visibility on save (spec 000 §6)', () => {
  const gaaOnly: [keyof TBusinessData, unknown][] = [
    ['businessName', '改名'],
    ['shopId', 'S-9'],
    ['lineAddFriendUrl', 'https://lin.ee/abc'],
    ['isMobilePayment', true],
    ['isLala', true],
  ];
  it.each(gaaOnly)('si and eaa may not change %s (403, nothing written)', async (field, value) => {
    const before = await data();
    for (const who of [si, eaa]) {
      const res = await putShop(who, { ...before, [field]: value });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.field).toBe(field);
    }
    expect(await data()).toEqual(before);
  });

  it('the store code is gaa and si only', async () => {
    const before = await data();
    expect((await putShop(eaa, { ...before, businessCode: 'E-1' })).statusCode).toBe(403);
    expect((await putShop(si, { ...before, businessCode: 'SI-1' })).statusCode).toBe(200);
    expect((await data()).businessCode).toBe('SI-1');
  });

  it('si and eaa save the fields open to them, sending the restricted ones unchanged', async () => {
    const before = await data();
    const res = await putShop(eaa, { ...before, storeInfo: '店主更新', isToGo: true, isToGoCash: true });
    expect(res.statusCode).toBe(200);
    expect((await data()).storeInfo).toBe('店主更新');
    const audit = await t.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.accountId, id), eq(auditRecords.userId, eaa.user.id)));
    expect(audit.map((a) => a.displayName).sort()).toEqual(['商店簡介', '外帶', '外帶現金付款'].sort());
  });

  it('gaa changes the gaa-only fields', async () => {
    const before = await data();
    expect(
      (await putShop(gaa, { ...before, businessName: '阿嬤牛肉麵 2 號店', isMobilePayment: true }))
        .statusCode,
    ).toBe(200);
    expect((await data()).businessName).toBe('阿嬤牛肉麵 2 號店');
  });
});

describe('shop scoping', () => {
  it('no session is 401 on every call of the feature', async () => {
    const calls = [
      ['GET', `/console/apis/gaa/shops/${id}`],
      ['PUT', `/console/apis/gaa/shops/${id}`],
      ['POST', `/console/apis/gaa/shops/${id}/code`],
      ['GET', `/console/apis/gaa/si-accounts/${quick.id}?businessId=${id}`],
      ['GET', `/console/apis/gaa/line-notify-groups?business_id=${id}`],
      ['GET', `/console/apis/gaa/accounts/${id}/label-printer`],
      ['PATCH', `/console/apis/gaa/accounts/${id}/label-printer`],
    ] as const;
    for (const [method, url] of calls) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
  it('line users without the shop acl are 403 on every call of the feature', async () => {
    const calls = [
      ['GET', `/console/apis/line/shops/${id}`],
      ['POST', `/console/apis/line/shops/${id}/code`],
      ['GET', `/console/apis/line/si-accounts/${quick.id}?businessId=${id}`],
      ['GET', `/console/apis/line/line-notify-groups?business_id=${id}`],
      ['GET', `/console/apis/line/accounts/${id}/label-printer`],
    ] as const;
    for (const [method, url] of calls) {
      expect((await t.app.inject({ method, url, headers: line.headers })).statusCode, url).toBe(403);
    }
  });
  it('si of another SI, eaa of another owner and line users are 403', async () => {
    expect((await getShop(otherSi)).statusCode).toBe(403);
    expect((await getShop(otherEaa)).statusCode).toBe(403);
    expect((await getShop(line)).statusCode).toBe(403);
    const before = await data();
    expect((await putShop(otherSi, before)).statusCode).toBe(403);
    expect((await putShop(otherEaa, before)).statusCode).toBe(403);
  });
  it('the path type must be the caller’s own portal', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/console/apis/gaa/shops/${id}`,
      headers: si.headers,
    });
    expect(res.statusCode).toBe(403);
  });
  it('an unknown shop is 404', async () => {
    expect((await getShop(gaa, 987654)).statusCode).toBe(404);
  });
  it('si and eaa read their own shop', async () => {
    expect((await getShop(si)).statusCode).toBe(200);
    expect((await getShop(eaa)).statusCode).toBe(200);
  });
});
