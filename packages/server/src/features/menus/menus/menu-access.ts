import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client';
import type { SessionUser } from '../../../identity/session-store';
import { requirePortal, requireShop } from '../../../plugins/app/shop-access';

/** What every menu service gets: the database (or the transaction), the caller and the shop. */
export type MenuCtx = { db: Db; user: SessionUser; accountId: number };

/**
 * The shop of a menu route: the {type} of the path must be the caller's own portal, and the shop one the
 * caller may touch (gaa any, si its SI account's, eaa its own, line its one shop): 404 unknown, 403 another's.
 */
export const menuContext = async (
  req: FastifyRequest,
  db: Db,
  params: { type: string; accountId: number },
): Promise<MenuCtx> => {
  const user = requirePortal(req, params.type);
  await requireShop(db, user, params.accountId);
  return { db, user, accountId: params.accountId };
};

/** The transaction helper (db/transaction.ts): a deadlocked or serialization-failed attempt runs again. */
export { inTx } from '../../../db/transaction';
