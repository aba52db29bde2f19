import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_TOKEN_HOURS } from '@shopdesk/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { passwordTokens, sessions, users } from '../../../db/schema';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A new single-use link for the user; earlier unused links of the user stop working. */
export const issuePasswordToken = async (tx: Db, userId: number, purpose: 'invite' | 'reset') => {
  const token = randomBytes(32).toString('base64url');
  await tx
    .update(passwordTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
  await tx.insert(passwordTokens).values({
    id: hashToken(token),
    userId,
    purpose,
    expiresAt: new Date(Date.now() + PASSWORD_TOKEN_HOURS[purpose] * 3600_000),
  });
  return token;
};

/** The live token's user, or undefined (unknown, used, expired, or the user disabled). */
export const findTokenUser = async (db: Db, token: string) =>
  (
    await db
      .select({
        tokenId: passwordTokens.id,
        purpose: passwordTokens.purpose,
        userId: users.id,
        email: users.email,
        type: users.type,
      })
      .from(passwordTokens)
      .innerJoin(users, eq(users.id, passwordTokens.userId))
      .where(
        and(
          eq(passwordTokens.id, hashToken(token)),
          isNull(passwordTokens.usedAt),
          gt(passwordTokens.expiresAt, sql`now()`),
          eq(users.disabled, false),
        ),
      )
      .limit(1)
  )[0];

/**
 * Uses the token and sets the password in one transaction; the token is claimed by a conditional UPDATE, so
 * two clicks cannot both use it. Every session of the user ends (a reset means the old password leaked).
 */
export const consumeToken = async (db: Db, token: string, passwordHash: string) =>
  db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordTokens.id, hashToken(token)),
          isNull(passwordTokens.usedAt),
          gt(passwordTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordTokens.userId });
    if (!claimed) return null;
    const [user] = await tx
      .update(users)
      .set({ passwordHash, passwordSet: true })
      .where(and(eq(users.id, claimed.userId), eq(users.disabled, false)))
      .returning({ id: users.id, type: users.type });
    if (!user) return null;
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    return user;
  });
