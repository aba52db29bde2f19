// statistics: role scoping, date rules (spec 000 §5), figures equal raw SQL over orders, previous period.
import { addDays } from '@shopdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { build } from './helpers';
import { lastWeek, move, placeOrders, rawFigures, statShop, statsUrl, today } from './stats-fixtures';
import { openShop } from './storefront-fixtures';

const t = await build();
const quick = await t.createSiAccount('quickclick');
const life = await t.createSiAccount('lifeplus');
const owner = await t.signedIn('eaa');
const otherOwner = await t.signedIn('eaa');
const a = await statShop(t, owner, quick.id);
const b = await statShop(t, otherOwner, quick.id);
const c = await statShop(t, otherOwner, life.id);
const gaa = await t.signedIn('gaa');
const si = await t.signedIn('si', { siAccountId: quick.id });
const line = await t.signedIn('line', { shopAccountId: a.accountId });

// A: 6 orders (2 accepted, 2 completed, 1 rejected, 1 canceled); B: 3 (1 new, 2 accepted); C: 2 completed.
const aIds = await placeOrders(t, a, 6);
for (const id of aIds.slice(0, 4)) await move(t, a.accountId, id, 'accept');
for (const id of aIds.slice(2, 4)) await move(t, a.accountId, id, 'complete');
await move(t, a.accountId, aIds[4]!, 'reject');
await move(t, a.accountId, aIds[5]!, 'accept');
await move(t, a.accountId, aIds[5]!, 'cancel');
const bIds = await placeOrders(t, b, 3);
for (const id of bIds.slice(1)) await move(t, b.accountId, id, 'accept');
const cIds = await placeOrders(t, c, 2);
for (const id of cIds) {
  await move(t, c.accountId, id, 'accept');
  await move(t, c.accountId, id, 'complete');
}
// one of A's completed orders and one of C's moved to 9 days ago (the previous period of the last 7 days)
await t.db.execute(
  sql`update orders set created_at = created_at - interval '9 days' where id in (${aIds[3]!}, ${cIds[1]!})`,
);

const get = (type: string, query: Record<string, string | number>, headers?: { cookie: string }) =>
  t.app.inject({
    method: 'GET',
    url: statsUrl(type, '/summary'),
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers,
  });

const expectFigures = async (
  body: ReturnType<typeof JSON.parse>,
  shops: number[],
  range: { from: string; to: string },
) => {
  const raw = await rawFigures(t, shops, range);
  expect(raw.orders).toBeGreaterThan(0);
  expect(body.current.orders).toBe(raw.orders);
  expect(body.current.revenue).toBe(raw.revenue);
  expect(body.current.avgTicket).toBe(Math.round(raw.revenue / raw.orders));
  expect(
    body.byMealType
      .filter((m: { orders: number }) => m.orders > 0)
      .map((m: { mealType: string; orders: number; revenue: number }) => ({
        meal_type: m.mealType,
        orders: m.orders,
        revenue: m.revenue,
      })),
  ).toEqual(raw.byMeal);
  expect(
    body.byHour
      .filter((h: { orders: number }) => h.orders > 0)
      .map((h: { hour: number; orders: number }) => ({ hour: h.hour, orders: h.orders })),
  ).toEqual(raw.byHour);
  expect(
    body.topProducts.map((p: { productId: number; qty: number; revenue: number }) => ({
      product_id: p.productId,
      qty: p.qty,
      revenue: p.revenue,
    })),
  ).toEqual(raw.products);
  expect(body.byDay.reduce((s: number, d: { orders: number }) => s + d.orders, 0)).toBe(raw.orders);
};

describe('stats summary figures equal a raw aggregation over orders', () => {
  it('gaa sees every shop; the figures, hours, meal types and products equal raw SQL; the previous period too', async () => {
    const range = lastWeek();
    const res = await get('gaa', range, gaa.headers);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // counted: A accepted ×2 + completed ×1 (one moved back), B accepted ×2, C completed ×1
    expect(body.current.orders).toBe(6);
    await expectFigures(body, [a.accountId, b.accountId, c.accountId], range);
    expect(body.previousRange).toEqual({ from: addDays(range.from, -7), to: addDays(range.from, -1) });
    const prev = await rawFigures(t, [a.accountId, b.accountId, c.accountId], body.previousRange);
    expect(body.previous).toMatchObject({ orders: 2, revenue: prev.revenue });
    expect(body.byDay).toHaveLength(7);
    expect(body.byDay.at(-1).day).toBe(today());
    expect(body.byDay.reduce((s: number, d: { prevOrders: number }) => s + d.prevOrders, 0)).toBe(2);
  });

  it('each role sees its own scope: si its SI’s shops, eaa its shops, line its one shop', async () => {
    const range = lastWeek();
    const siRes = await get('si', range, si.headers);
    expect(siRes.statusCode).toBe(200);
    await expectFigures(siRes.json(), [a.accountId, b.accountId], range);
    const eaaRes = await get('eaa', range, owner.headers);
    await expectFigures(eaaRes.json(), [a.accountId], range);
    const lineRes = await get('line', range, line.headers);
    await expectFigures(lineRes.json(), [a.accountId], range);
    // gaa chooses an SI account or one shop
    await expectFigures(
      (await get('gaa', { ...range, siAccountId: life.id }, gaa.headers)).json(),
      [c.accountId],
      range,
    );
    await expectFigures(
      (await get('gaa', { ...range, shopId: b.accountId }, gaa.headers)).json(),
      [b.accountId],
      range,
    );
    await expectFigures(
      (await get('si', { ...range, shopId: b.accountId }, si.headers)).json(),
      [b.accountId],
      range,
    );
  });

  it('refuses another scope (403), no session (401) and another portal’s path (403)', async () => {
    const range = lastWeek();
    expect((await get('si', { ...range, shopId: c.accountId }, si.headers)).statusCode).toBe(403);
    expect((await get('si', { ...range, siAccountId: life.id }, si.headers)).statusCode).toBe(403);
    expect((await get('eaa', { ...range, shopId: b.accountId }, owner.headers)).statusCode).toBe(403);
    expect((await get('eaa', { ...range, siAccountId: quick.id }, owner.headers)).statusCode).toBe(403);
    expect((await get('line', { ...range, shopId: b.accountId }, line.headers)).statusCode).toBe(403);
    expect((await get('gaa', range)).statusCode).toBe(401);
    expect((await get('gaa', range, owner.headers)).statusCode).toBe(403);
    expect((await get('gaa', { ...range, shopId: 99999 }, gaa.headers)).statusCode).toBe(404);
  });

  it('applies the date rules with the spec’s texts (start after today, start after end, at most 92 days)', async () => {
    const t0 = today();
    const future = await get('gaa', { from: addDays(t0, 1), to: addDays(t0, 1) }, gaa.headers);
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toMatchObject({ message: '開始日期不可晚於今天', field: 'from' });
    const reversed = await get('gaa', { from: t0, to: addDays(t0, -1) }, gaa.headers);
    expect(reversed.json().error).toMatchObject({ message: '開始日期不可晚於結束日期', field: 'from' });
    const long = await get('gaa', { from: addDays(t0, -92), to: t0 }, gaa.headers);
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({ message: '統計區間最多 92 天', field: 'to' });
    expect((await get('gaa', { from: addDays(t0, -91), to: t0 }, gaa.headers)).statusCode).toBe(200);
    expect((await get('gaa', { from: 'x', to: t0 }, gaa.headers)).statusCode).toBe(400);
  });

  it('the rollups stay equal to a rebuild from orders after inserts and status changes', async () => {
    const snapshot = async () =>
      queryRows<{ d: unknown; h: unknown; p: unknown }>(
        t.db,
        sql`select (select json_agg(d order by account_id, day, meal_type, payment_method, status)
        from order_stats_daily d where orders <> 0) as d,
        (select json_agg(h order by account_id, day, hour) from order_stats_hourly h where orders <> 0) as h,
        (select json_agg(json_build_array(account_id, day, product_id, qty, revenue) order by account_id, day, product_id)
          from order_product_daily where qty <> 0) as p`,
      );
    const before = await snapshot();
    expect(before[0]!.d).not.toBeNull();
    await t.db.execute(sql`select refresh_order_stats('2000-01-01', '2100-01-01')`);
    expect(await snapshot()).toEqual(before);
  });
});

describe('per-shop statistics (gaa)', () => {
  const shopsUrl = (q: string) => `${statsUrl('gaa', '/shops')}?${q}`;
  it('lists every shop with both periods, splits and refusals; sorts, pages and filters', async () => {
    const r = lastWeek();
    const res = await t.app.inject({
      method: 'GET',
      url: shopsUrl(`from=${r.from}&to=${r.to}&sort=-orders&limit=50`),
      headers: gaa.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    const rowA = body.rows.find((x: { accountId: number }) => x.accountId === a.accountId);
    const rawA = await rawFigures(t, [a.accountId], r);
    expect(rowA).toMatchObject({
      orders: rawA.orders,
      revenue: rawA.revenue,
      prevOrders: 1,
      rejected: 1,
      canceled: 1,
    });
    expect(rowA.byMealType.to_go.orders).toBe(rawA.orders);
    expect(body.rows.map((x: { orders: number }) => x.orders)).toEqual([3, 2, 1]);
    expect(body.totals.orders).toBe(6);
    const life1 = await t.app.inject({
      method: 'GET',
      url: shopsUrl(`from=${r.from}&to=${r.to}&siAccountId=${life.id}`),
      headers: gaa.headers,
    });
    expect(life1.json().rows.map((x: { accountId: number }) => x.accountId)).toEqual([c.accountId]);
    const old = { from: addDays(r.from, -30), to: addDays(r.from, -20) };
    const zero = await t.app.inject({
      method: 'GET',
      url: shopsUrl(`from=${old.from}&to=${old.to}&zeroOnly=1`),
      headers: gaa.headers,
    });
    expect(zero.json().total).toBe(3);
    expect(
      (await t.app.inject({ method: 'GET', url: shopsUrl(`from=${r.from}&to=${r.to}`), headers: si.headers }))
        .statusCode,
    ).toBe(403);
  });
});

describe('360 view', () => {
  const url = (type: string, id: number) =>
    `${statsUrl(type, `/shops/${id}/360`)}?from=${lastWeek().from}&to=${lastWeek().to}`;
  it('the owner sees statuses, refusal rate, heat map and repeat customers of its shop; others are refused', async () => {
    const res = await t.app.inject({ method: 'GET', url: url('eaa', a.accountId), headers: owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const counts = Object.fromEntries(
      body.statuses.map((s: { status: string; orders: number }) => [s.status, s.orders]),
    );
    expect(counts).toEqual({ new: 0, accepted: 2, rejected: 1, completed: 1, canceled: 1 });
    expect(body.refusalRate).toBe(40);
    expect(body.heatmap.reduce((s: number, h: { orders: number }) => s + h.orders, 0)).toBe(3);
    // phones cycle over 3 numbers: the 3 counted orders are aIds 0,1,2 → 3 different customers
    expect(body.customers).toEqual({ customers: 3, repeatCustomers: 0, repeatOrderShare: 0 });
    expect(
      (await t.app.inject({ method: 'GET', url: url('eaa', b.accountId), headers: owner.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: url('gaa', b.accountId), headers: gaa.headers })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: url('si', a.accountId), headers: si.headers })).statusCode,
    ).toBe(403);
    // a shop that does not exist: 404, not a page of zeros
    expect(
      (await t.app.inject({ method: 'GET', url: url('gaa', 99999), headers: gaa.headers })).statusCode,
    ).toBe(404);
  });
});

// docs/decisions/shops.md "Retail tree": the retail tree asks for ?kind=retail, the console for catering.
describe('?kind= keeps each tree to its kind of shop', () => {
  it('a retail shop counts under kind=retail, not under catering; without kind, every shop', async () => {
    const retail = await openShop(t, owner, { kind: 'retail', siAccountId: quick.id }, {}, { manual: true });
    for (const id of await placeOrders(t, retail, 2)) await move(t, retail.accountId, id, 'accept');
    const r = lastWeek();
    const summary = async (query: Record<string, string | number>, who = gaa) => {
      const res = await get(who === gaa ? 'gaa' : 'eaa', { ...r, ...query }, who.headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const retailRaw = await rawFigures(t, [retail.accountId], r);
    const cateringRaw = await rawFigures(t, [a.accountId, b.accountId, c.accountId], r);
    expect(retailRaw.orders).toBe(2);
    await expectFigures(await summary({ kind: 'retail' }), [retail.accountId], r);
    await expectFigures(await summary({ kind: 'catering' }), [a.accountId, b.accountId, c.accountId], r);
    expect((await summary({})).current.orders).toBe(retailRaw.orders + cateringRaw.orders);
    // the owner of a shop of each kind; a retail shop asked for under the console tree has no figures
    expect((await summary({ kind: 'retail' }, owner)).current.orders).toBe(2);
    expect((await summary({ kind: 'catering' }, owner)).current.orders).toBe(
      (await rawFigures(t, [a.accountId], r)).orders,
    );
    expect((await summary({ shopId: retail.accountId, kind: 'catering' }, owner)).current.orders).toBe(0);

    const shops = async (kind?: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${statsUrl('gaa', '/shops')}?from=${r.from}&to=${r.to}${kind ? `&kind=${kind}` : ''}`,
        headers: gaa.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { total: number; rows: { accountId: number }[]; totals: { orders: number } };
    };
    const retailShops = await shops('retail');
    expect(retailShops.rows.map((x) => x.accountId)).toEqual([retail.accountId]);
    expect(retailShops.totals.orders).toBe(2);
    const cateringShops = await shops('catering');
    expect(cateringShops.total).toBe(3);
    expect(cateringShops.totals.orders).toBe(cateringRaw.orders);
    expect((await shops()).total).toBe(4);
  });
});
