import {
  applyPromotions,
  priceOrder,
  type TMealType,
  type TOrderItemInput,
  type TPromotionRule,
  type TStorefrontMenu,
} from '@shopdesk/contract';

export type TMenuProduct = TStorefrontMenu['classes'][number]['products'][number];

/** The storefront menu in the shape the contract's pricing function reads (the server runs the same). */
const pricingMenu = (menu: TStorefrontMenu) => ({
  products: menu.classes.flatMap((c) =>
    c.products.map((p) => ({
      id: p.id,
      names: { zh: p.name, en: p.name },
      price: p.price,
      optionGroups: p.optionGroups.map((g, position) => ({
        id: g.id,
        productId: p.id,
        names: { zh: g.name, en: g.name },
        // the storefront already answers single-choice groups with max 1
        kind: 'multiple' as const,
        minSelect: g.min,
        maxSelect: g.max,
        position,
        options: g.options.map((o, n) => ({
          id: o.id,
          groupId: g.id,
          names: { zh: o.name, en: o.name },
          priceDelta: o.priceDelta,
          soldOut: o.soldOut,
          position: n,
        })),
      })),
    })),
  ),
});

export const productsById = (menu: TStorefrontMenu) =>
  new Map(menu.classes.flatMap((c) => c.products.map((p) => [p.id, p] as const)));

/**
 * The price the server will charge before sending: the contract's priceOrder (options, min/max)
 * then the one discount engine with the running promotions. `priorOrders` is what this device knows of the
 * customer's earlier orders (a new-member promotion is confirmed by the server).
 */
export const previewPrice = (
  menu: TStorefrontMenu,
  mealType: TMealType,
  items: TOrderItemInput[],
  priorOrders: number,
) => {
  const priced = priceOrder(pricingMenu(menu), items);
  if (!priced.ok) return { ok: false as const, refusal: priced.refusal };
  const promo = applyPromotions(
    { mealType, items: priced.order.items },
    menu.promotions as unknown as TPromotionRule[],
    { now: new Date(), priorOrders },
  );
  return { ok: true as const, order: priced.order, discount: promo.discount, applied: promo.applied };
};

/** One line's unit price with its options (for the product sheet and the cart lines). */
export const unitPrice = (p: TMenuProduct, optionIds: number[]) => {
  const chosen = new Set(optionIds);
  const delta = p.optionGroups
    .flatMap((g) => g.options)
    .filter((o) => chosen.has(o.id))
    .reduce((s, o) => s + o.priceDelta, 0);
  return Math.max(0, p.price + delta);
};
