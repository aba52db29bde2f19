import type { TMealType } from '../../menus/menus/menu-model';
import { localTime, SHOP_TIME_ZONE } from '../../shops/shop-time/local-time';
import { evaluateFormula, needsOrderTimes, type TFormulaVars } from './promotion-formula';
import type { TCarryMethod, TMealSetting, TPromotionRule } from './promotion-model';
import { PER_ITEM_TYPES, type TPromoMealKey } from './promotion-types';

/** The order as the engine sees it: priced lines (unit price after options) and the meal type. */
export type TPromoOrder = {
  mealType: TMealType;
  items: readonly { unitPrice: number; quantity: number }[];
};
/** What the engine needs to know beside the order: the clock, the customer and the usage so far. */
export type TPromoContext = {
  now: Date;
  /** The customer's earlier orders at this shop (spec 002 §9: new member = orderTimes below 1). */
  priorOrders: number;
  /** Per promotion id: uses so far in total and by this customer. Missing = none. */
  usage?: ReadonlyMap<number, { used: number; mine: number }>;
  timeZone?: string;
  /**
   * The customer gave no phone (the shop does not ask for one): who they are is unknown, so
   * new-member promotions and per-customer limits cannot be honoured and do not apply.
   */
  anonymous?: boolean;
};
export type TAppliedPromotion = {
  promotionId: number;
  name: string;
  mealKey: TPromoMealKey;
  discount: number;
};
export type TPromotionPricing = {
  subtotal: number;
  discount: number;
  total: number;
  applied: TAppliedPromotion[];
};

/** Order meal types (spec 000) → the promotion tabs (spec 002 §9). */
export const PROMO_MEAL_KEY: Record<TMealType, Exclude<TPromoMealKey, 'all'>> = {
  eat_in: 'eatIn',
  to_go: 'toGo',
  delivery: 'delivery',
};

/** n / d carried to a whole dollar: floor, ceil, or round half up (spec 002 §9). Exact for integers. */
export const carry = (n: number, d: number, method: TCarryMethod): number => {
  if (method === 'floor') return Math.floor(n / d);
  if (method === 'ceil') return Math.ceil(n / d);
  return Math.floor((2 * n + d) / (2 * d));
};

/**
 * spec 002 §9: a promotion runs from 00:00 of the start date to 00:00 of the end date, Asia/Taipei.
 * Dates compare as YYYY-MM-DD strings on the shop's clock.
 */
export const isRunning = (
  rule: Pick<TPromotionRule, 'start' | 'end'>,
  now: Date,
  timeZone = SHOP_TIME_ZONE,
) => {
  const today = localTime(now, timeZone).date;
  return rule.start <= today && today < rule.end;
};

/** The setting that applies to a meal type: 'all' when checked (it excludes the others), else the type's own. */
export const settingFor = (
  rule: Pick<TPromotionRule, 'settings'>,
  mealType: TMealType,
): { key: TPromoMealKey; setting: TMealSetting } | null => {
  const all = rule.settings.all;
  if (all?.checked) return { key: 'all', setting: all };
  const key = PROMO_MEAL_KEY[mealType];
  const own = rule.settings[key];
  return own?.checked ? { key, setting: own } : null;
};

/** Whether an order meets a setting's usage restriction (spec 002 §9: amount, qty, perItems, none). */
export const meetsRestriction = (s: TMealSetting, subtotal: number, count: number): boolean => {
  const { restrictionType, value } = s.usageRestrctions;
  if (restrictionType === 'amount') return subtotal >= value;
  if (restrictionType === 'qty') return count >= value;
  if (restrictionType === 'perItems') return value >= 1 && count >= value;
  return true;
};

/**
 * The discount one setting gives, before capping at what is still payable (`remaining`).
 * - fixed: the amount, once; with the perItems restriction once per full group of N items.
 * - percentage: amount % of what is still payable, carried by the setting's rounding.
 * - per-item types: per full group of N items, `amount` items free, each valued at the average unit price
 *   (discountPerItemsAvg), that average rounded down to a multiple of 5 (discountPerItems5), or the
 *   cheapest units of the order (discountPerItemsLow).
 */
export const rawDiscount = (
  s: TMealSetting,
  units: readonly number[],
  subtotal: number,
  remaining: number,
) => {
  const count = units.length;
  if (count === 0 || !meetsRestriction(s, subtotal, count)) return 0;
  const { discountType, amount, carryMethod } = s.general;
  const perItems = s.usageRestrctions.restrictionType === 'perItems';
  const groups = perItems ? Math.floor(count / s.usageRestrctions.value) : 1;
  if (discountType === 'fixed') return amount * groups;
  if (discountType === 'percentage') return carry(remaining * Math.min(amount, 100), 100, carryMethod);
  if (!PER_ITEM_TYPES.includes(discountType)) return 0;
  const free = Math.min(count, groups * amount);
  if (discountType === 'discountPerItemsLow') return units.slice(0, free).reduce((a, b) => a + b, 0);
  if (discountType === 'discountPerItems5') return Math.floor(Math.floor(subtotal / count) / 5) * 5 * free;
  return carry(subtotal * free, count, carryMethod);
};

/** A formula's figure carried to a whole dollar by the setting's rounding (spec 002 §9 round/floor/ceil). */
const carryValue = (v: number, method: TCarryMethod) =>
  method === 'floor' ? Math.floor(v) : method === 'ceil' ? Math.ceil(v) : Math.floor(v + 0.5);

/**
 * The discount of a rule with formulas (spec 002 §3): the setting's usage restriction still applies, then the
 * condition formula must hold (true or a non-zero number), then the discount formula, when there is one,
 * replaces the setting's discount type and amount. An unreadable value counts as "does not hold" / no discount.
 */
const formulaDiscount = (
  rule: TPromotionRule,
  s: TMealSetting,
  units: readonly number[],
  subtotal: number,
  remaining: number,
  priorOrders: number,
) => {
  const count = units.length;
  if (count === 0 || !meetsRestriction(s, subtotal, count)) return 0;
  const vars: TFormulaVars = {
    subtotal,
    count,
    avgPrice: Math.floor(subtotal / count),
    lowestPrice: units[0] ?? 0,
    highestPrice: units[count - 1] ?? 0,
    remaining,
    ...(needsOrderTimes(rule) ? { orderTimes: priorOrders } : {}),
  };
  const { condition, discount } = rule.formulas ?? { condition: null, discount: null };
  if (condition) {
    const holds = evaluateFormula(condition, vars);
    if (holds === null || holds === false || holds === 0) return 0;
  }
  if (!discount) return rawDiscount(s, units, subtotal, remaining);
  const v = evaluateFormula(discount, vars);
  return typeof v === 'number' ? carryValue(v, s.general.carryMethod) : 0;
};

/**
 * Prices an order with the shop's promotions: the ONE discount engine, run by order intake, the
 * storefront menu's preview and the console form. Running promotions apply in id order, each on what is
 * still payable, never below zero. A promotion is skipped when it is not running, not for the order's meal
 * type, its restriction is not met, it is for new members and the customer has ordered before, its
 * total or per-customer uses are spent, or its condition formula does not hold (promotion-formula.ts). Thresholds look at the order's subtotal and item count.
 */
export const applyPromotions = (
  order: TPromoOrder,
  rules: readonly TPromotionRule[],
  ctx: TPromoContext,
): TPromotionPricing => {
  const units: number[] = [];
  for (const i of order.items) for (let q = 0; q < i.quantity; q += 1) units.push(Math.max(0, i.unitPrice));
  units.sort((a, b) => a - b);
  const subtotal = units.reduce((a, b) => a + b, 0);
  const applied: TAppliedPromotion[] = [];
  let remaining = subtotal;
  for (const rule of [...rules].sort((a, b) => a.id - b.id)) {
    if (remaining <= 0) break;
    if (!isRunning(rule, ctx.now, ctx.timeZone)) continue;
    const found = settingFor(rule, order.mealType);
    if (!found) continue;
    const { setting } = found;
    if (setting.roleRestrictions.userType === 'new' && (ctx.anonymous || ctx.priorOrders >= 1)) continue;
    const usage = ctx.usage?.get(rule.id) ?? { used: 0, mine: 0 };
    const { totalUsage } = setting.general;
    const { limitPerUser } = setting.usageLimits;
    if (totalUsage !== null && usage.used >= totalUsage) continue;
    if (limitPerUser !== null && (ctx.anonymous || usage.mine >= limitPerUser)) continue;
    // the orderTimes module reads the customer's earlier orders: an unknown customer has none to read
    if (needsOrderTimes(rule) && ctx.anonymous) continue;
    const raw =
      rule.formulas?.condition || rule.formulas?.discount
        ? formulaDiscount(rule, setting, units, subtotal, remaining, ctx.priorOrders)
        : rawDiscount(setting, units, subtotal, remaining);
    const discount = Math.min(remaining, Math.max(0, raw));
    if (discount <= 0) continue;
    remaining -= discount;
    applied.push({ promotionId: rule.id, name: rule.name, mealKey: found.key, discount });
  }
  return { subtotal, discount: subtotal - remaining, total: remaining, applied };
};
