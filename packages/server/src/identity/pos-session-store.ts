import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { businesses, posSessions, posUsers } from '../db/schema';

/** A POS device stays signed in for 30 days (an order machine is not signed in again every shift). */
export const POS_SESSION_MS = 30 * 24 * 60 * 60 * 1000;

/** The POS board's cookie (HttpOnly, signed), set by POST /qcpos/signin beside the token it answers. */
export const POS_COOKIE = 'sd_pos';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Issues a bearer token for a POS user; only its SHA-256 is stored. Expired tokens of the user are dropped. */
export const createPosSession = async (db: Db, posUserId: number): Promise<string> => {
  const token = randomBytes(32).toString('base64url');
  await db
    .delete(posSessions)
    .where(and(eq(posSessions.posUserId, posUserId), lt(posSessions.expiresAt, new Date())));
  await db.insert(posSessions).values({
    id: hashToken(token),
    posUserId,
    expiresAt: new Date(Date.now() + POS_SESSION_MS),
  });
  return token;
};

/** The signed-in point-of-sale user: one shop's order machine. */
export type PosUser = { posUserId: number; username: string; accountId: number; shopName: string };

export const findPosSession = async (db: Db, token: string): Promise<PosUser | null> => {
  const [row] = await db
    .select({
      posUserId: posUsers.id,
      username: posUsers.username,
      accountId: posUsers.accountId,
      shopName: businesses.name,
    })
    .from(posSessions)
    .innerJoin(posUsers, eq(posUsers.id, posSessions.posUserId))
    .leftJoin(businesses, eq(businesses.accountId, posUsers.accountId))
    .where(and(eq(posSessions.id, hashToken(token)), gt(posSessions.expiresAt, new Date())));
  return row ? { ...row, shopName: row.shopName ?? '' } : null;
};

export const deletePosSession = async (db: Db, token: string) => {
  await db.delete(posSessions).where(eq(posSessions.id, hashToken(token)));
};
