import { eq, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';
import type { SessionUser } from '../../identity/session-store';

export type ShopRef = {
  accountId: number;
  kind: 'catering' | 'retail';
  siAccountId: number | null;
  ownerUserId: number | null;
};

type Caller = Pick<SessionUser, 'id' | 'type' | 'siAccountId' | 'shopAccountId'>;

/**
 * The one rule of who may touch a shop: gaa any shop, si the shops of its SI account,
 * eaa the shops it owns, line its one shop.
 */
export const mayAccessShop = (user: Caller, shop: Omit<ShopRef, 'kind'>): boolean => {
  switch (user.type) {
    case 'gaa':
      return true;
    case 'si':
      return user.siAccountId !== null && shop.siAccountId === user.siAccountId;
    case 'eaa':
      return shop.ownerUserId === user.id;
    case 'line':
      return user.shopAccountId === shop.accountId;
  }
};

/** The same rule as a SQL condition on `accounts`, for lists. undefined = no restriction. */
export const shopScopeCondition = (user: Caller): SQL | undefined => {
  switch (user.type) {
    case 'gaa':
      return undefined;
    case 'si':
      return eq(accounts.siAccountId, user.siAccountId ?? -1);
    case 'eaa':
      return eq(accounts.ownerUserId, user.id);
    case 'line':
      return eq(accounts.id, user.shopAccountId ?? -1);
  }
};

/** Loads a shop the caller may touch: 404 when it does not exist, 403 when it is another's. */
export const requireShop = async (db: Db, user: Caller, accountId: number): Promise<ShopRef> => {
  const rows = await db
    .select({
      accountId: accounts.id,
      kind: accounts.kind,
      siAccountId: accounts.siAccountId,
      ownerUserId: accounts.ownerUserId,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  const shop = rows[0];
  if (!shop) throw notFound();
  if (!mayAccessShop(user, shop)) throw forbidden();
  return shop;
};

/** The {type} of a /{type}/… path is the caller's own portal (spec 000 §7): an eaa calling /gaa/… is refused. */
export const requirePortal = (req: FastifyRequest, type: string): SessionUser => {
  const user = req.requireUser();
  if (user.type !== type) throw forbidden();
  return user;
};

/** The caller and the shop of a /{type}/… call: its own portal, and a shop it may touch. */
export const requirePortalShop = async (
  req: FastifyRequest,
  db: Db,
  type: string,
  accountId: number,
): Promise<{ user: SessionUser; shop: ShopRef }> => {
  const user = requirePortal(req, type);
  return { user, shop: await requireShop(db, user, accountId) };
};
