import { PROMO_FORMULA_MESSAGES as F } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { promotions } from '../src/db/schema';
import { build } from './helpers';
import { openShop, orderBody, postOrder, storefrontUrl } from './storefront-fixtures';

type T = Awaited<ReturnType<typeof build>>;
type Who = { headers: { cookie: string } };

const url = (businessId: number, rest = '') => `/console/apis/eaa/shops/${businessId}/promotions${rest}`;
const taipeiDate = (days: number) =>
  new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** The configuration form with formulas (spec 002 §3 "The configuration form adds formulas and computeModules"). */
const withFormulas = (formulas: Record<string, unknown>, computeModules: string[] = []) => ({
  form: 'config',
  displayName: '回頭客折扣',
  duration: { start: taipeiDate(0), end: taipeiDate(7) },
  settings: {
    all: {
      checked: true,
      general: { discountType: 'fixed', amount: 1, totalUsage: null, carryMethod: 'floor' },
      usageRestrctions: { restrictionType: 'none', value: 0 },
    },
  },
  formulas,
  computeModules,
});
const create = (t: T, who: Who, id: number, promotion: unknown) =>
  t.app.inject({
    method: 'POST',
    url: url(id),
    headers: who.headers,
    payload: { businessId: id, promotion },
  });

describe('promotion formulas and compute modules (spec 002 §3, §7)', async () => {
  const t = await build();
  const eaa = await t.signedIn('eaa');

  it('prices orders by the condition and discount formulas, orderTimes from the compute module', async () => {
    const s = await openShop(t, eaa);
    const promo = withFormulas(
      { condition: 'orderTimes >= 1 and count >= 2', discount: 'min(20, subtotal * 0.15)' },
      ['orderTimes'],
    );
    const created = await create(t, eaa, s.accountId, promo);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().insertId as number;
    const [row] = await t.db.select().from(promotions).where(eq(promotions.id, id));
    expect(row).toMatchObject({
      formulas: { condition: 'orderTimes >= 1 and count >= 2', discount: 'min(20, subtotal * 0.15)' },
      computeModules: ['orderTimes'],
    });
    const toggled = await t.app.inject({
      method: 'POST',
      url: url(s.accountId, `/${id}/setting`),
      headers: eaa.headers,
      payload: { id, class: 'common', businessId: s.accountId, enabled: true },
    });
    expect(toggled.statusCode, toggled.body).toBe(200);

    const list = (await t.app.inject({ method: 'GET', url: url(s.accountId), headers: eaa.headers })).json();
    expect(list.promotions[0]).toMatchObject({ computeModules: ['orderTimes'] });
    expect(list.promotions[0].description).toContain('折扣公式：min(20, subtotal * 0.15)');
    // the storefront gets the formulas, so the app's preview runs the same rule
    const menu = await t.app.inject({
      method: 'GET',
      url: storefrontUrl(s.accountId, '/menu?mealType=to_go'),
    });
    expect(menu.json().promotions[0]).toMatchObject({
      id,
      formulas: { discount: 'min(20, subtotal * 0.15)' },
      computeModules: ['orderTimes'],
    });

    const two = (phone: string) => ({
      ...orderBody(s.productId),
      customer: { name: '客', phone },
      items: [{ productId: s.productId, quantity: 2, optionIds: [] }],
    });
    // first order: orderTimes 0, the condition does not hold
    const first = await postOrder(t, s.accountId, two('0911222001'));
    expect(first.json().order, first.body).toMatchObject({ subtotal: 90, discount: 0 });
    // second order of the same customer: orderTimes 1; 90 × 0.15 = 13.5, floor → 13
    const second = await postOrder(t, s.accountId, two('0911222001'));
    expect(second.json().order, second.body).toMatchObject({
      subtotal: 90,
      discount: 13,
      total: 77,
      promotions: [{ promotionId: id, discount: 13 }],
    });
    // one item: count >= 2 fails
    const one = await postOrder(t, s.accountId, {
      ...two('0911222001'),
      items: [{ productId: s.productId, quantity: 1, optionIds: [] }],
    });
    expect(one.json().order.discount).toBe(0);
    // the discount formula's cap: 10 items = 450 × 0.15 = 67.5 → min 20
    const many = await postOrder(t, s.accountId, {
      ...two('0911222001'),
      items: [{ productId: s.productId, quantity: 10, optionIds: [] }],
    });
    expect(many.json().order.discount).toBe(20);
    // another customer is new again
    expect((await postOrder(t, s.accountId, two('0911222002'))).json().order.discount).toBe(0);
  });

  it('a condition alone keeps the setting’s own discount', async () => {
    const s = await openShop(t, eaa);
    const promo = {
      ...withFormulas({ condition: 'highestPrice >= 45 and subtotal < 100' }),
      settings: {
        all: {
          checked: true,
          general: { discountType: 'fixed', amount: 7, totalUsage: null, carryMethod: 'floor' },
          usageRestrctions: { restrictionType: 'none', value: 0 },
        },
      },
    };
    const id = (await create(t, eaa, s.accountId, promo)).json().insertId as number;
    await t.app.inject({
      method: 'POST',
      url: url(s.accountId, `/${id}/setting`),
      headers: eaa.headers,
      payload: { id, class: 'common', businessId: s.accountId, enabled: true },
    });
    const items = (quantity: number) => ({
      ...orderBody(s.productId),
      items: [{ productId: s.productId, quantity, optionIds: [] }],
    });
    expect((await postOrder(t, s.accountId, items(2))).json().order.discount).toBe(7);
    expect((await postOrder(t, s.accountId, items(3))).json().order.discount).toBe(0); // 135 ≥ 100
  });

  it('refuses a formula it cannot run, with its message, and writes nothing', async () => {
    const s = await openShop(t, eaa);
    const msgOf = async (formulas: Record<string, unknown>, modules: string[] = []) => {
      const res = await create(t, eaa, s.accountId, withFormulas(formulas, modules));
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error.message as string;
    };
    expect(await msgOf({ discount: 'orderTimes * 5' })).toBe(F.needsModule.zh);
    expect(await msgOf({ condition: 'process > 1' })).toBe(F.unknown.zh);
    expect(await msgOf({ discount: 'constructor' })).toBe(F.unknown.zh);
    expect(await msgOf({ discount: 'random()' })).toBe(F.unknown.zh);
    expect(await msgOf({ discount: 'subtotal *' })).toBe(F.syntax.zh);
    expect(await msgOf({ discount: 'x = 1' })).toBe(F.syntax.zh);
    expect(await msgOf({ discount: 'subtotal > 100' })).toBe(F.notNumber.zh);
    expect((await create(t, eaa, s.accountId, withFormulas({ discount: 'a'.repeat(201) }))).statusCode).toBe(
      400,
    );
    expect((await create(t, eaa, s.accountId, withFormulas({}, ['nope']))).statusCode).toBe(400);
    expect(await t.db.select().from(promotions).where(eq(promotions.accountId, s.accountId))).toEqual([]);
  });
});
