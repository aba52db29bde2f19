import type { TSiAccountEditBody, TSiAccountRow } from '@shopdesk/contract';
import { ADMIN_MESSAGES } from '@shopdesk/contract';
import { and, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { accounts, sessions, siAccounts, users } from '../../../db/schema';
import { conflict, notFound } from '../../../http/errors';
import { containsPattern } from '../../shops/shop-lists/sql-helpers';
import { type AuditActor, writeAudit } from '../audit/write-audit';

// The outer column is spelled out: drizzle writes ${siAccounts.id} unqualified ("id") in a one-table
// select, which inside the sub-query would mean a.id / u.id.
const shopCount = sql<number>`(select count(*)::int from accounts a where a.si_account_id = si_accounts.id)`;
const kindCount = (kind: 'catering' | 'retail') =>
  sql<number>`(select count(*)::int from accounts a where a.si_account_id = si_accounts.id and a.kind = ${kind})`;
const userCount = sql<number>`(select count(*)::int from users u where u.si_account_id = si_accounts.id and u.type = 'si' and not u.disabled)`;

const select = (db: Db) =>
  db
    .select({
      id: siAccounts.id,
      name: siAccounts.name,
      displayName: siAccounts.displayName,
      contactName: siAccounts.contactName,
      email: siAccounts.email,
      phone: siAccounts.phone,
      shopCount,
      cateringShopCount: kindCount('catering'),
      retailShopCount: kindCount('retail'),
      userCount,
      createdAt: siAccounts.createdAt,
    })
    .from(siAccounts);

type Raw = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];
const toRow = (r: Raw): TSiAccountRow => ({
  ...r,
  shopCount: Number(r.shopCount),
  cateringShopCount: Number(r.cateringShopCount),
  retailShopCount: Number(r.retailShopCount),
  userCount: Number(r.userCount),
  createdAt: r.createdAt.toISOString(),
});

export const pageSiAccounts = async (db: Db, q: { offset: number; limit: number; q?: string }) => {
  const text = q.q?.trim();
  const cond = and(
    isNull(siAccounts.removedAt),
    text
      ? or(
          ilike(siAccounts.name, containsPattern(text)),
          ilike(siAccounts.displayName, containsPattern(text)),
          ilike(siAccounts.email, containsPattern(text)),
        )
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(siAccounts).where(cond);
  const rows = await select(db).where(cond).orderBy(desc(siAccounts.id)).limit(q.limit).offset(q.offset);
  return { total: Number(total?.n ?? 0), rows: rows.map(toRow) };
};

/** A live SI account, or 404. */
export const getSiAccount = async (db: Db, id: number) => {
  const [row] = await select(db).where(and(eq(siAccounts.id, id), isNull(siAccounts.removedAt)));
  if (!row) throw notFound();
  return toRow(row);
};

export const isSiNameTaken = async (db: Db, name: string) =>
  (await db.select({ id: siAccounts.id }).from(siAccounts).where(eq(siAccounts.name, name)).limit(1)).length >
  0;

export const insertSiAccount = async (
  tx: Db,
  actor: AuditActor,
  input: TSiAccountEditBody & { name: string },
) => {
  if (await isSiNameTaken(tx, input.name)) throw conflict(ADMIN_MESSAGES.siNameTaken, 'SI_NAME_TAKEN');
  const [row] = await tx
    .insert(siAccounts)
    .values({
      name: input.name,
      displayName: input.displayName,
      contactName: input.contactName,
      email: input.email,
      phone: input.phone || null,
    })
    .returning();
  await writeAudit(tx, actor, {
    accountId: null,
    resourceCode: 'si-accounts',
    action: 'create',
    displayName: row!.displayName,
    displayLog: `新增 SI ${row!.name}（${row!.displayName}）`,
    target: { table: 'si_accounts', id: row!.id },
    newValue: input,
  });
  return row!;
};

export const updateSiAccount = async (tx: Db, actor: AuditActor, id: number, input: TSiAccountEditBody) => {
  const [before] = await tx
    .select()
    .from(siAccounts)
    .where(and(eq(siAccounts.id, id), isNull(siAccounts.removedAt)))
    .for('update');
  if (!before) throw notFound();
  await tx
    .update(siAccounts)
    .set({
      displayName: input.displayName,
      contactName: input.contactName,
      email: input.email,
      phone: input.phone || null,
    })
    .where(eq(siAccounts.id, id));
  await writeAudit(tx, actor, {
    accountId: null,
    resourceCode: 'si-accounts',
    action: 'update',
    displayName: input.displayName,
    displayLog: `編輯 SI ${before.name}`,
    target: { table: 'si_accounts', id },
    oldValue: {
      displayName: before.displayName,
      contactName: before.contactName,
      email: before.email,
      phone: before.phone,
    },
    newValue: input,
  });
};

/** Removes an SI without shops: hidden from lists, its users disabled and signed out (they stay for audit). */
export const removeSiAccount = async (tx: Db, actor: AuditActor, id: number) => {
  const [si] = await tx
    .select()
    .from(siAccounts)
    .where(and(eq(siAccounts.id, id), isNull(siAccounts.removedAt)))
    .for('update');
  if (!si) throw notFound();
  const [shops] = await tx.select({ n: count() }).from(accounts).where(eq(accounts.siAccountId, id));
  const n = Number(shops?.n ?? 0);
  if (n > 0) throw conflict(ADMIN_MESSAGES.siHasShops(n), 'SI_HAS_SHOPS');
  await tx.update(siAccounts).set({ removedAt: new Date() }).where(eq(siAccounts.id, id));
  const disabled = await tx
    .update(users)
    .set({ disabled: true })
    .where(eq(users.siAccountId, id))
    .returning({ id: users.id });
  for (const u of disabled) await tx.delete(sessions).where(eq(sessions.userId, u.id));
  await writeAudit(tx, actor, {
    accountId: null,
    resourceCode: 'si-accounts',
    action: 'delete',
    displayName: si.displayName,
    displayLog: `移除 SI ${si.name}（停用 ${disabled.length} 位使用者）`,
    target: { table: 'si_accounts', id },
  });
};
