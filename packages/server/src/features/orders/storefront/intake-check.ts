import {
  checkOrder,
  priceOrder,
  refusal,
  type TMealType,
  type TMenuProduct,
  type TOrderCheck,
  type TOrderRefusal,
  type TPaymentMethod,
  type TPaymentService,
  type TPricedOrder,
} from '@shopdesk/contract';
import type { Db } from '../../../db/client';
import { loadOrderedProducts } from './order-store';
import type { OrderShop } from './shop-context';
import { slotCountsAt } from './slot-counts';

export type TCartItem = { productId: number; quantity: number; optionIds: number[] };

/** What is checked: an order as intake receives it, or the availability panel's question. */
export type TIntakeFacts = {
  mealType: TMealType;
  /** null = as soon as possible. */
  wantedAt: Date | null;
  paymentMethod?: TPaymentMethod;
  paymentService?: TPaymentService | null;
  /** The table of a table link: it must be one of the shop's table QR codes. */
  tableNumber?: string | null;
  /** A cart: priced from the menu, so its subtotal and item count meet the minimums as at intake. */
  cart?: readonly TCartItem[];
  /** Without a cart: products looked at one each (sold out, meal type), without pricing or minimums. */
  productIds?: readonly number[];
  /** The delivery point (geocoded before, locate-delivery.ts) and its route distance when known. */
  delivery: { lat: number; lng: number; routeMeters?: number | null } | null;
  /** Intake refuses a delivery without an address; a question about availability has none to give. */
  requireAddress?: boolean;
  /** A staff test order (a valid staff preview link): passes the go-live check (checkOrder). */
  test?: boolean;
  /** The limit slots' counts when the caller read them already (order intake, slot-counts.ts slotCountsSql). */
  slotCounts?: Map<string, number>;
  /** The cart's products when the caller read them already (order intake's key read, order-store.ts findByKey). */
  products?: TMenuProduct[];
};

export type TIntakeCheck =
  | { ok: true; ctx: TOrderCheck; priced: TPricedOrder | null; quantities: Map<number, number> }
  | { ok: false; refusal: TOrderRefusal; status: 400 | 409; ctx: TOrderCheck | null };

/**
 * The checks order intake runs before it writes anything, in one place so the availability
 * panel cannot answer "ok" to a cart that intake refuses: price the cart from the menu, then
 * every rule of checkOrder with the shop's counted limit slots.
 */
export const checkIntake = async (
  db: Db,
  o: OrderShop,
  f: TIntakeFacts,
  now: Date,
): Promise<TIntakeCheck> => {
  const accountId = o.stored.accountId;
  const ids = f.cart ? f.cart.map((i) => i.productId) : [...(f.productIds ?? [])];
  const menuRows = f.products ?? (ids.length ? await loadOrderedProducts(db, accountId, ids) : []);
  let priced: TPricedOrder | null = null;
  if (f.cart) {
    const result = priceOrder({ products: menuRows }, f.cart);
    if (!result.ok) return { ok: false, refusal: result.refusal, status: 400, ctx: null };
    priced = result.order;
  } else {
    const missing = ids.find((id) => !menuRows.some((p) => p.id === id));
    if (missing !== undefined)
      return { ok: false, refusal: refusal('UNKNOWN_PRODUCT', missing), status: 400, ctx: null };
  }
  if (f.requireAddress && f.mealType === 'delivery' && !f.delivery)
    return { ok: false, refusal: refusal('DELIVERY_ADDRESS_REQUIRED'), status: 400, ctx: null };

  const byId = new Map(menuRows.map((p) => [p.id, p]));
  const quantities = new Map<number, number>();
  for (const i of f.cart ?? ids.map((productId) => ({ productId, quantity: 1, optionIds: [] })))
    quantities.set(i.productId, (quantities.get(i.productId) ?? 0) + i.quantity);
  const chosenOf = (id: number) =>
    new Set((f.cart ?? []).filter((i) => i.productId === id).flatMap((i) => i.optionIds));
  const ctx: TOrderCheck = {
    shop: o.shop,
    mealType: f.mealType,
    paymentMethod: f.paymentMethod,
    paymentService: f.paymentService ?? null,
    tableNumber: f.tableNumber ?? null,
    wantedAt: f.wantedAt,
    now,
    test: Boolean(f.test),
    products: [...quantities].map(([id, quantity]) => {
      const p = byId.get(id)!;
      const chosen = chosenOf(id);
      // a sold-out option makes the line unavailable as chosen
      const optionOut = p.optionGroups.some((g) => g.options.some((x) => chosen.has(x.id) && x.soldOut));
      return {
        id,
        soldOut: p.soldOut || optionOut,
        stockLeft: p.stockLeft,
        mealTypes: p.mealTypes,
        quantity,
      };
    }),
    subtotal: priced?.subtotal,
    itemCount: priced?.itemCount,
    delivery: f.delivery ? { lat: f.delivery.lat, lng: f.delivery.lng } : null,
    deliveryRouteMeters: f.delivery?.routeMeters ?? null,
    slotCounts: f.slotCounts ?? (await slotCountsAt(db, o, f, f.wantedAt ?? now)),
  };
  const blocking = checkOrder(ctx);
  return blocking
    ? { ok: false, refusal: blocking, status: 409, ctx }
    : { ok: true, ctx, priced, quantities };
};
