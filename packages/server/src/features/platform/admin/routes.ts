import {
  ADMIN_MESSAGES,
  createEaaUserOp,
  createGaaUserOp,
  createSiAccountOp,
  createSiUserOp,
  getManagedUserOp,
  getSiAccountOp,
  listAssignableShopsOp,
  listEaaUsersOp,
  listGaaUsersOp,
  listSiAccountsAdminOp,
  listSiUsersOp,
  removeSiAccountOp,
  resendInviteOp,
  setEaaShopsOp,
  updateManagedUserOp,
  updateSiAccountOp,
} from '@shopdesk/contract';
import { and, asc, count, eq, ilike, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { accounts, businesses, siAccounts, users } from '../../../db/schema';
import { badRequest, forbidden, notFound } from '../../../http/errors';
import { registerOperation } from '../../../http/operation';
import { publicBase } from '../../../http/public-base';
import { requirePortal, shopScopeCondition } from '../../../plugins/app/shop-access';
import { containsPattern } from '../../shops/shop-lists/sql-helpers';
import { registerMailJob } from './admin-mail';
import { requireActionableUser, requireManagedUser, setOwnedShops } from './eaa-shops';
import { passwordRoutes } from './password-routes';
import { getSiAccount, insertSiAccount, pageSiAccounts, removeSiAccount, updateSiAccount } from './si-store';
import { editUser, inviteUser, ownedShops, ownsShopOfSi, pageUsers, toRow } from './user-store';

/** spec 000 §2 "Admin users", "Integrator accounts and users", "Store accounts". */
export const adminRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;
  registerMailJob(app);
  await passwordRoutes(app, opts);

  // gaa users
  registerOperation(app, listGaaUsersOp, async (req) => pageUsers(db, eq(users.type, 'gaa'), req.query));
  registerOperation(app, createGaaUserOp, async (req, reply) => {
    const actor = req.requireUser();
    const base = publicBase(req);
    const user = await db.transaction((tx) =>
      inviteUser(tx as unknown as Db, actor, { ...req.body, type: 'gaa', base }),
    );
    reply.code(201);
    return { user: toRow(user) };
  });

  // any managed user (gaa, si staff, store owners)
  registerOperation(app, getManagedUserOp, async (req) => {
    const caller = requirePortal(req, req.params.type);
    const target = await requireManagedUser(db, caller, req.params.userId);
    const shops = await ownedShops(db, [target.id], caller.type === 'si' ? caller.siAccountId : undefined);
    return { user: toRow(target, shops.get(target.id)) };
  });
  registerOperation(app, updateManagedUserOp, async (req) => {
    const caller = requirePortal(req, req.params.type);
    const target = await requireActionableUser(db, caller, req.params.userId);
    const after = await db.transaction((tx) => editUser(tx as unknown as Db, caller, target.id, req.body));
    if (!after) throw notFound();
    const shops = await ownedShops(db, [after.id], caller.type === 'si' ? caller.siAccountId : undefined);
    return { user: toRow(after, shops.get(after.id)) };
  });
  registerOperation(app, resendInviteOp, async (req) => {
    const caller = requirePortal(req, req.params.type);
    const target = await requireActionableUser(db, caller, req.params.userId);
    if (target.disabled) throw badRequest(ADMIN_MESSAGES.disabled, 'disabled');
    const { issuePasswordToken } = await import('./password-tokens');
    const { enqueuePasswordMail, setPasswordLink } = await import('./admin-mail');
    const base = publicBase(req);
    await db.transaction(async (tx) => {
      const token = await issuePasswordToken(tx as unknown as Db, target.id, 'invite');
      await enqueuePasswordMail(tx as unknown as Db, {
        to: target.email,
        name: target.name,
        type: target.type,
        purpose: 'invite',
        link: setPasswordLink(base, target.type, token),
      });
    });
    return { ok: true as const };
  });

  // SI accounts
  registerOperation(app, listSiAccountsAdminOp, async (req) => pageSiAccounts(db, req.query));
  registerOperation(app, getSiAccountOp, async (req) => ({
    siAccount: await getSiAccount(db, req.params.siId),
  }));
  registerOperation(app, createSiAccountOp, async (req, reply) => {
    const actor = req.requireUser();
    const base = publicBase(req);
    const id = await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const si = await insertSiAccount(tx, actor, req.body);
      // The contact is the SI's first user: it gets the set-password mail.
      await inviteUser(tx, actor, {
        type: 'si',
        name: req.body.contactName,
        email: req.body.email,
        phone: req.body.phone,
        siAccountId: si.id,
        base,
      });
      return si.id;
    });
    reply.code(201);
    return { siAccount: await getSiAccount(db, id) };
  });
  registerOperation(app, updateSiAccountOp, async (req) => {
    const actor = req.requireUser();
    await db.transaction((tx) => updateSiAccount(tx as unknown as Db, actor, req.params.siId, req.body));
    return { siAccount: await getSiAccount(db, req.params.siId) };
  });
  registerOperation(app, removeSiAccountOp, async (req) => {
    const actor = req.requireUser();
    await db.transaction((tx) => removeSiAccount(tx as unknown as Db, actor, req.params.siId));
    return { ok: true as const };
  });

  // SI users: gaa for any SI, an si for its own only
  const requireSiScope = async (
    req: { params: { type: string; siId: number } } & Parameters<typeof requirePortal>[0],
  ) => {
    const caller = requirePortal(req, req.params.type);
    if (caller.type === 'si' && caller.siAccountId !== req.params.siId) throw forbidden();
    const [si] = await db
      .select({ id: siAccounts.id })
      .from(siAccounts)
      .where(and(eq(siAccounts.id, req.params.siId), isNull(siAccounts.removedAt)));
    if (!si) throw notFound();
    return caller;
  };
  registerOperation(app, listSiUsersOp, async (req) => {
    await requireSiScope(req);
    return pageUsers(db, and(eq(users.type, 'si'), eq(users.siAccountId, req.params.siId)), req.query);
  });
  registerOperation(app, createSiUserOp, async (req, reply) => {
    const caller = await requireSiScope(req);
    const base = publicBase(req);
    const user = await db.transaction((tx) =>
      inviteUser(tx as unknown as Db, caller, {
        ...req.body,
        type: 'si',
        siAccountId: req.params.siId,
        base,
      }),
    );
    reply.code(201);
    return { user: toRow(user) };
  });

  // Store owners
  registerOperation(app, listEaaUsersOp, async (req) => {
    const caller = requirePortal(req, req.params.type);
    const scope = caller.type === 'si' ? ownsShopOfSi(caller.siAccountId ?? -1) : undefined;
    return pageUsers(
      db,
      and(eq(users.type, 'eaa'), scope),
      req.query,
      caller.type === 'si' ? caller.siAccountId : undefined,
    );
  });
  registerOperation(app, createEaaUserOp, async (req, reply) => {
    const caller = requirePortal(req, req.params.type);
    const { shopIds, ...person } = req.body;
    // An si sees only owners of its shops: an owner it creates must get one at once.
    if (caller.type === 'si' && shopIds.length === 0)
      throw badRequest(ADMIN_MESSAGES.shopsRequired, 'shopIds');
    const base = publicBase(req);
    const id = await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const user = await inviteUser(tx, caller, { ...person, type: 'eaa', base });
      await setOwnedShops(tx, caller, user, shopIds);
      return user.id;
    });
    reply.code(201);
    const [row] = await db.select().from(users).where(eq(users.id, id));
    const shops = await ownedShops(db, [id], caller.type === 'si' ? caller.siAccountId : undefined);
    return { user: toRow(row!, shops.get(id)) };
  });
  registerOperation(app, setEaaShopsOp, async (req) => {
    const caller = requirePortal(req, req.params.type);
    const target = await requireManagedUser(db, caller, req.params.userId);
    if (target.type !== 'eaa') throw notFound();
    // An si that released every shop of an owner could no longer see that owner: it keeps at least one.
    if (caller.type === 'si' && req.body.shopIds.length === 0)
      throw badRequest(ADMIN_MESSAGES.shopsRequired, 'shopIds');
    await db.transaction((tx) => setOwnedShops(tx as unknown as Db, caller, target, req.body.shopIds));
    const shops = await ownedShops(db, [target.id], caller.type === 'si' ? caller.siAccountId : undefined);
    return { user: toRow(target, shops.get(target.id)) };
  });
  registerOperation(app, listAssignableShopsOp, async (req) => {
    const caller = requirePortal(req, req.params.type);
    const text = req.query.q?.trim();
    const cond = and(
      shopScopeCondition(caller),
      // by name, or by shop number when the text is one (what the shop lists show)
      text
        ? or(
            ilike(businesses.name, containsPattern(text)),
            /^\d{1,9}$/.test(text) ? eq(accounts.id, Number(text)) : undefined,
          )
        : undefined,
    );
    const [total] = await db
      .select({ n: count() })
      .from(accounts)
      .innerJoin(businesses, eq(businesses.accountId, accounts.id))
      .where(cond);
    const rows = await db
      .select({ id: accounts.id, name: businesses.name, ownerName: users.name })
      .from(accounts)
      .innerJoin(businesses, eq(businesses.accountId, accounts.id))
      .leftJoin(users, eq(users.id, accounts.ownerUserId))
      .where(cond)
      .orderBy(asc(accounts.id))
      .limit(req.query.limit)
      .offset(req.query.offset);
    return { total: Number(total?.n ?? 0), rows };
  });
};
