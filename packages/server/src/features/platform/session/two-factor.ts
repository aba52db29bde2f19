import { createHash, randomBytes, randomInt } from 'node:crypto';
import { normaliseOtpInput, TOTP } from '@shopdesk/contract';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Db } from '../../../db/client';
import { signinChallenges, users } from '../../../db/schema';
import type { SecretBox } from '../../../lib/secret-box';

/**
 * TOTP two-factor sign-in (docs/decisions/platform.md "Two-factor sign-in"): otplib does RFC 6238; the
 * secret is sealed with the app's secret box; the last accepted time step is kept so a code is never
 * accepted twice; recovery codes are kept as SHA-256 hashes and each works once.
 */

const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');

export const newTotpSecret = () => generateSecret(); // 20 random bytes, base32 (what the apps expect)

export const otpauthUri = (email: string, secret: string) =>
  generateURI({
    issuer: TOTP.issuer,
    label: email,
    secret,
    digits: TOTP.digits,
    period: TOTP.periodSec,
  });

export type TTotpCheck = 'ok' | 'wrong' | 'replayed';

/**
 * Checks a 6-digit code against the user's sealed secret and, when it is right, claims its time step:
 * the update succeeds only while the stored step is older, so two requests with one code (or a code seen
 * over a shoulder) cannot both pass, on any instance.
 */
export const checkTotp = async (
  db: Db,
  box: SecretBox,
  user: { id: number; totpSecret: string | null; totpLastStep: number | null },
  code: string,
): Promise<TTotpCheck> => {
  if (!user.totpSecret) return 'wrong';
  const secret = box.open(user.totpSecret);
  const token = normaliseOtpInput(code);
  const tolerance = TOTP.toleranceSteps * TOTP.periodSec;
  const result = await verify({ secret, token, epochTolerance: tolerance, period: TOTP.periodSec });
  if (!result.valid) return 'wrong';
  // the TOTP strategy's result carries the time step the code belongs to (otplib's union type hides it)
  const step = (result as { timeStep: number }).timeStep;
  if (!Number.isInteger(step)) return 'wrong';
  if (user.totpLastStep !== null && step <= user.totpLastStep) return 'replayed';
  const claimed = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return claimed.length === 1 ? 'ok' : 'replayed';
};

/** Ten codes `xxxxx-xxxxx` (base32 letters and digits, 50 bits each) and the hashes to keep. */
export const newRecoveryCodes = () => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const codes = Array.from({ length: TOTP.recoveryCodes }, () => {
    const c = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
    return `${c.slice(0, 5)}-${c.slice(5)}`;
  });
  return { codes, hashes: codes.map((c) => sha256(normaliseOtpInput(c))) };
};

/** Uses up a recovery code: removes its hash in one statement, so it works once even when raced. */
export const useRecoveryCode = async (db: Db, userId: number, code: string): Promise<boolean> => {
  const hash = sha256(normaliseOtpInput(code));
  const rows = await db
    .update(users)
    .set({ totpRecoveryHashes: sql`${users.totpRecoveryHashes} - ${hash}::text` })
    .where(and(eq(users.id, userId), sql`jsonb_exists(${users.totpRecoveryHashes}, ${hash}::text)`))
    .returning({ id: users.id });
  return rows.length === 1;
};

// --- the half-done sign-in (password right, code due), behind its own short-lived cookie -------------

export const CHALLENGE_COOKIE = 'sd_signin';

export const createChallenge = async (
  db: Db,
  reply: FastifyReply,
  userId: number,
  purpose: 'totp' | 'enrol',
) => {
  const token = randomBytes(32).toString('base64url');
  const minutes = TOTP.challengeMinutes[purpose];
  // One half-done sign-in per user at a time; expired ones of anyone are swept on the way.
  await db
    .delete(signinChallenges)
    .where(or(eq(signinChallenges.userId, userId), lt(signinChallenges.expiresAt, sql`now()`)));
  await db.insert(signinChallenges).values({
    id: sha256(token),
    userId,
    purpose,
    expiresAt: new Date(Date.now() + minutes * 60_000),
  });
  reply.setCookie(CHALLENGE_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: 'auto',
    signed: true,
    maxAge: minutes * 60,
  });
};

const challengeToken = (req: FastifyRequest) => {
  const raw = req.cookies[CHALLENGE_COOKIE];
  if (!raw) return null;
  const unsigned = req.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
};

/** The live half-done sign-in of this browser for the purpose, with its user, or null. */
export const findChallenge = async (db: Db, req: FastifyRequest, purpose: 'totp' | 'enrol') => {
  const token = challengeToken(req);
  if (!token) return null;
  const [row] = await db
    .select({ challenge: signinChallenges, user: users })
    .from(signinChallenges)
    .innerJoin(users, eq(users.id, signinChallenges.userId))
    .where(
      and(
        eq(signinChallenges.id, sha256(token)),
        eq(signinChallenges.purpose, purpose),
        gt(signinChallenges.expiresAt, sql`now()`),
        lt(signinChallenges.attempts, TOTP.challengeAttempts),
      ),
    )
    .limit(1);
  if (!row || row.user.disabled) return null;
  return row;
};

/** A wrong code on this half-done sign-in; after the last allowed one the password is asked again. */
export const countChallengeAttempt = async (db: Db, id: string) => {
  await db
    .update(signinChallenges)
    .set({ attempts: sql`${signinChallenges.attempts} + 1` })
    .where(eq(signinChallenges.id, id));
};

export const endChallenge = async (db: Db, reply: FastifyReply, id: string) => {
  await db.delete(signinChallenges).where(eq(signinChallenges.id, id));
  reply.clearCookie(CHALLENGE_COOKIE, { path: '/' });
};
