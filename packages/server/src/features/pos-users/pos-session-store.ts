import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { posSessions } from '../../db/schema';

/** A POS device stays signed in for 30 days (an order machine is not signed in again every shift). */
export const POS_SESSION_MS = 30 * 24 * 60 * 60 * 1000;

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
