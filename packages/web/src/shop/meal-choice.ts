import { landingMealType, type TMealType, type TStorefrontShop } from '@shopdesk/contract';
import { useCallback, useEffect, useState } from 'react';
import { navigate, useLocation } from './router';
import { MEAL_TYPES } from './shop-data';
import { loadCart, saveCart, type TCart } from './store';

export const isMealType = (v: string | null): v is TMealType => MEAL_TYPES.includes(v as TMealType);

/** The cart of a shop, kept in localStorage across reloads. */
export const useCart = (shopId: number) => {
  const [cart, setCart] = useState<TCart>(() => loadCart(shopId));
  const update = useCallback(
    (change: (c: TCart) => TCart) =>
      setCart((c) => {
        const next = change(c);
        saveCart(shopId, next);
        return next;
      }),
    [shopId],
  );
  return [cart, update] as const;
};

/**
 * The meal type and table of a menu visit, one rule for both layouts (docs/decisions/customer-app.md "Meal
 * type"): a table link (?mealType=eat_in&table=5) fixes both; otherwise the link's meal type, then the cart's
 * choice, then the shop's default, then the first offered one. Kept in the cart.
 */
export const useMealChoice = (
  shop: TStorefrontShop,
  cart: TCart,
  updateCart: (change: (c: TCart) => TCart) => void,
) => {
  const { query } = useLocation();
  const queryMeal = query.get('mealType');
  const queryTable = query.get('table')?.trim().slice(0, 20) || null;
  const offered = MEAL_TYPES.filter((m) => shop.mealTypes[m].on);
  const forced = queryTable !== null && isMealType(queryMeal);
  const mealType: TMealType | null =
    (isMealType(queryMeal) ? queryMeal : null) ??
    landingMealType(offered, cart.mealType, shop.defaultMealType);
  const table = forced ? queryTable : cart.table;

  useEffect(() => {
    if (mealType !== cart.mealType || table !== cart.table) updateCart((c) => ({ ...c, mealType, table }));
  }, [mealType, table, cart.mealType, cart.table, updateCart]);
  // spec 000 §3 isPickup: the pick-up-cup rich menu's 自取 area opens ?mealType=to_go&pickUp=1
  const queryPickUp = query.get('pickUp') === '1' && shop.form.pickUp && mealType === 'to_go';
  useEffect(() => {
    if (queryPickUp && !cart.pickUp) updateCart((c) => ({ ...c, pickUp: true }));
  }, [queryPickUp, cart.pickUp, updateCart]);

  const chooseMeal = (m: TMealType) => {
    updateCart((c) => ({ ...c, mealType: m, table: null }));
    navigate(`/shop/${shop.id}/menu?mealType=${m}`, { replace: true });
  };
  return { mealType, table, forced, offered, chooseMeal };
};
