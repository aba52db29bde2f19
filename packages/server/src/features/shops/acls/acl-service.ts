import { ACL_MESSAGES, ACLS, isAcl, type TManager, type TSaveAclsRequest } from '@shopdesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema';
import { badRequest } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { requireShop } from '../../../plugins/app/shop-access';
import { inTx } from '../../menus/menus/menu-access';
import { writeAudit } from '../../platform/audit/write-audit';

const managerColumns = {
  userId: users.id,
  accountId: users.shopAccountId,
  name: users.name,
  phone: users.phone,
  email: users.email,
  acls: users.acls,
};
type ManagerRow = {
  userId: number;
  accountId: number | null;
  name: string;
  phone: string | null;
  email: string;
  acls: string[];
};
const toManager = (r: ManagerRow): TManager => ({
  ...r,
  accountId: r.accountId ?? 0,
  // in the spec's order, whatever order they were saved in
  acls: ACLS.filter((a) => r.acls.includes(a)),
});

/** spec 002 §3 Manager: the shop's line users (its managers), with their acls. The caller must own the shop. */
export const listManagers = async (db: Db, user: SessionUser, accountId: number) => {
  await requireShop(db, user, accountId);
  const rows = await db
    .select(managerColumns)
    .from(users)
    .where(and(eq(users.type, 'line'), eq(users.shopAccountId, accountId), eq(users.disabled, false)))
    .orderBy(asc(users.id));
  return { managers: rows.map(toManager) };
};

/** spec 002 §6: the owner sets a manager's acls; audited in the shop's Record tab. */
export const saveAcls = async (db: Db, user: SessionUser, accountId: number, body: TSaveAclsRequest) => {
  if (body.accountId !== accountId) throw badRequest(ACL_MESSAGES.accountMismatch, 'accountId');
  await requireShop(db, user, accountId);
  return inTx(db, async (tx) => {
    const [found] = await tx
      .select(managerColumns)
      .from(users)
      .where(and(eq(users.id, body.userId), eq(users.type, 'line'), eq(users.shopAccountId, accountId)))
      .for('update');
    if (!found) throw badRequest(ACL_MESSAGES.notManager, 'userId');
    const acls = ACLS.filter((a) => body.acls.includes(a));
    const before = ACLS.filter((a) => found.acls.includes(a) && isAcl(a));
    await tx.update(users).set({ acls }).where(eq(users.id, found.userId));
    await writeAudit(tx, user, {
      accountId,
      resourceCode: 'acls',
      action: 'update',
      displayName: `權限：${found.name}`,
      displayLog: `${found.name}：${before.join(', ') || '—'} → ${acls.join(', ') || '—'}`,
      target: { table: 'users', key: 'acls', id: found.userId },
      oldValue: before,
      newValue: acls,
    });
    return { manager: toManager({ ...found, acls }), message: ACL_MESSAGES.saved.zh };
  });
};
