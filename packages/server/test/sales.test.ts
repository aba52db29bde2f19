import { addDays, DATE_RULE_MESSAGES, localToday, ORDER_ERROR_CODES } from '@shopdesk/contract';
import { describe, expect, it } from 'vitest';
import { build, scopedCast } from './helpers';
import { insertOrders, type TOrderSpec } from './sales-fixtures';

// sales query (spec 000 §2 Sales, §5 date rules): sold orders of a range, scoped by role.
describe('sales query', async () => {
  const t = await build();
  const cast = await scopedCast(t, { name: '阿明麵館' });
  const other = await t.createShop({
    name: 'Cafe, "B"',
    siAccountId: cast.life.id,
    ownerUserId: cast.otherEaa.user.id,
  });
  const shopA = { accountId: cast.id, siAccountId: cast.quick.id };
  const shopB = { accountId: other.account.id, siAccountId: cast.life.id };
  const specsA: TOrderSpec[] = [];
  for (let day = 0; day < 10; day += 1) {
    specsA.push(
      { day, hour: 12, status: 'completed', subtotal: 200, phone: day === 0 ? '0987654321' : undefined },
      {
        day,
        hour: 13,
        status: 'accepted',
        mealType: 'to_go',
        paymentMethod: 'online',
        subtotal: 300,
        voucher: day % 2 === 0 ? { code: 'LUNCH20', discount: 20 } : undefined,
      },
      { day, hour: 18, status: 'canceled', mealType: 'delivery', subtotal: 250 },
      { day, hour: 19, status: 'new', subtotal: 999 },
    );
  }
  await insertOrders(t.db, shopA, specsA);
  await insertOrders(
    t.db,
    shopB,
    Array.from({ length: 10 }, (_, day) => ({ day, subtotal: 150 })),
  );

  const today = localToday();
  const week = { from: addDays(today, -6), to: today };
  const get = (type: string, headers: { cookie: string } | undefined, query: Record<string, unknown>) =>
    t.app.inject({
      method: 'GET',
      url: `/console/apis/${type}/sales/orders`,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers,
    });

  it('eaa sees its own shop: sold orders, totals by SQL, newest first', async () => {
    const res = await get('eaa', cast.eaa.headers, { ...week, limit: 200 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // 7 days × (completed + accepted); new and canceled are not sold
    expect(body.total).toBe(14);
    expect(body.totals).toEqual({ orders: 14, revenue: 7 * 200 + 7 * 300 - 4 * 20, discount: 80 });
    expect(new Set(body.rows.map((r: { shopId: number }) => r.shopId))).toEqual(new Set([cast.id]));
    expect(new Set(body.rows.map((r: { status: string }) => r.status))).toEqual(
      new Set(['completed', 'accepted']),
    );
    const rows = body.rows as { total: number; discount: number; createdAt: string; items: string }[];
    expect(rows.reduce((s, r) => s + r.total, 0)).toBe(body.totals.revenue);
    expect(rows.reduce((s, r) => s + r.discount, 0)).toBe(body.totals.discount);
    expect(rows[0]!.createdAt).toBe(`${today} 13:00:00`);
    expect(rows[0]!.items).toBe('牛肉麵 x2');
  });

  it('the totals cover the whole range while a page holds only `limit` rows', async () => {
    const res = await get('eaa', cast.eaa.headers, { ...week, limit: 5, offset: 10 });
    expect(res.json().rows).toHaveLength(4);
    expect(res.json().totals.orders).toBe(14);
  });

  it('rejected and canceled orders are listed on request but never count as revenue', async () => {
    const body = (await get('eaa', cast.eaa.headers, { ...week, includeVoided: true, limit: 200 })).json();
    expect(body.total).toBe(21);
    expect(body.totals.revenue).toBe(3420);
    expect(body.rows.filter((r: { status: string }) => r.status === 'canceled')).toHaveLength(7);
  });

  it('filters by meal type, payment method and phone', async () => {
    const meal = (await get('eaa', cast.eaa.headers, { ...week, mealType: 'to_go' })).json();
    expect(meal.total).toBe(7);
    const pay = (await get('eaa', cast.eaa.headers, { ...week, paymentMethod: 'cash' })).json();
    expect(pay.totals).toEqual({ orders: 7, revenue: 1400, discount: 0 });
    const phone = (await get('eaa', cast.eaa.headers, { ...week, phone: '0987-654-321' })).json();
    expect(phone.total).toBe(1);
    expect(phone.rows[0].customerPhone).toBe('0987654321');
  });

  it('gaa sees every shop or the chosen one; si its SI account shops with phones masked', async () => {
    const all = (await get('gaa', cast.gaa.headers, week)).json();
    expect(all.totals).toEqual({ orders: 21, revenue: 3420 + 7 * 150, discount: 80 });
    const one = (await get('gaa', cast.gaa.headers, { ...week, shopId: other.account.id, limit: 50 })).json();
    expect(one.total).toBe(7);
    expect(one.rows[0].shopName).toBe('Cafe, "B"');
    const si = (await get('si', cast.si.headers, { ...week, limit: 50 })).json();
    expect(si.total).toBe(14);
    expect(si.rows[0].customerPhone).toBe('0912***678');
    const otherSi = (await get('si', cast.otherSi.headers, week)).json();
    expect(otherSi.total).toBe(7);
    const otherEaa = (await get('eaa', cast.otherEaa.headers, week)).json();
    expect(otherEaa.totals.revenue).toBe(1050);
  });

  it('refuses another shop (403), an unknown one (404), line (403), another portal (403), no session (401)', async () => {
    expect((await get('eaa', cast.eaa.headers, { ...week, shopId: other.account.id })).statusCode).toBe(403);
    expect((await get('si', cast.si.headers, { ...week, shopId: other.account.id })).statusCode).toBe(403);
    expect((await get('gaa', cast.gaa.headers, { ...week, shopId: 999_999 })).statusCode).toBe(404);
    expect((await get('line', cast.line.headers, week)).statusCode).toBe(403);
    expect((await get('eaa', cast.line.headers, week)).statusCode).toBe(403);
    expect((await get('gaa', cast.eaa.headers, week)).statusCode).toBe(403);
    expect((await get('eaa', undefined, week)).statusCode).toBe(401);
  });

  // spec 000 §5: each rule answers 400 with its text and the field it concerns.
  it.each([
    ['start later than today', { from: addDays(today, 1), to: addDays(today, 1) }, 'from', 'startAfterToday'],
    ['start after the end', { from: addDays(today, -2), to: addDays(today, -3) }, 'from', 'startAfterEnd'],
    ['32 days', { from: addDays(today, -31), to: today }, 'to', 'queryRange'],
    ['no such day', { from: '2026-02-30', to: today }, 'from', 'wrongDate'],
    [
      'phone older than 3 months',
      { from: addDays(today, -100), to: addDays(today, -90), phone: '0912345678' },
      'from',
      'phoneRange',
    ],
  ] as const)('date rule: %s', async (_, query, field, key) => {
    const res = await get('eaa', cast.eaa.headers, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: ORDER_ERROR_CODES.dateRule,
      field,
      message: DATE_RULE_MESSAGES[key].zh,
      messageEn: DATE_RULE_MESSAGES[key].en,
    });
  });

  it('31 days is still a query', async () => {
    expect((await get('eaa', cast.eaa.headers, { from: addDays(today, -30), to: today })).statusCode).toBe(
      200,
    );
  });
  // docs/decisions/shops.md "Retail tree": the retail tree asks for ?kind=retail, the console for catering.
  it('?kind= keeps each tree to its kind of shop: query, totals, vouchers and exports; none = every shop', async () => {
    const retail = await t.createShop({ name: '阿明雜貨', kind: 'retail', siAccountId: cast.quick.id });
    await insertOrders(t.db, { accountId: retail.account.id, siAccountId: cast.quick.id }, [
      { day: 0, subtotal: 500, voucher: { code: 'SHOP50', discount: 50 } },
    ]);
    const q = { ...week, limit: 200 };
    const shopsOf = (body: { rows: { shopId: number }[] }) => new Set(body.rows.map((r) => r.shopId));
    const all = (await get('gaa', cast.gaa.headers, q)).json();
    const retailOnly = (await get('gaa', cast.gaa.headers, { ...q, kind: 'retail' })).json();
    const catering = (await get('gaa', cast.gaa.headers, { ...q, kind: 'catering' })).json();
    expect(shopsOf(retailOnly)).toEqual(new Set([retail.account.id]));
    expect(retailOnly.totals).toEqual({ orders: 1, revenue: 450, discount: 50 });
    expect(shopsOf(catering)).toEqual(new Set([cast.id, other.account.id]));
    expect(catering.totals).toEqual({ orders: 21, revenue: 3420 + 7 * 150, discount: 80 });
    expect(shopsOf(all)).toEqual(new Set([cast.id, other.account.id, retail.account.id]));
    expect(all.totals).toEqual({ orders: 22, revenue: 3420 + 7 * 150 + 450, discount: 130 });
    // a phone search counts raw orders instead of the rollup: the same narrowing
    const byPhone = (kind: string) =>
      get('si', cast.si.headers, { ...q, phone: '0912345678', kind }).then((r) => r.json().total);
    expect(await byPhone('retail')).toBe(1);
    expect(await byPhone('catering')).toBe(13); // shop A's sold orders of the week but one

    const call = (path: string, query: Record<string, string>) =>
      t.app.inject({
        method: 'GET',
        url: `/console/apis/gaa/sales/${path}`,
        query,
        headers: cast.gaa.headers,
      });
    const codes = async (kind?: string) =>
      ((await call('vouchers', { ...week, ...(kind ? { kind } : {}) })).json().byCode as { code: string }[])
        .map((c) => c.code)
        .sort();
    expect(await codes('retail')).toEqual(['SHOP50']);
    expect(await codes('catering')).toEqual(['LUNCH20']);
    expect(await codes()).toEqual(['LUNCH20', 'SHOP50']);
    const csvLines = async (path: string, kind: string) => {
      const res = await call(path, { ...week, kind, format: 'csv' });
      expect(res.statusCode, res.body).toBe(200);
      return res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .slice(1);
    };
    expect(await csvLines('orders/export', 'retail')).toEqual([expect.stringContaining('阿明雜貨')]);
    expect((await csvLines('orders/export', 'catering')).join('\n')).not.toContain('阿明雜貨');
    expect(await csvLines('vouchers/export', 'retail')).toEqual([expect.stringContaining('SHOP50')]);
    expect((await csvLines('vouchers/export', 'catering')).join('\n')).not.toContain('SHOP50');
  });
});
