import { ADMIN_MESSAGES } from '@shopdesk/contract';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { accounts, users } from '../../../db/schema';
import { badRequest, forbidden, notFound } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { mayAccessShop } from '../../../plugins/app/shop-access';
import { writeAudit } from '../audit/write-audit';
import type { UserRowSource } from './user-store';

/**
 * Who may manage whom: gaa every user; an si the users of its own SI account and the owners of
 * its shops; nobody else. Unknown users are 404, another tenant's 403.
 */
export const requireManagedUser = async (
  db: Db,
  caller: SessionUser,
  userId: number,
): Promise<UserRowSource> => {
  const [target] = await db.select().from(users).where(eq(users.id, userId));
  if (!target) throw notFound();
  if (caller.type === 'gaa') return target;
  if (caller.type === 'si' && caller.siAccountId !== null) {
    if (target.type === 'si' && target.siAccountId === caller.siAccountId) return target;
    if (target.type === 'eaa') {
      const [own] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.ownerUserId, target.id), eq(accounts.siAccountId, caller.siAccountId)))
        .limit(1);
      if (own) return target;
    }
  }
  throw forbidden();
};

/**
 * Acting on a user (edit, disable, re-invite) changes the whole account, so an si acts on a store owner only
 * when every shop of that owner is its SI's: an owner who also owns another SI's shop or an unassigned shop
 * is the platform's (403 naming why). Reading it and moving the si's own shops stay open.
 */
export const requireActionableUser = async (
  db: Db,
  caller: SessionUser,
  userId: number,
): Promise<UserRowSource> => {
  const target = await requireManagedUser(db, caller, userId);
  if (caller.type === 'si' && target.type === 'eaa') {
    const [outside] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        and(
          eq(accounts.ownerUserId, target.id),
          sql`${accounts.siAccountId} is distinct from ${caller.siAccountId}`,
        ),
      )
      .limit(1);
    if (outside) throw forbidden(ADMIN_MESSAGES.ownerShared);
  }
  return target;
};

/**
 * Makes `shopIds` the owner's shops among those the caller may touch: listed shops move to the owner (from
 * any previous owner), the caller's other shops of this owner are released. Shops outside the caller's
 * reach are refused (403) and never changed.
 */
export const setOwnedShops = async (tx: Db, caller: SessionUser, owner: UserRowSource, shopIds: number[]) => {
  const ids = [...new Set(shopIds)];
  if (ids.length) {
    const found = await tx
      .select({
        accountId: accounts.id,
        siAccountId: accounts.siAccountId,
        ownerUserId: accounts.ownerUserId,
      })
      .from(accounts)
      .where(inArray(accounts.id, ids))
      .for('update');
    if (found.length !== ids.length) throw badRequest(ADMIN_MESSAGES.shopsRequired, 'shopIds');
    if (found.some((s) => !mayAccessShop(caller, s))) throw forbidden();
  }
  const scope = caller.type === 'si' ? eq(accounts.siAccountId, caller.siAccountId ?? -1) : undefined;
  const released = await tx
    .update(accounts)
    .set({ ownerUserId: null, updatedAt: new Date() })
    .where(
      and(eq(accounts.ownerUserId, owner.id), scope, ids.length ? notInArray(accounts.id, ids) : sql`true`),
    )
    .returning({ id: accounts.id });
  const given = ids.length
    ? await tx
        .update(accounts)
        .set({ ownerUserId: owner.id, updatedAt: new Date() })
        .where(and(inArray(accounts.id, ids), sql`${accounts.ownerUserId} is distinct from ${owner.id}`))
        .returning({ id: accounts.id })
    : [];
  for (const s of given)
    await writeAudit(tx, caller, {
      accountId: s.id,
      resourceCode: 'accounts',
      action: 'update',
      displayName: '商店擁有者',
      displayLog: `商店擁有者 → ${owner.name}（${owner.email}）`,
      newValue: owner.id,
    });
  for (const s of released)
    await writeAudit(tx, caller, {
      accountId: s.id,
      resourceCode: 'accounts',
      action: 'update',
      displayName: '商店擁有者',
      displayLog: `移除商店擁有者 ${owner.name}（${owner.email}）`,
      oldValue: owner.id,
      newValue: null,
    });
};
