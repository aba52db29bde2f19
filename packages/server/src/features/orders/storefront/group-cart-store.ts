import { createHash, randomBytes } from 'node:crypto';
import type { TGroupCart, TMealType } from '@shopdesk/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { groupCartLines, groupCarts, orders } from '../../../db/schema';
import { tokenOfOrder } from './customer-app';

export type GroupCartRow = typeof groupCarts.$inferSelect;

/** 24 random bytes: the link cannot be guessed (docs/decisions/customer-app.md "Group orders"). */
export const newGroupToken = () => randomBytes(24).toString('base64url');
/** Keys are kept hashed: a database reader cannot act as a participant. */
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export const findGroupCart = async (db: Db, token: string, opts: { lock?: boolean } = {}) => {
  const query = db.select().from(groupCarts).where(eq(groupCarts.token, token));
  const [row] = await (opts.lock ? query.for('update') : query);
  return row ?? null;
};

export const loadLines = (db: Db, cartId: number) =>
  db
    .select()
    .from(groupCartLines)
    .where(eq(groupCartLines.groupCartId, cartId))
    .orderBy(asc(groupCartLines.id));

/** The cart as the app reads it: the caller's own lines marked, the order's link for the opener only. */
export const presentGroupCart = async (
  db: Db,
  secret: string,
  cart: GroupCartRow,
  keyHash: string | null,
  now: Date,
): Promise<TGroupCart> => {
  const lines = await loadLines(db, cart.id);
  const isOpener = keyHash !== null && keyHash === cart.openerKeyHash;
  let order: TGroupCart['order'] = null;
  if (cart.orderId !== null) {
    const [o] = await db.select({ serial: orders.serial }).from(orders).where(eq(orders.id, cart.orderId));
    if (o)
      order = { serial: o.serial, token: isOpener ? await tokenOfOrder(db, secret, cart.orderId) : null };
  }
  return {
    token: cart.token,
    accountId: cart.accountId,
    mealType: cart.mealType as TMealType,
    status: cart.status as TGroupCart['status'],
    expired: cart.status === 'open' && cart.expiresAt.getTime() <= now.getTime(),
    expiresAt: cart.expiresAt.toISOString(),
    openerName: cart.openerName,
    isOpener,
    order,
    lines: lines.map((l) => ({
      id: l.id,
      participant: l.participant,
      productId: l.productId,
      optionIds: l.optionIds,
      quantity: l.quantity,
      note: l.note,
      mine: keyHash !== null && l.keyHash === keyHash,
    })),
  };
};
