import type { TAdminUserRow, TAdminUserStatus, TUserType } from '@shopdesk/contract';
import { ADMIN_MESSAGES } from '@shopdesk/contract';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { accounts, businesses, sessions, users } from '../../../db/schema';
import { badRequest, conflict } from '../../../http/errors';
import { containsPattern } from '../../shops/shop-lists/sql-helpers';
import { type AuditActor, writeAudit } from '../audit/write-audit';
import { enqueuePasswordMail, setPasswordLink } from './admin-mail';
import { issuePasswordToken } from './password-tokens';

/** A hash no password matches (verifyPassword only accepts the scrypt scheme): invited, not yet set. */
export const UNUSABLE_HASH = '!invited';

export type UserRowSource = typeof users.$inferSelect;

/** The shops (id, name) each eaa owns; `siAccountId` narrows them to one SI's shops. */
export const ownedShops = async (db: Db, userIds: number[], siAccountId?: number | null) => {
  if (userIds.length === 0) return new Map<number, { id: number; name: string }[]>();
  const rows = await db
    .select({ owner: accounts.ownerUserId, id: accounts.id, name: businesses.name })
    .from(accounts)
    .innerJoin(businesses, eq(businesses.accountId, accounts.id))
    .where(
      and(
        inArray(accounts.ownerUserId, userIds),
        siAccountId === undefined ? undefined : eq(accounts.siAccountId, siAccountId ?? -1),
      ),
    )
    .orderBy(asc(accounts.id));
  const out = new Map<number, { id: number; name: string }[]>();
  for (const r of rows) {
    const list = out.get(r.owner!) ?? [];
    list.push({ id: r.id, name: r.name });
    out.set(r.owner!, list);
  }
  return out;
};

export const toRow = (u: UserRowSource, shops: { id: number; name: string }[] = []): TAdminUserRow => ({
  id: u.id,
  type: u.type,
  name: u.name,
  email: u.email,
  phone: u.phone,
  siAccountId: u.siAccountId,
  disabled: u.disabled,
  passwordSet: u.passwordSet,
  totpEnabled: u.totpEnabledAt !== null,
  createdAt: u.createdAt.toISOString(),
  shops,
});

const STATUS_CONDITION: Record<TAdminUserStatus, SQL | undefined> = {
  active: and(eq(users.disabled, false), eq(users.passwordSet, true)),
  invited: and(eq(users.disabled, false), eq(users.passwordSet, false)),
  disabled: eq(users.disabled, true),
};

/** One page of users matching `where`, newest first, searched by name or e-mail, filtered by status. */
export const pageUsers = async (
  db: Db,
  where: SQL | undefined,
  q: { offset: number; limit: number; q?: string; status?: TAdminUserStatus },
  shopScope?: number | null,
) => {
  const search = q.q?.trim()
    ? or(ilike(users.name, containsPattern(q.q.trim())), ilike(users.email, containsPattern(q.q.trim())))
    : undefined;
  const cond = and(where, search, q.status ? STATUS_CONDITION[q.status] : undefined);
  const [total] = await db.select({ n: count() }).from(users).where(cond);
  const rows = await db
    .select()
    .from(users)
    .where(cond)
    .orderBy(desc(users.id))
    .limit(q.limit)
    .offset(q.offset);
  const shops = await ownedShops(
    db,
    rows.filter((r) => r.type === 'eaa').map((r) => r.id),
    shopScope,
  );
  return { total: Number(total?.n ?? 0), rows: rows.map((r) => toRow(r, shops.get(r.id))) };
};

/** eaa users owning at least one shop of the SI account. */
export const ownsShopOfSi = (siAccountId: number) =>
  sql`exists (select 1 from accounts a where a.owner_user_id = ${users.id} and a.si_account_id = ${siAccountId})`;

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/**
 * Creates an invited user (no password: a set-password link is mailed) inside the caller's transaction,
 * with its audit record and mail job. A taken e-mail is a 409 naming the field.
 */
export const inviteUser = async (
  tx: Db,
  actor: AuditActor,
  input: {
    type: TUserType;
    name: string;
    email: string;
    phone?: string;
    siAccountId?: number | null;
    base: string;
  },
) => {
  const taken = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()))
    .limit(1);
  if (taken.length) throw conflict(ADMIN_MESSAGES.emailTaken, 'EMAIL_TAKEN');
  let created: UserRowSource;
  try {
    [created] = (await tx
      .insert(users)
      .values({
        type: input.type,
        name: input.name,
        email: input.email,
        phone: input.phone || null,
        siAccountId: input.siAccountId ?? null,
        passwordHash: UNUSABLE_HASH,
        passwordSet: false,
      })
      .returning()) as [UserRowSource];
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ADMIN_MESSAGES.emailTaken, 'EMAIL_TAKEN');
    throw err;
  }
  const token = await issuePasswordToken(tx, created.id, 'invite');
  await enqueuePasswordMail(tx, {
    to: created.email,
    name: created.name,
    type: created.type,
    purpose: 'invite',
    link: setPasswordLink(input.base, created.type, token),
  });
  await writeAudit(tx, actor, {
    accountId: null,
    resourceCode: 'users',
    action: 'create',
    displayName: created.name,
    displayLog: `新增 ${created.type} 使用者 ${created.email}`,
    target: { table: 'users', id: created.id },
    newValue: {
      type: created.type,
      name: created.name,
      email: created.email,
      siAccountId: created.siAccountId,
    },
  });
  return created;
};

/**
 * Edits a user; disabling one ends its sessions at once (they live in the database). An omitted phone keeps
 * the stored one (the form always sends it; '' clears it): a caller that only disables erases nothing.
 */
export const editUser = async (
  tx: Db,
  actor: AuditActor & { id: number | null },
  userId: number,
  input: { name: string; phone?: string; disabled: boolean },
) => {
  const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!before) return null;
  if (input.disabled && !before.disabled) {
    if (before.type === 'gaa') {
      // Lock every active gaa row so two admins cannot disable the last two at once. Checked before "not
      // yourself": the only administrator trying to disable itself hears the real reason.
      const active = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.type, 'gaa'), eq(users.disabled, false)))
        .for('update');
      if (active.filter((a) => a.id !== userId).length === 0)
        throw conflict(ADMIN_MESSAGES.lastGaa, 'LAST_GAA');
    }
    if (actor.id === userId) throw badRequest(ADMIN_MESSAGES.notSelf, 'disabled');
  }
  const [after] = await tx
    .update(users)
    .set({
      name: input.name,
      phone: input.phone === undefined ? before.phone : input.phone || null,
      disabled: input.disabled,
    })
    .where(eq(users.id, userId))
    .returning();
  if (input.disabled) await tx.delete(sessions).where(eq(sessions.userId, userId));
  const changes = [
    before.name !== after!.name ? `名稱：${before.name} → ${after!.name}` : null,
    (before.phone ?? '') !== (after!.phone ?? '')
      ? `電話：${before.phone ?? ''} → ${after!.phone ?? ''}`
      : null,
    before.disabled !== after!.disabled ? (after!.disabled ? '停用' : '啟用') : null,
  ].filter(Boolean);
  if (changes.length)
    await writeAudit(tx, actor, {
      accountId: null,
      resourceCode: 'users',
      action: 'update',
      displayName: after!.name,
      displayLog: `${after!.email}：${changes.join('；')}`,
      target: { table: 'users', id: userId },
      oldValue: { name: before.name, phone: before.phone, disabled: before.disabled },
      newValue: { name: after!.name, phone: after!.phone, disabled: after!.disabled },
    });
  return after!;
};
