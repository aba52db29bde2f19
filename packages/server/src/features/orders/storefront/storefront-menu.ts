import {
  cannotBeOrdered,
  checkOrder,
  settingFor,
  type TMealType,
  type TStorefrontMenu,
} from '@shopdesk/contract';
import type { Db } from '../../../db/client';
import { ruleOf, runningPromotionRows } from '../../marketing/promotions/promotion-store';
import { loadMenu } from '../../menus/menus/menu-store';
import { refused } from './place-order';
import { loadOrderShop } from './shop-context';

/**
 * What a customer may order for a meal type: the shop must be online and serve the meal type
 * (else the same refusal the order would get), and only products offered for that meal type are listed.
 * Sold-out products stay listed with soldOut true (a product with no stock left counts as sold out), so
 * the customer sees them greyed out rather than wondering where they went.
 */
export const storefrontMenu = async (
  db: Db,
  accountId: number,
  mealType: TMealType,
): Promise<TStorefrontMenu> => {
  const o = await loadOrderShop(db, accountId);
  // only the shop switches here: the menu is readable outside service hours, to order ahead
  const blocking = checkOrder({ shop: o.shop, mealType, wantedAt: null, now: new Date() });
  if (blocking && ['SYSTEM_CLOSED', 'SHOP_OFFLINE', 'MEAL_TYPE_OFF'].includes(blocking.code))
    throw refused(blocking);
  const menu = await loadMenu(db, accountId);
  const now = new Date();
  const promotions = (await runningPromotionRows(db, accountId, now)).flatMap((r) => {
    const rule = ruleOf(r);
    // only the promotions that can apply to this meal type (the engine's own choice of setting)
    return settingFor(rule, mealType) ? [{ ...rule, description: r.description }] : [];
  });
  return {
    promotions,
    classes: menu.classes
      .map((c) => ({
        id: c.id,
        name: c.names.zh,
        nameEn: c.names.en ?? '',
        products: menu.products
          // a product whose required group has too few options is never offered: no order of it can pass
          .filter(
            (p) => p.classId === c.id && p.mealTypes.includes(mealType) && !cannotBeOrdered(p.optionGroups),
          )
          .map((p) => ({
            id: p.id,
            name: p.names.zh,
            nameEn: p.names.en ?? '',
            price: p.price,
            soldOut: p.soldOut || p.stockLeft === 0,
            stockLeft: p.stockLeft,
            description: p.description.zh,
            descriptionEn: p.description.en ?? '',
            imageUrl: p.imageUrl,
            calories: o.stored.data.isCalorie ? p.calories : null,
            optionGroups: p.optionGroups.map((g) => ({
              id: g.id,
              name: g.names.zh,
              nameEn: g.names.en ?? '',
              min: g.minSelect,
              max: g.kind === 'single' ? Math.min(1, g.maxSelect) : g.maxSelect,
              options: g.options.map((x) => ({
                id: x.id,
                name: x.names.zh,
                nameEn: x.names.en ?? '',
                priceDelta: x.priceDelta,
                soldOut: x.soldOut,
              })),
            })),
          })),
      }))
      .filter((c) => c.products.length > 0),
  };
};
