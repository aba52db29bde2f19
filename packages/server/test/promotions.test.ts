import { PROMOTION_MESSAGES as M } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecords, orderPromotions, orders } from '../src/db/schema';
import { build } from './helpers';
import { openShop, orderBody, postOrder, storefrontUrl } from './storefront-fixtures';

type T = Awaited<ReturnType<typeof build>>;
type Who = { headers: { cookie: string } };

const url = (type: string, businessId: number, rest = '') =>
  `/console/apis/${type}/shops/${businessId}/promotions${rest}`;
// Today and a week ahead in Asia/Taipei, so the promotion runs now (spec 002 §9: 00:00 to 00:00).
const taipeiDate = (days: number) =>
  new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
const running = { start: taipeiDate(0), end: taipeiDate(7) };

/** 10 % off every order, configuration form, 'all' tab. */
const tenPercent = (over: Record<string, unknown> = {}) => ({
  form: 'config',
  displayName: '開幕九折',
  duration: running,
  settings: {
    all: {
      checked: true,
      general: { discountType: 'percentage', amount: 10, totalUsage: null, carryMethod: 'floor' },
      usageRestrctions: { restrictionType: 'none', value: 0 },
      roleRestrictions: { userType: 'none' },
      usageLimits: { limitPerUser: null },
      ...over,
    },
  },
});

const create = (t: T, who: Who, type: string, id: number, promotion: unknown) =>
  t.app.inject({
    method: 'POST',
    url: url(type, id),
    headers: who.headers,
    payload: { businessId: id, promotion },
  });
const toggle = (t: T, who: Who, type: string, id: number, promoId: number, enabled?: boolean) =>
  t.app.inject({
    method: 'POST',
    url: url(type, id, `/${promoId}/setting`),
    headers: who.headers,
    payload: { id: promoId, class: 'common', businessId: id, ...(enabled === undefined ? {} : { enabled }) },
  });

// spec 002 §7 Promotions, §4 (created disabled, toggle), §5 rules, §8 messages; pricing.
describe('promotions', async () => {
  const t = await build();
  const gaa = await t.signedIn('gaa');
  const eaa = await t.signedIn('eaa');
  const otherEaa = await t.signedIn('eaa');
  const si = await t.signedIn('si');
  const shop = await openShop(t, eaa);

  it('401 without a session, 403 for si / line / another owner / the wrong portal, on every route', async () => {
    const line = await t.signedIn('line', { shopAccountId: shop.accountId });
    const id = (await create(t, eaa, 'eaa', shop.accountId, tenPercent())).json().insertId as number;
    const calls = [
      { method: 'GET' as const, url: url('eaa', shop.accountId) },
      {
        method: 'POST' as const,
        url: url('eaa', shop.accountId),
        payload: { businessId: shop.accountId, promotion: tenPercent() },
      },
      {
        method: 'POST' as const,
        url: url('eaa', shop.accountId, `/${id}/setting`),
        payload: { id, businessId: shop.accountId },
      },
      { method: 'DELETE' as const, url: url('eaa', shop.accountId, `/${id}`) },
    ];
    for (const c of calls) {
      expect((await t.app.inject(c)).statusCode, c.url).toBe(401);
      expect((await t.app.inject({ ...c, headers: otherEaa.headers })).statusCode, c.url).toBe(403);
      // gaa on the /eaa path
      expect((await t.app.inject({ ...c, headers: gaa.headers })).statusCode, c.url).toBe(403);
      // si and line may not call these routes at all (spec 002 §7: /gaa and /eaa only)
      for (const who of [si, line])
        expect((await t.app.inject({ ...c, headers: who.headers })).statusCode, c.url).toBe(403);
    }
    // gaa may work on any shop under /gaa
    expect(
      (await t.app.inject({ ...calls[0]!, url: url('gaa', shop.accountId), headers: gaa.headers }))
        .statusCode,
    ).toBe(200);
  });

  it('publishes the spec 002 §7 Promotions calls with their literal /gaa and /eaa paths', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/console/apis/openapi.json' })).json();
    for (const portal of ['gaa', 'eaa']) {
      const base = `/console/apis/${portal}/shops/{businessId}/promotions`;
      expect(Object.keys(doc.paths[base] ?? {}).sort()).toEqual(['get', 'post']);
      expect(Object.keys(doc.paths[`${base}/{id}/setting`] ?? {})).toEqual(['post']);
      expect(Object.keys(doc.paths[`${base}/{id}`] ?? {})).toEqual(['delete']);
    }
  });

  it('refuses bad input with the spec texts (spec 002 §5)', async () => {
    const simple = (content: Record<string, unknown>) => ({
      form: 'simple',
      content: { type: 'percentage', target: 'amount', th: 100, value: 20, ...running, ...content },
    });
    const msgOf = async (p: unknown) => {
      const res = await create(t, eaa, 'eaa', shop.accountId, p);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error.message as string;
    };
    expect(await msgOf(simple({ value: 100 }))).toBe(M.percent99.zh);
    expect(await msgOf(simple({ th: 0 }))).toBe(M.positive.zh);
    expect(await msgOf(simple({ start: running.end, end: running.start }))).toBe(M.startBeforeEnd.zh);
    expect(await msgOf({ ...tenPercent({ checked: false }) })).toBe(M.mealTypeRequired.zh);
    expect(await msgOf({ ...tenPercent(), duration: { start: running.end, end: running.start } })).toBe(
      M.startBeforeEnd.zh,
    );
    expect(await msgOf(tenPercent({ general: { discountType: 'percentage', amount: 101 } }))).toBe(
      M.percent100.zh,
    );
    const huge = await create(t, eaa, 'eaa', shop.accountId, simple({ th: 1e12 }));
    expect(huge.statusCode).toBe(400);
    const wrongShop = await t.app.inject({
      method: 'POST',
      url: url('eaa', shop.accountId),
      headers: eaa.headers,
      payload: { businessId: shop.accountId + 1, promotion: tenPercent() },
    });
    expect(wrongShop.statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: url('eaa', shop.accountId, '?limit=abc'),
          headers: eaa.headers,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('a 10%-off promotion is created disabled, prices nothing until turned on, then prices the next order', async () => {
    const s = await openShop(t, eaa);
    const created = await create(t, eaa, 'eaa', s.accountId, tenPercent());
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().insertId as number;
    const list = (
      await t.app.inject({ method: 'GET', url: url('eaa', s.accountId), headers: eaa.headers })
    ).json();
    expect(list.total).toBe(1);
    expect(list.promotions[0]).toMatchObject({ id, enabled: false, displayName: '開幕九折', form: 'config' });
    expect(list.promotions[0].description).toContain('打 9折');

    const two = {
      ...orderBody(s.productId),
      items: [{ productId: s.productId, quantity: 2, optionIds: [] }],
    };
    const before = await postOrder(t, s.accountId, two);
    expect(before.json().order).toMatchObject({ subtotal: 90, discount: 0, total: 90 });
    const menuBefore = await t.app.inject({
      method: 'GET',
      url: storefrontUrl(s.accountId, '/menu?mealType=to_go'),
    });
    expect(menuBefore.json().promotions).toEqual([]);

    const on = await toggle(t, eaa, 'eaa', s.accountId, id, true);
    expect(on.json()).toEqual({ id, enabled: true });
    const menu = await t.app.inject({
      method: 'GET',
      url: storefrontUrl(s.accountId, '/menu?mealType=to_go'),
    });
    expect(menu.json().promotions).toMatchObject([{ id, name: '開幕九折' }]);

    const after = await postOrder(t, s.accountId, two);
    expect(after.statusCode, after.body).toBe(201);
    expect(after.json().order).toMatchObject({
      subtotal: 90,
      discount: 9,
      total: 81,
      promotions: [{ promotionId: id, name: '開幕九折', discount: 9 }],
    });
    const orderId = after.json().order.id as number;
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ subtotal: 90, discount: 9, total: 81 });
    expect(
      await t.db.select().from(orderPromotions).where(eq(orderPromotions.orderId, orderId)),
    ).toMatchObject([{ promotionId: id, discount: 9 }]);
    // the console's order detail shows it
    const detail = await t.app.inject({
      method: 'GET',
      url: `/console/apis/eaa/summary/orders/${orderId}`,
      headers: eaa.headers,
    });
    expect(detail.json().order).toMatchObject({
      discount: 9,
      total: 81,
      promotions: [{ name: '開幕九折', discount: 9 }],
    });

    // off again (a toggle without `enabled` flips), then deleted: orders keep their record
    expect((await toggle(t, eaa, 'eaa', s.accountId, id)).json()).toEqual({ id, enabled: false });
    expect((await postOrder(t, s.accountId, two)).json().order.discount).toBe(0);
    const del = await t.app.inject({
      method: 'DELETE',
      url: url('eaa', s.accountId, `/${id}`),
      headers: eaa.headers,
    });
    expect(del.json()).toEqual({ id });
    expect(
      (await t.app.inject({ method: 'DELETE', url: url('eaa', s.accountId, `/${id}`), headers: eaa.headers }))
        .statusCode,
    ).toBe(404);
    const [kept] = await t.db.select().from(orderPromotions).where(eq(orderPromotions.orderId, orderId));
    expect(kept).toMatchObject({ promotionId: null, name: '開幕九折', discount: 9 });
    const audits = await t.db.select().from(auditRecords).where(eq(auditRecords.resourceCode, 'promotion'));
    expect(audits.filter((a) => a.accountId === s.accountId).map((a) => a.action)).toEqual([
      'create',
      'update',
      'update',
      'delete',
    ]);
  });

  it('counts the usage total and the per-customer limit; new-member rules skip returning customers', async () => {
    const s = await openShop(t, eaa);
    const limited = tenPercent({
      general: { discountType: 'fixed', amount: 5, totalUsage: 2, carryMethod: 'floor' },
      usageLimits: { limitPerUser: 1 },
    });
    const id = (await create(t, gaa, 'gaa', s.accountId, limited)).json().insertId as number;
    await toggle(t, gaa, 'gaa', s.accountId, id, true);
    const as = (phone: string) => ({ ...orderBody(s.productId), customer: { name: '客', phone } });
    expect((await postOrder(t, s.accountId, as('0911000001'))).json().order.discount).toBe(5);
    expect((await postOrder(t, s.accountId, as('0911000001'))).json().order.discount).toBe(0); // per customer
    expect((await postOrder(t, s.accountId, as('0911000002'))).json().order.discount).toBe(5);
    expect((await postOrder(t, s.accountId, as('0911000003'))).json().order.discount).toBe(0); // total spent
    const list = (
      await t.app.inject({ method: 'GET', url: url('gaa', s.accountId), headers: gaa.headers })
    ).json();
    expect(list.promotions[0].usedCount).toBe(2);

    const s2 = await openShop(t, eaa);
    const firstOnly = tenPercent({ roleRestrictions: { userType: 'new' } });
    const id2 = (await create(t, eaa, 'eaa', s2.accountId, firstOnly)).json().insertId as number;
    await toggle(t, eaa, 'eaa', s2.accountId, id2, true);
    const body = {
      ...orderBody(s2.productId),
      items: [{ productId: s2.productId, quantity: 2, optionIds: [] }],
    };
    expect((await postOrder(t, s2.accountId, body)).json().order.discount).toBe(9);
    expect((await postOrder(t, s2.accountId, body)).json().order.discount).toBe(0);
  });

  it('applies a meal type tab to its own meal type only', async () => {
    const s = await openShop(t, eaa);
    const deliveryOnly = {
      ...tenPercent(),
      settings: { delivery: tenPercent().settings.all },
    };
    const id = (await create(t, eaa, 'eaa', s.accountId, deliveryOnly)).json().insertId as number;
    await toggle(t, eaa, 'eaa', s.accountId, id, true);
    const two = [{ productId: s.productId, quantity: 10, optionIds: [] }];
    expect(
      (await postOrder(t, s.accountId, { ...orderBody(s.productId), items: two })).json().order.discount,
    ).toBe(0);
    const delivery = await postOrder(t, s.accountId, {
      ...orderBody(s.productId),
      items: two,
      mealType: 'delivery',
      delivery: { address: '台北市信義區', lat: 25.034, lng: 121.566 },
    });
    expect(delivery.json().order.discount, delivery.body).toBe(45);
  });

  it('searches and pages the list', async () => {
    const s = await openShop(t, eaa);
    for (const name of ['午餐優惠', '晚餐優惠', '午茶'])
      await create(t, eaa, 'eaa', s.accountId, { ...tenPercent(), displayName: name });
    const get = async (q: string) =>
      (await t.app.inject({ method: 'GET', url: url('eaa', s.accountId, q), headers: eaa.headers })).json();
    expect((await get('?keyword=午')).total).toBe(2);
    const page = await get('?limit=2&offset=2');
    expect(page.total).toBe(3);
    expect(page.promotions).toHaveLength(1);
  });
});
