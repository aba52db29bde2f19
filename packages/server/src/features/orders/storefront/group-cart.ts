import {
  GROUP_CART,
  GROUP_CART_MESSAGES,
  groupCartClosed,
  priceOrder,
  refusal,
  type TMealType,
  type TPlacedOrder,
} from '@shopdesk/contract';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { businesses, groupCartLines, groupCarts, orders } from '../../../db/schema';
import { inTx } from '../../../db/transaction';
import { ApiError } from '../../../http/errors';
import { findGroupCart, type GroupCartRow, loadLines, newGroupToken } from './group-cart-store';
import { loadOrderedProducts, loadPlacedOrder } from './order-store';
import { type LocatedBody, placeOrder, refused } from './place-order';
import { loadOrderShop } from './shop-context';

/**
 * 團購 (is_groupbuy): the shared cart's rules (docs/decisions/customer-app.md "Group orders"). Every change
 * locks the cart row, so a line added while the opener checks out is either in the order or refused.
 */
type TKey = keyof typeof GROUP_CART_MESSAGES;
const STATUS: Record<TKey, [number, string]> = {
  off: [422, 'GROUPBUY_OFF'],
  notFound: [404, 'GROUP_CART_NOT_FOUND'],
  keyRequired: [400, 'GROUP_KEY_REQUIRED'],
  checkedOut: [409, 'GROUP_CART_CHECKED_OUT'],
  cancelled: [409, 'GROUP_CART_CANCELLED'],
  expired: [409, 'GROUP_CART_EXPIRED'],
  full: [409, 'GROUP_CART_FULL'],
  notOpener: [403, 'NOT_GROUP_OPENER'],
  notYours: [403, 'NOT_YOUR_GROUP_LINE'],
  lineNotFound: [404, 'GROUP_LINE_NOT_FOUND'],
  empty: [422, 'GROUP_CART_EMPTY'],
};
export const groupError = (key: TKey) =>
  new ApiError(STATUS[key][0], STATUS[key][1], GROUP_CART_MESSAGES[key]);

/** The shop's is_groupbuy switch: off refuses opening, adding and checking out. */
const requireGroupbuy = async (db: Db, accountId: number) => {
  const [b] = await db
    .select({ on: businesses.isGroupbuy })
    .from(businesses)
    .where(eq(businesses.accountId, accountId));
  if (!b?.on) throw groupError('off');
};

const openCart = async (t: Db, token: string, now: Date): Promise<GroupCartRow> => {
  const cart = await findGroupCart(t, token, { lock: true });
  if (!cart) throw groupError('notFound');
  const closed = groupCartClosed({ status: cart.status as 'open', expiresAt: cart.expiresAt }, now);
  if (closed) throw groupError(closed);
  return cart;
};

export const openGroupCart = async (
  db: Db,
  accountId: number,
  body: { mealType: TMealType; name: string; lineUserId?: string },
  keyHash: string,
  now: Date,
) => {
  const o = await loadOrderShop(db, accountId);
  if (!o.stored.data.isGroupbuy) throw groupError('off');
  if (!o.shop.mealTypes[body.mealType].on) throw refused(refusal('MEAL_TYPE_OFF'), 422);
  const [cart] = await db
    .insert(groupCarts)
    .values({
      token: newGroupToken(),
      accountId,
      mealType: body.mealType,
      openerName: body.name,
      openerKeyHash: keyHash,
      openerLineUserId: body.lineUserId ?? null,
      expiresAt: new Date(now.getTime() + GROUP_CART.hours * 3_600_000),
      createdAt: now,
    })
    .returning();
  return cart!;
};

type TLineInput = { name: string; productId: number; quantity: number; optionIds: number[]; note?: string };

/** A participant adds an item under their name: a product of this shop with options it may take. */
export const addGroupLine = (db: Db, token: string, line: TLineInput, keyHash: string, now: Date) =>
  inTx(db, async (t) => {
    const cart = await openCart(t, token, now);
    await requireGroupbuy(t, cart.accountId);
    const [n] = await t
      .select({ n: count() })
      .from(groupCartLines)
      .where(eq(groupCartLines.groupCartId, cart.id));
    if ((n?.n ?? 0) >= GROUP_CART.linesMax) throw groupError('full');
    // the item as intake would price it (unknown product or option, option counts): refused now, not at checkout
    const products = await loadOrderedProducts(t, cart.accountId, [line.productId]);
    const priced = priceOrder({ products }, [line]);
    if (!priced.ok) throw refused(priced.refusal, 400);
    await t.insert(groupCartLines).values({
      groupCartId: cart.id,
      participant: line.name,
      keyHash,
      productId: line.productId,
      optionIds: line.optionIds,
      quantity: line.quantity,
      note: line.note || null,
      createdAt: now,
    });
    return cart;
  });

/** A participant removes one of their own items; another's is refused. */
export const removeGroupLine = (db: Db, token: string, lineId: number, keyHash: string, now: Date) =>
  inTx(db, async (t) => {
    const cart = await openCart(t, token, now);
    const [line] = await t
      .select()
      .from(groupCartLines)
      .where(and(eq(groupCartLines.id, lineId), eq(groupCartLines.groupCartId, cart.id)));
    if (!line) throw groupError('lineNotFound');
    if (line.keyHash !== keyHash) throw groupError('notYours');
    await t.delete(groupCartLines).where(eq(groupCartLines.id, lineId));
    return cart;
  });

export const cancelGroupCart = (db: Db, token: string, keyHash: string, now: Date) =>
  inTx(db, async (t) => {
    const cart = await openCart(t, token, now);
    if (cart.openerKeyHash !== keyHash) throw groupError('notOpener');
    const [done] = await t
      .update(groupCarts)
      .set({ status: 'cancelled' })
      .where(eq(groupCarts.id, cart.id))
      .returning();
    return done!;
  });

/**
 * The opener checks out once: the cart's lines become one order through order intake (every rule of
 * placeOrder: stock, limits, promotions, zones, payment), each item carrying its participant's name, in the
 * same transaction that marks the cart checked out. A retry with the same Idempotency-Key answers the same
 * order; any other second checkout is refused.
 */
export const checkoutGroupCart = (
  db: Db,
  token: string,
  body: Omit<LocatedBody, 'items'>,
  key: string,
  keyHash: string,
  now: Date,
  returnBase?: string,
  test = false,
): Promise<{ created: boolean; result: TPlacedOrder; cart: GroupCartRow }> =>
  inTx(db, async (t) => {
    const cart = await findGroupCart(t, token, { lock: true });
    if (!cart) throw groupError('notFound');
    if (cart.openerKeyHash !== keyHash) throw groupError('notOpener');
    if (cart.status === 'checked_out' && cart.orderId !== null) {
      const [earlier] = await t.select().from(orders).where(eq(orders.id, cart.orderId));
      if (earlier && earlier.idempotencyKey === key)
        return { created: false, result: await loadPlacedOrder(t, earlier), cart };
    }
    const closed = groupCartClosed({ status: cart.status as 'open', expiresAt: cart.expiresAt }, now);
    if (closed) throw groupError(closed);
    await requireGroupbuy(t, cart.accountId);
    const lines = await loadLines(t, cart.id);
    if (lines.length === 0) throw groupError('empty');
    const { created, result } = await placeOrder(
      t,
      cart.accountId,
      {
        ...body,
        // the cart's meal type: the participants chose from its menu
        mealType: cart.mealType as TMealType,
        items: lines.map((l) => ({
          productId: l.productId,
          quantity: l.quantity,
          optionIds: l.optionIds,
          ...(l.note ? { note: l.note } : {}),
          participant: l.participant,
        })),
      },
      key,
      now,
      returnBase,
      test,
    );
    const [done] = await t
      .update(groupCarts)
      .set({ status: 'checked_out', orderId: result.order.id })
      .where(eq(groupCarts.id, cart.id))
      .returning();
    return { created, result, cart: done! };
  });
