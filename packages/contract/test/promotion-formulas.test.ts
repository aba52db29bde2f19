import { describe, expect, it } from 'vitest';
import {
  applyPromotions,
  checkFormula,
  evaluateFormula,
  PROMO_FORMULA_MESSAGES as F,
  type TMealSetting,
  type TPromotionRule,
  ZConfigPromotion,
} from '../src';

// spec 002 §3 "The configuration form adds formulas and computeModules"; §7 the order-times module
const setting: TMealSetting = {
  checked: true,
  general: { discountType: 'fixed', amount: 10, totalUsage: null, carryMethod: 'floor' },
  usageRestrctions: { restrictionType: 'none', value: 0 },
  roleRestrictions: { userType: 'none' },
  usageLimits: { limitPerUser: null },
};
const rule = (
  formulas: TPromotionRule['formulas'],
  computeModules: TPromotionRule['computeModules'] = [],
) => ({
  id: 1,
  name: 'f',
  start: '2026-11-01',
  end: '2026-12-01',
  settings: { all: setting },
  formulas,
  computeModules,
});
const now = new Date('2026-11-15T04:00:00Z');
const order = (prices: number[]) => ({
  mealType: 'to_go' as const,
  items: prices.map((unitPrice) => ({ unitPrice, quantity: 1 })),
});
const discountOf = (r: TPromotionRule, prices: number[], priorOrders = 0, anonymous = false) =>
  applyPromotions(order(prices), [r], { now, priorOrders, anonymous }).discount;

describe('promotion formulas', () => {
  it('checks a formula: known variables and functions only, orderTimes with its module, a number for a discount', () => {
    expect(checkFormula('floor(subtotal * 0.1)', 'discount', [])).toBeNull();
    expect(checkFormula('min(lowestPrice, 30) + max(0, count - 3)', 'discount', [])).toBeNull();
    expect(checkFormula('orderTimes < 1 and subtotal >= 300', 'condition', ['orderTimes'])).toBeNull();
    expect(checkFormula('orderTimes < 1', 'condition', [])).toEqual(F.needsModule);
    expect(checkFormula('window', 'discount', [])).toEqual(F.unknown);
    expect(checkFormula('__proto__', 'discount', [])).toEqual(F.unknown);
    expect(checkFormula('fac(5)', 'discount', [])).toEqual(F.unknown);
    expect(checkFormula('subtotal.constructor', 'discount', [])).toEqual(F.syntax);
    expect(checkFormula('f(x) = x', 'discount', [])).toEqual(F.syntax);
    expect(checkFormula('"text"', 'discount', [])).toEqual(F.notNumber);
    expect(checkFormula('count > 2', 'discount', [])).toEqual(F.notNumber);
    expect(checkFormula('1'.repeat(201), 'discount', [])).toEqual(F.tooLong);
  });

  it('evaluates to a finite number or a boolean, else null', () => {
    const vars = { subtotal: 90, count: 2, avgPrice: 45, lowestPrice: 40, highestPrice: 50, remaining: 90 };
    expect(evaluateFormula('subtotal * 0.15', vars)).toBeCloseTo(13.5);
    expect(evaluateFormula('count >= 2', vars)).toBe(true);
    expect(evaluateFormula('subtotal / 0', vars)).toBeNull();
    expect(evaluateFormula('10 ^ 999', vars)).toBeNull();
    expect(evaluateFormula('orderTimes', vars)).toBeNull();
  });

  it('the engine: the condition gates, the discount formula replaces the setting, carried by its rounding', () => {
    expect(discountOf(rule({ condition: 'count >= 2', discount: null }), [40, 50])).toBe(10);
    expect(discountOf(rule({ condition: 'count >= 3', discount: null }), [40, 50])).toBe(0);
    expect(discountOf(rule({ condition: null, discount: 'subtotal * 0.15' }), [40, 50])).toBe(13);
    const ceil = { ...rule({ condition: null, discount: 'subtotal * 0.15' }) };
    ceil.settings = { all: { ...setting, general: { ...setting.general, carryMethod: 'ceil' } } };
    expect(discountOf(ceil, [40, 50])).toBe(14);
    // never more than the order, never negative
    expect(discountOf(rule({ condition: null, discount: 'subtotal * 5' }), [40, 50])).toBe(90);
    expect(discountOf(rule({ condition: null, discount: '0 - 50' }), [40, 50])).toBe(0);
    expect(discountOf(rule({ condition: null, discount: 'lowestPrice' }), [40, 50])).toBe(40);
  });

  it('the orderTimes module: the customer’s earlier orders; an unknown customer gets nothing', () => {
    const returning = rule({ condition: 'orderTimes >= 2', discount: 'orderTimes * 5' }, ['orderTimes']);
    expect(discountOf(returning, [100], 1)).toBe(0);
    expect(discountOf(returning, [100], 3)).toBe(15);
    expect(discountOf(returning, [100], 3, true)).toBe(0);
  });

  it('the configuration form schema stores trimmed formulas, blank = none, and refuses a bad one at its field', () => {
    const base = {
      form: 'config',
      duration: { start: '2026-11-01', end: '2026-11-08' },
      settings: { all: setting },
    };
    const ok = ZConfigPromotion.parse({
      ...base,
      formulas: { condition: '  ', discount: ' subtotal / 10 ' },
    });
    expect(ok.formulas).toEqual({ condition: null, discount: 'subtotal / 10' });
    expect(ok.computeModules).toEqual([]);
    const bad = ZConfigPromotion.safeParse({ ...base, formulas: { condition: 'orderTimes < 1' } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['formulas', 'condition'],
      message: F.needsModule.zh,
    });
  });
});
