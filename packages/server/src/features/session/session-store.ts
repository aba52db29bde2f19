import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

export const SESSION_COOKIE = 'sd_session';
/** Idle lifetime: a session unused for 12 hours ends; each use (at most every 5 minutes) extends it. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export type SessionUser = {
  id: number;
  type: 'gaa' | 'si' | 'eaa' | 'line';
  name: string;
  email: string;
  siAccountId: number | null;
  shopAccountId: number | null;
  /** The acls of a shop manager (line user); checked by plugins/app/authorize with the contract's acl map. */
  acls: string[];
  sessionId: string;
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export const createSession = async (db: Db, userId: number, meta: { ip?: string; userAgent?: string }) => {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_IDLE_MS),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300),
  });
  return token;
};

export const findSessionUser = async (db: Db, token: string): Promise<SessionUser | null> => {
  const id = hashToken(token);
  const rows = await db
    .select({
      id: users.id,
      type: users.type,
      name: users.name,
      email: users.email,
      siAccountId: users.siAccountId,
      shopAccountId: users.shopAccountId,
      acls: users.acls,
      disabled: users.disabled,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  const row = rows[0];
  if (!row || row.disabled) return null;
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + SESSION_IDLE_MS) })
      .where(eq(sessions.id, id));
  }
  const { disabled: _d, lastSeenAt: _l, ...user } = row;
  return { ...user, sessionId: id };
};

export const deleteSession = async (db: Db, token: string) => {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
};
