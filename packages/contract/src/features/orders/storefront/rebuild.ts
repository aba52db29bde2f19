import type { TCustomerOrder } from './customer-app';
import type { TStorefrontMenu } from './storefront-ops';

/** A cart line of the customer app: the same product, options and note make one line. */
export type TRebuildLine = {
  key: string;
  productId: number;
  optionIds: number[];
  quantity: number;
  note?: string;
};

/**
 * 再點一次 (spec 001 §2.2 is_rebuild; docs/decisions "Order switches"): the lines of a past order that can be
 * ordered now, read against today's menu of the order's meal type. A product no longer on sale (gone, sold
 * out) is left out and named; an option no longer on sale is dropped and named, and the line is left out
 * when its option group then falls below its minimum. Prices are today's (the cart prices from the menu).
 */
export const rebuildLines = (
  order: Pick<TCustomerOrder, 'items'>,
  menu: TStorefrontMenu,
): { lines: TRebuildLine[]; missing: string[] } => {
  const products = new Map(menu.classes.flatMap((c) => c.products).map((p) => [p.id, p]));
  const lines: TRebuildLine[] = [];
  const missing: string[] = [];
  for (const item of order.items) {
    const p = products.get(item.productId);
    if (!p || p.soldOut) {
      missing.push(item.name);
      continue;
    }
    const onSale = new Map(
      p.optionGroups.flatMap((g) => g.options.filter((o) => !o.soldOut).map((o) => [o.id, g.id] as const)),
    );
    const kept = item.optionIds.filter((id) => onSale.has(id));
    const fits = p.optionGroups.every((g) => {
      const n = kept.filter((id) => onSale.get(id) === g.id).length;
      return n >= g.min && n <= g.max;
    });
    if (!fits) {
      missing.push(item.name);
      continue;
    }
    item.optionIds.forEach((id, i) => {
      if (!onSale.has(id)) missing.push(`${item.name}（${item.options[i] ?? id}）`);
    });
    const note = item.note ?? '';
    lines.push({
      key: `${p.id}:${[...kept].sort((a, b) => a - b).join(',')}:${note}`,
      productId: p.id,
      optionIds: kept,
      quantity: item.quantity,
      ...(note ? { note } : {}),
    });
  }
  return { lines, missing };
};

/** The rebuilt lines added to a cart's lines: the same line (product, options, note) adds its quantity. */
export const mergeLines = (cart: TRebuildLine[], add: TRebuildLine[]): TRebuildLine[] => {
  const out = cart.map((l) => ({ ...l }));
  for (const l of add) {
    const same = out.find((x) => x.key === l.key);
    if (same) same.quantity = Math.min(99, same.quantity + l.quantity);
    else out.push(l);
  }
  return out;
};
