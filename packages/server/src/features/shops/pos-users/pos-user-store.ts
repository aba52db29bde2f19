import { POS_USER_MESSAGES, POS_USERS_MAX } from '@shopdesk/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { posUsers } from '../../../db/schema';
import { conflict } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { writeAudit } from '../../platform/audit/write-audit';

type Actor = Pick<SessionUser, 'id' | 'name' | 'type'>;

const AUDIT = { resourceCode: 'pos-users', displayName: '點餐機使用者' } as const;

const toListed = (r: { username: string; accountId: number; createdAt: Date }) => ({
  username: r.username,
  shopId: r.accountId,
  createdAt: r.createdAt.toISOString(),
});

export const listPosUsers = async (db: Db, accountId: number) => {
  const rows = await db
    .select({ username: posUsers.username, accountId: posUsers.accountId, createdAt: posUsers.createdAt })
    .from(posUsers)
    .where(eq(posUsers.accountId, accountId))
    .orderBy(asc(posUsers.username));
  return rows.map(toListed);
};

export const findPosUser = async (db: Db, username: string) =>
  (
    await db
      .select()
      .from(posUsers)
      .where(eq(sql`lower(${posUsers.username})`, username.toLowerCase()))
      .limit(1)
  )[0];

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** Adds a POS user (spec 002 §5: at most 100 per shop). The shop row is locked so two adds cannot pass 100 together. */
export const addPosUser = async (
  db: Db,
  actor: Actor,
  input: { username: string; passwordHash: string; accountId: number },
) => {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select id from accounts where id = ${input.accountId} for update`);
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(posUsers)
        .where(eq(posUsers.accountId, input.accountId));
      if ((count?.n ?? 0) >= POS_USERS_MAX) throw conflict(POS_USER_MESSAGES.limitReached, 'POS_USERS_LIMIT');
      if (await findPosUser(tx as unknown as Db, input.username))
        throw conflict(POS_USER_MESSAGES.usernameTaken, 'USERNAME_TAKEN');
      const [row] = await tx.insert(posUsers).values(input).returning();
      const listed = toListed(row!);
      await writeAudit(tx as unknown as Db, actor, {
        ...AUDIT,
        accountId: input.accountId,
        action: 'create',
        displayLog: `新增點餐機使用者 ${listed.username}`,
        target: { table: 'pos_users', key: 'username', id: row!.id },
        newValue: { username: listed.username, shopId: listed.shopId },
      });
      return listed;
    });
  } catch (err) {
    // Another request took the same name between our check and the insert.
    if (isUniqueViolation(err)) throw conflict(POS_USER_MESSAGES.usernameTaken, 'USERNAME_TAKEN');
    throw err;
  }
};

/** Deletes a POS user; its POS sessions go with it (foreign key cascade). */
export const deletePosUser = async (
  db: Db,
  actor: Actor,
  user: { id: number; username: string; accountId: number },
) =>
  db.transaction(async (tx) => {
    await tx.delete(posUsers).where(and(eq(posUsers.id, user.id), eq(posUsers.accountId, user.accountId)));
    await writeAudit(tx as unknown as Db, actor, {
      ...AUDIT,
      accountId: user.accountId,
      action: 'delete',
      displayLog: `刪除點餐機使用者 ${user.username}`,
      target: { table: 'pos_users', key: 'username', id: user.id },
      oldValue: { username: user.username, shopId: user.accountId },
    });
  });
