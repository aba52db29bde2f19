import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyPromotions,
  carry,
  describePromotion,
  isRunning,
  PROMOTION_MESSAGES as M,
  type TMealSetting,
  type TPromotionRule,
  toRule,
  ZConfigPromotion,
  ZPromotionInput,
  ZSimplePromotion,
} from '../src';

const setting = (over: {
  general?: Partial<TMealSetting['general']>;
  restriction?: TMealSetting['usageRestrctions'];
  userType?: 'new' | 'none';
  limitPerUser?: number | null;
}): TMealSetting => ({
  checked: true,
  general: { discountType: 'fixed', amount: 50, totalUsage: null, carryMethod: 'floor', ...over.general },
  usageRestrctions: over.restriction ?? { restrictionType: 'none', value: 0 },
  roleRestrictions: { userType: over.userType ?? 'none' },
  usageLimits: { limitPerUser: over.limitPerUser ?? null },
});
const rule = (
  id: number,
  settings: TPromotionRule['settings'],
  start = '2026-11-01',
  end = '2026-12-01',
) => ({
  id,
  name: `p${id}`,
  start,
  end,
  settings,
});
// 2026-11-23 12:00 Asia/Taipei
const NOW = new Date('2026-11-23T04:00:00Z');
const ctx = { now: NOW, priorOrders: 0 };
const order = (prices: number[], mealType: 'eat_in' | 'to_go' | 'delivery' = 'eat_in') => ({
  mealType,
  items: prices.map((unitPrice) => ({ unitPrice, quantity: 1 })),
});

describe('discount types (spec 002 §9)', () => {
  it('fixed takes the amount once, or per full group with perItems', () => {
    expect(applyPromotions(order([100, 200]), [rule(1, { all: setting({}) })], ctx).total).toBe(250);
    const per = setting({ restriction: { restrictionType: 'perItems', value: 2 }, general: { amount: 10 } });
    expect(applyPromotions(order([50, 50, 50, 50, 50]), [rule(1, { all: per })], ctx).discount).toBe(20);
  });
  it('percentage: 10 is 10% off, carried by the rounding', () => {
    const pct = (carryMethod: 'round' | 'floor' | 'ceil') =>
      rule(1, { all: setting({ general: { discountType: 'percentage', amount: 10, carryMethod } }) });
    expect(applyPromotions(order([155]), [pct('floor')], ctx).discount).toBe(15);
    expect(applyPromotions(order([155]), [pct('ceil')], ctx).discount).toBe(16);
    expect(applyPromotions(order([155]), [pct('round')], ctx).discount).toBe(16); // 15.5 half up
    expect(applyPromotions(order([154]), [pct('round')], ctx).discount).toBe(15);
  });
  it('per-item types: every N items, `amount` free at the average, average down to 5, or the cheapest', () => {
    const per = (discountType: TMealSetting['general']['discountType']) =>
      rule(1, {
        all: setting({
          general: { discountType, amount: 1 },
          restriction: { restrictionType: 'perItems', value: 3 },
        }),
      });
    const prices = [40, 63, 100];
    expect(applyPromotions(order(prices), [per('discountPerItemsAvg')], ctx).discount).toBe(67);
    expect(applyPromotions(order(prices), [per('discountPerItems5')], ctx).discount).toBe(65);
    expect(applyPromotions(order(prices), [per('discountPerItemsLow')], ctx).discount).toBe(40);
    expect(applyPromotions(order([40, 63]), [per('discountPerItemsLow')], ctx).discount).toBe(0);
  });
});

describe('restrictions, meal types, members, usage, periods', () => {
  it('amount and qty thresholds', () => {
    const amt = rule(1, { all: setting({ restriction: { restrictionType: 'amount', value: 300 } }) });
    expect(applyPromotions(order([299]), [amt], ctx).discount).toBe(0);
    expect(applyPromotions(order([300]), [amt], ctx).discount).toBe(50);
    const qty = rule(1, { all: setting({ restriction: { restrictionType: 'qty', value: 3 } }) });
    expect(applyPromotions(order([100, 100]), [qty], ctx).discount).toBe(0);
    expect(applyPromotions(order([100, 100, 100]), [qty], ctx).discount).toBe(50);
  });
  it("a meal type's own tab applies only to it; 'all' applies to every one", () => {
    const eatIn = rule(1, { eatIn: setting({}) });
    expect(applyPromotions(order([100], 'eat_in'), [eatIn], ctx).discount).toBe(50);
    expect(applyPromotions(order([100], 'delivery'), [eatIn], ctx).discount).toBe(0);
    const all = rule(2, { all: setting({}) });
    expect(applyPromotions(order([100], 'delivery'), [all], ctx).discount).toBe(50);
  });
  it('new members only: the first order (spec 002 §9 orderTimes below 1)', () => {
    const r = rule(1, { all: setting({ userType: 'new' }) });
    expect(applyPromotions(order([100]), [r], { now: NOW, priorOrders: 0 }).discount).toBe(50);
    expect(applyPromotions(order([100]), [r], { now: NOW, priorOrders: 1 }).discount).toBe(0);
  });
  it('usage total and per-customer limits', () => {
    const r = rule(1, { all: setting({ general: { totalUsage: 2 }, limitPerUser: 1 }) });
    const at = (used: number, mine: number) =>
      applyPromotions(order([100]), [r], { ...ctx, usage: new Map([[1, { used, mine }]]) }).discount;
    expect(at(1, 0)).toBe(50);
    expect(at(2, 0)).toBe(0);
    expect(at(1, 1)).toBe(0);
  });
  it('a customer without a phone takes no new-member or per-customer promotion, others still apply', () => {
    const anon = { now: NOW, priorOrders: 0, anonymous: true };
    expect(
      applyPromotions(order([100]), [rule(1, { all: setting({ userType: 'new' }) })], anon).discount,
    ).toBe(0);
    expect(
      applyPromotions(order([100]), [rule(2, { all: setting({ limitPerUser: 3 }) })], anon).discount,
    ).toBe(0);
    expect(applyPromotions(order([100]), [rule(3, { all: setting({}) })], anon).discount).toBe(50);
  });
  it('runs from 00:00 of the start date to 00:00 of the end date, Asia/Taipei (spec 002 §9)', () => {
    const r = { start: '2026-11-23', end: '2026-11-24' };
    expect(isRunning(r, new Date('2026-11-22T15:59:59Z'))).toBe(false);
    expect(isRunning(r, new Date('2026-11-22T16:00:00Z'))).toBe(true);
    expect(isRunning(r, new Date('2026-11-23T15:59:59Z'))).toBe(true);
    expect(isRunning(r, new Date('2026-11-23T16:00:00Z'))).toBe(false);
  });
  it('stacks in id order on what is still payable, never below zero', () => {
    const p10 = setting({ general: { discountType: 'percentage', amount: 10 } });
    const r = applyPromotions(order([1000]), [rule(2, { all: p10 }), rule(1, { all: p10 })], ctx);
    expect(r.applied.map((a) => [a.promotionId, a.discount])).toEqual([
      [1, 100],
      [2, 90],
    ]);
    const big = rule(3, { all: setting({ general: { amount: 5000 } }) });
    expect(applyPromotions(order([1000]), [big], ctx).total).toBe(0);
  });
});

describe('form rules (spec 002 §5)', () => {
  const simple = { form: 'simple', content: { type: 'percentage', target: 'amount', th: 100, value: 20 } };
  const dates = { start: '2026-11-01', end: '2026-11-08' };
  const issues = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.error?.issues.map((i) => i.message) ?? [];
  it('simple form: percentage 1-99, threshold > 0, start before end, name defaults to 一般折扣', () => {
    expect(
      issues(ZSimplePromotion.safeParse({ ...simple, content: { ...simple.content, ...dates, value: 100 } })),
    ).toContain(M.percent99.zh);
    expect(
      issues(ZSimplePromotion.safeParse({ ...simple, content: { ...simple.content, ...dates, th: 0 } })),
    ).toContain(M.positive.zh);
    expect(
      issues(
        ZSimplePromotion.safeParse({
          ...simple,
          content: { ...simple.content, start: '2026-11-08', end: '2026-11-01' },
        }),
      ),
    ).toContain(M.startBeforeEnd.zh);
    const ok = ZSimplePromotion.parse({ ...simple, content: { ...simple.content, ...dates } });
    expect(ok.displayName).toBe('一般折扣');
    expect(ok.roundingType).toBe(0);
  });
  it('configuration form: at least one meal type, percentage up to 100, start before end', () => {
    const s = setting({ general: { discountType: 'percentage', amount: 100 } });
    const base = { form: 'config', duration: dates };
    expect(
      issues(ZConfigPromotion.safeParse({ ...base, settings: { all: { ...s, checked: false } } })),
    ).toContain(M.mealTypeRequired.zh);
    expect(ZConfigPromotion.safeParse({ ...base, settings: { all: s } }).success).toBe(true);
    const over = setting({ general: { discountType: 'percentage', amount: 101 } });
    expect(issues(ZConfigPromotion.safeParse({ ...base, settings: { all: over } }))).toContain(
      M.percent100.zh,
    );
    expect(
      issues(
        ZConfigPromotion.safeParse({
          ...base,
          duration: { start: '2026-11-08', end: '2026-11-08' },
          settings: { all: s },
        }),
      ),
    ).toContain(M.startBeforeEnd.zh);
    expect(issues(ZConfigPromotion.safeParse({ ...base, settings: { all: s, eatIn: s } }))).toContain(
      M.mealTypeRequired.zh,
    );
  });
  it('the simple form becomes one "all" rule: threshold by amount, 20 = 20% off (八折), rounding 0 = floor', () => {
    const p = ZPromotionInput.parse({ ...simple, content: { ...simple.content, ...dates } });
    const r = toRule(7, p);
    expect(
      applyPromotions(order([99]), [r], { now: new Date('2026-11-02T04:00:00Z'), priorOrders: 0 }).discount,
    ).toBe(0);
    expect(
      applyPromotions(order([157]), [r], { now: new Date('2026-11-02T04:00:00Z'), priorOrders: 0 }).discount,
    ).toBe(31);
    expect(describePromotion(r)).toBe('全部：滿 100 元 打 8折（無條件捨去）；2026-11-01 起至 2026-11-08 前');
    expect(describePromotion(r, 'en')).toContain('20% off');
  });
});

// ---- properties ----
const arbSetting: fc.Arbitrary<TMealSetting> = fc
  .record({
    discountType: fc.constantFrom(
      'fixed',
      'percentage',
      'discountPerItemsAvg',
      'discountPerItems5',
      'discountPerItemsLow',
    ) as fc.Arbitrary<TMealSetting['general']['discountType']>,
    amount: fc.integer({ min: 1, max: 2000 }),
    carryMethod: fc.constantFrom('round', 'floor', 'ceil') as fc.Arbitrary<'round' | 'floor' | 'ceil'>,
    restrictionType: fc.constantFrom('amount', 'qty', 'perItems', 'none') as fc.Arbitrary<
      'amount' | 'qty' | 'perItems' | 'none'
    >,
    value: fc.integer({ min: 0, max: 500 }),
    totalUsage: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
  })
  .map((r) => {
    const perItem = r.discountType.startsWith('discountPer');
    const restrictionType = perItem ? 'perItems' : r.restrictionType;
    return setting({
      general: {
        discountType: r.discountType,
        amount: r.discountType === 'percentage' ? (r.amount % 100) + 1 : r.amount,
        carryMethod: r.carryMethod,
        totalUsage: r.totalUsage,
      },
      restriction: { restrictionType, value: restrictionType === 'perItems' ? (r.value % 6) + 1 : r.value },
    });
  });
const arbRules = fc
  .array(
    fc.tuple(
      fc.integer({ min: 1, max: 50 }),
      arbSetting,
      fc.constantFrom('all', 'eatIn', 'toGo', 'delivery'),
    ),
    {
      maxLength: 4,
    },
  )
  .map((xs) => xs.map(([id, s, key], i) => rule(id * 10 + i, { [key]: s })));
const arbOrder = fc.record({
  mealType: fc.constantFrom('eat_in', 'to_go', 'delivery') as fc.Arbitrary<'eat_in' | 'to_go' | 'delivery'>,
  items: fc.array(
    fc.record({ unitPrice: fc.integer({ min: 0, max: 3000 }), quantity: fc.integer({ min: 1, max: 9 }) }),
    {
      maxLength: 8,
    },
  ),
});

describe('properties', () => {
  it('a total is never negative and a discount never exceeds the order', () => {
    fc.assert(
      fc.property(arbOrder, arbRules, fc.nat(3), (o, rules, prior) => {
        const r = applyPromotions(o, rules, { now: NOW, priorOrders: prior });
        const subtotal = o.items.reduce((s, i) => s + i.unitPrice * i.quantity, 0);
        expect(r.subtotal).toBe(subtotal);
        expect(r.total).toBeGreaterThanOrEqual(0);
        expect(r.discount).toBeLessThanOrEqual(subtotal);
        expect(r.discount).toBe(r.applied.reduce((s, a) => s + a.discount, 0));
        expect(r.total + r.discount).toBe(subtotal);
        for (const a of r.applied) expect(Number.isInteger(a.discount) && a.discount > 0).toBe(true);
      }),
    );
  });
  it('a percentage discount stays within its rounding of p% of the order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 100 }),
        fc.constantFrom('round', 'floor', 'ceil') as fc.Arbitrary<'round' | 'floor' | 'ceil'>,
        (price, pct, carryMethod) => {
          const r = rule(1, {
            all: setting({ general: { discountType: 'percentage', amount: pct, carryMethod } }),
          });
          const d = applyPromotions(order([price]), [r], ctx).discount;
          const exact = (price * pct) / 100;
          if (carryMethod === 'floor') expect(d).toBe(Math.floor(exact));
          if (carryMethod === 'ceil') expect(d).toBe(Math.ceil(exact));
          if (carryMethod === 'round') expect(Math.abs(d - exact)).toBeLessThanOrEqual(0.5);
          expect(d).toBeLessThanOrEqual(price);
        },
      ),
    );
  });
  it('carry: floor ≤ n/d ≤ ceil, round within half, integers exact', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: 1, max: 10_000 }), (n, d) => {
        expect(carry(n, d, 'floor') * d).toBeLessThanOrEqual(n);
        expect(carry(n, d, 'ceil') * d).toBeGreaterThanOrEqual(n);
        expect(Math.abs(carry(n, d, 'round') * d - n) * 2).toBeLessThanOrEqual(d);
        expect(carry(n * d, d, 'round')).toBe(n);
      }),
    );
  });
  it('the same order prices the same in the browser and on the server (JSON round trip, any item order)', () => {
    fc.assert(
      fc.property(arbOrder, arbRules, (o, rules) => {
        const server = applyPromotions(o, rules, ctx);
        // the browser gets the rules through the storefront menu (JSON) and may list items in another order
        const wire = JSON.parse(JSON.stringify({ o, rules }));
        const browser = applyPromotions({ ...wire.o, items: [...wire.o.items].reverse() }, wire.rules, ctx);
        expect(browser).toEqual(server);
      }),
    );
  });
});
