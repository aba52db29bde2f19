// Go-live status (spec 002 §1 "set a shop's go-live status", §2 status 未上線/已上線) and staff test orders
// (docs/decisions/orders.md "Go-live status and test orders"); service periods at intake (spec 000 §3 timeObjSectors).
import { addDays, localTime, localToday, minutesToColon } from '@shopdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businesses, orders } from '../src/db/schema';
import { build } from './helpers';
import { pos, posShop } from './pos-board-fixtures';
import { openShop, orderBody, postOrder, someClient, storefrontUrl } from './storefront-fixtures';

describe('go-live status and staff test orders', async () => {
  const t = await build();
  const eaa = await t.signedIn('eaa');
  const gaa = await t.signedIn('gaa');
  const shop = await posShop(t, eaa, { manual: false });
  const setLive = async (live: boolean) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/console/apis/gaa/shops/${shop.accountId}/initail-status`,
      headers: gaa.headers,
      payload: { data: { isInitialized: live } },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const profile = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: storefrontUrl(shop.accountId, '/profile'),
        remoteAddress: someClient(),
      })
    ).json();
  const testLink = async (auth = shop.auth) => {
    const res = await pos(t, 'POST', '/qcpos/board/test-order-link', auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { path: string; token: string };
  };
  const today = localToday();
  const range = { from: addDays(today, -1), to: addDays(today, 1) };
  let testOrderId = 0;

  it('a shop not live refuses a public order with a clear message; its app says it is not open', async () => {
    await setLive(false);
    const res = await postOrder(t, shop.accountId, orderBody(shop.productId));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'SHOP_NOT_LIVE', message: '商店尚未上線，暫不接受訂單' });
    expect((await profile()).live).toBe(false);
  });

  it('the board signs a staff preview link for its own shop; an order with it is a test order', async () => {
    const link = await testLink();
    expect(link.path).toContain(`/shop/${shop.accountId}/?staff=`);
    // the availability call answers as intake would for the staff member
    const avail = await t.app.inject({
      method: 'POST',
      url: storefrontUrl(shop.accountId, '/availability'),
      payload: { mealType: 'to_go', staffPreview: link.token },
      remoteAddress: someClient(),
    });
    expect(avail.json().ok, avail.body).toBe(true);
    const res = await postOrder(t, shop.accountId, orderBody(shop.productId, { staffPreview: link.token }));
    expect(res.statusCode, res.body).toBe(201);
    testOrderId = res.json().order.id;
    const [row] = await t.db.select().from(orders).where(eq(orders.id, testOrderId));
    expect(row!.isTest).toBe(true);
    expect(row!.status).toBe('accepted');
    const board = await pos(t, 'GET', '/qcpos/board', shop.auth);
    const card = board.json().orders.find((o: { id: number }) => o.id === testOrderId);
    expect(card.isTest).toBe(true);
  });

  it('a forged, or another shop’s, staff token is refused (never a public order)', async () => {
    const forged = await postOrder(t, shop.accountId, orderBody(shop.productId, { staffPreview: 'x.y' }));
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('STAFF_PREVIEW_EXPIRED');
    // hostile tokens are 4xx, never 5xx, and place nothing
    for (const staffPreview of [
      '.',
      'a.b.c',
      '😀.😀',
      `${'x'.repeat(300)}.${'y'.repeat(299)}`,
      'x'.repeat(601),
    ]) {
      const res = await postOrder(t, shop.accountId, orderBody(shop.productId, { staffPreview }));
      expect(res.statusCode, staffPreview).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, staffPreview).toBeLessThan(500);
    }
    const other = await posShop(t, eaa, { manual: false });
    const otherLink = await testLink(other.auth);
    const cross = await postOrder(
      t,
      shop.accountId,
      orderBody(shop.productId, { staffPreview: otherLink.token }),
    );
    expect(cross.statusCode).toBe(403);
    expect(await t.db.$count(orders, eq(orders.accountId, shop.accountId))).toBe(1);
  });

  it('test orders are in no report: summary, stats, sales query and its export', async () => {
    await setLive(true);
    expect((await profile()).live).toBe(true);
    const pub = await postOrder(t, shop.accountId, orderBody(shop.productId));
    expect(pub.statusCode, pub.body).toBe(201);
    const publicId = pub.json().order.id as number;
    // a test order on a live shop is a test order too
    const again = await postOrder(
      t,
      shop.accountId,
      orderBody(shop.productId, { staffPreview: (await testLink()).token }),
    );
    expect(again.statusCode, again.body).toBe(201);

    const get = (path: string, query: Record<string, string | number>) =>
      t.app.inject({
        method: 'GET',
        url: `/console/apis/eaa${path}`,
        query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
        headers: eaa.headers,
      });
    const summary = await get('/summary/orders', { ...range, shopId: shop.accountId, limit: 50 });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().total).toBe(1);
    expect(summary.json().rows.map((r: { id: number }) => r.id)).toEqual([publicId]);

    const stats = await get('/stats/summary', { ...range, shopId: shop.accountId });
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json().current.orders).toBe(1);

    const sales = await get('/sales/orders', { ...range, shopId: shop.accountId, limit: 50 });
    expect(sales.statusCode, sales.body).toBe(200);
    expect(sales.json().total).toBe(1);
    expect(sales.json().totals.orders).toBe(1);
    expect(sales.json().rows.map((r: { id: number }) => r.id)).toEqual([publicId]);

    const csv = await get('/sales/orders/export', { ...range, shopId: shop.accountId, format: 'csv' });
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2); // the header and the public order

    // the rollups were rebuilt from orders the same way (refresh_order_stats skips test orders too)
    await t.db.execute(sql`select refresh_order_stats(${range.from}::date, ${range.to}::date)`);
    expect((await get('/stats/summary', { ...range, shopId: shop.accountId })).json().current.orders).toBe(1);
  });
});

describe('service periods at intake (spec 000 §3 timeObjSectors)', async () => {
  const t = await build();
  const eaa = await t.signedIn('eaa');
  // one period: the next two hours from now, Taipei; a time three hours on is outside it. Two reservable days:
  // late in the evening the period starts after midnight, so only tomorrow has slots in it
  const now = new Date();
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
  const local = (d: Date) => minutesToColon(localTime(d).minute);
  const start = local(at(30));
  const end = local(at(120));
  const s = await openShop(t, eaa, { timeSectorDays: 2, timeSectorLength: 15 });
  await t.db
    .update(businesses)
    .set({ timeObjSectors: [{ start, end }] })
    .where(eq(businesses.id, s.accountId));
  const sameDay = (d: Date) => localTime(d).date === localTime(now).date;

  it('refuses an order wanted outside the period and takes one inside', async () => {
    const outside = at(180);
    if (sameDay(outside) && sameDay(at(120))) {
      const res = await postOrder(
        t,
        s.accountId,
        orderBody(s.productId, { wantedAt: outside.toISOString() }),
      );
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'OUTSIDE_SERVICE_PERIOD',
        message: '所選時間不在供餐時段內',
      });
    }
    const slots = await t.app.inject({
      method: 'GET',
      url: storefrontUrl(s.accountId, '/slots?mealType=to_go'),
      remoteAddress: someClient(),
    });
    const offered = slots.json().slots as { at: string; local: string }[];
    expect(offered.length).toBeGreaterThan(0);
    // every offered slot lies in the period (the period does not cross midnight unless the clock is late)
    for (const o of offered) {
      const hm = o.local.slice(11);
      if (end > start) expect(hm >= start && hm <= end, hm).toBe(true);
    }
    const inside = await postOrder(t, s.accountId, orderBody(s.productId, { wantedAt: offered[0]!.at }));
    expect(inside.statusCode, inside.body).toBe(201);
  });
});
