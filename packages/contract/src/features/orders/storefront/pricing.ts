import type { TMenuProduct } from '../../menus/menus/menu-model';
import { refusal, type TOrderRefusal } from './messages';

export type TOrderItemInput = { productId: number; quantity: number; optionIds: number[] };

export type TPricedOption = {
  id: number;
  groupId: number;
  names: { zh: string; en: string };
  priceDelta: number;
};
export type TPricedItem = {
  productId: number;
  names: { zh: string; en: string };
  /** Product price plus the chosen options' deltas, NT$. */
  unitPrice: number;
  quantity: number;
  options: TPricedOption[];
  lineTotal: number;
};
export type TPricedOrder = { items: TPricedItem[]; subtotal: number; itemCount: number };

type TPricingProduct = Pick<TMenuProduct, 'id' | 'names' | 'price' | 'optionGroups'>;

/**
 * The server prices an order itself from its menu: the customer sends ids and quantities, never
 * prices. Unit price = product price + chosen options' price deltas; line total = unit price × quantity.
 * Each option group's min/max (single-choice groups at most one) is checked; an unknown product or option,
 * or an option of another product, refuses the order.
 */
export const priceOrder = (
  menu: { products: readonly TPricingProduct[] },
  items: readonly TOrderItemInput[],
): { ok: true; order: TPricedOrder } | { ok: false; refusal: TOrderRefusal } => {
  if (items.length === 0) return { ok: false, refusal: refusal('EMPTY_ORDER') };
  const byId = new Map(menu.products.map((p) => [p.id, p]));
  const priced: TPricedItem[] = [];
  for (const item of items) {
    const product = byId.get(item.productId);
    if (!product) return { ok: false, refusal: refusal('UNKNOWN_PRODUCT', item.productId) };
    const chosen = new Set(item.optionIds);
    const known = new Set(product.optionGroups.flatMap((g) => g.options.map((o) => o.id)));
    if ([...chosen].some((id) => !known.has(id)) || chosen.size !== item.optionIds.length)
      return { ok: false, refusal: refusal('UNKNOWN_OPTION', product.id) };
    const options: TPricedOption[] = [];
    for (const group of product.optionGroups) {
      const picked = group.options.filter((o) => chosen.has(o.id));
      const max = group.kind === 'single' ? Math.min(1, group.maxSelect) : group.maxSelect;
      if (picked.length < group.minSelect || picked.length > max)
        return { ok: false, refusal: refusal('OPTION_COUNT', product.id) };
      for (const o of picked)
        options.push({ id: o.id, groupId: group.id, names: o.names, priceDelta: o.priceDelta });
    }
    // negative deltas (a smaller size) never make a line worth less than nothing
    const unitPrice = Math.max(0, product.price + options.reduce((sum, o) => sum + o.priceDelta, 0));
    priced.push({
      productId: product.id,
      names: product.names,
      unitPrice,
      quantity: item.quantity,
      options,
      lineTotal: unitPrice * item.quantity,
    });
  }
  return {
    ok: true,
    order: {
      items: priced,
      subtotal: priced.reduce((sum, i) => sum + i.lineTotal, 0),
      itemCount: priced.reduce((sum, i) => sum + i.quantity, 0),
    },
  };
};
