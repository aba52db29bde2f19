/**
 * The promotions' plain constants (no zod), so the discount engine can run in the customer app
 * without the schemas. promotion-model.ts re-exports them.
 */
/** spec 002 §9 Promotions: meal types, 'all' exclusive of the others (§4). */
export const PROMO_MEAL_KEYS = ['all', 'eatIn', 'toGo', 'delivery'] as const;
export type TPromoMealKey = (typeof PROMO_MEAL_KEYS)[number];
/** spec 002 §9: discount types. */
export const DISCOUNT_TYPES = [
  'fixed',
  'percentage',
  'discountPerItemsAvg',
  'discountPerItems5',
  'discountPerItemsLow',
] as const;
export type TDiscountType = (typeof DISCOUNT_TYPES)[number];
export const PER_ITEM_TYPES: readonly TDiscountType[] = [
  'discountPerItemsAvg',
  'discountPerItems5',
  'discountPerItemsLow',
];
