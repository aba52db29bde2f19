import type { TMealType } from '../../menus/menus/menu-model';

/**
 * The meal type a customer lands on (docs/decisions/customer-app.md "Meal type"): the first of `preferred`
 * (the cart's choice, then the shop's default_meal_type) that the shop offers, else the first offered one;
 * null when the shop offers none. A default on a switched-off mode is skipped, never shown (spec 001 §2.2).
 * The customer app and the console's availability panel both start from it.
 */
export const landingMealType = (
  offered: readonly TMealType[],
  ...preferred: readonly (string | null | undefined)[]
): TMealType | null =>
  (preferred.find((p) => offered.includes(p as TMealType)) as TMealType | undefined) ?? offered[0] ?? null;
