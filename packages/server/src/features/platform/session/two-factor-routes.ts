import {
  myTotpConfirmOp,
  myTotpDisableOp,
  myTotpOp,
  myTotpStartOp,
  otpInputKind,
  signinEnrolConfirmOp,
  signinEnrolStartOp,
  signinTotpOp,
  TWO_FACTOR_MESSAGES,
  twoFactorRequired,
} from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema';
import { ApiError, badRequest, forbidden } from '../../../http/errors';
import { registerOperation } from '../../../http/operation';
import { startSession, toUser } from '../../../identity/session-store';
import { verifyPassword } from '../../../lib/password';
import { clearFailures, recordFailure, refuseWhileLocked } from './throttle';
import {
  CHALLENGE_COOKIE,
  checkTotp,
  countChallengeAttempt,
  endChallenge,
  findChallenge,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  useRecoveryCode,
} from './two-factor';

type TUserRow = typeof users.$inferSelect;

const expired = (reply: FastifyReply) => {
  reply.clearCookie(CHALLENGE_COOKIE, { path: '/' });
  return new ApiError(401, 'SIGNIN_EXPIRED', TWO_FACTOR_MESSAGES.challengeExpired);
};
const conflict = (text: { zh: string; en: string }) => new ApiError(409, 'CONFLICT', text);

/** Two-factor sign-in: the second sign-in step, forced enrolment, and one's own settings. */
export const twoFactorRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;
  const box = app.secretBox;

  /** A new secret for the user, sealed, waiting for its first code (two-factor stays off until then). */
  const beginEnrolment = async (user: TUserRow) => {
    const secret = newTotpSecret();
    await db
      .update(users)
      .set({
        totpSecret: box.seal(secret),
        totpEnabledAt: null,
        totpLastStep: null,
        totpRecoveryHashes: null,
      })
      .where(eq(users.id, user.id));
    return { otpauthUri: otpauthUri(user.email, secret), secret, email: user.email };
  };

  /** The first right code turns two-factor on and answers the recovery codes, shown this once. */
  const finishEnrolment = async (user: TUserRow, code: string) => {
    if (!user.totpSecret || user.totpEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.notStarted);
    const check = await checkTotp(db, box, user, code);
    if (check !== 'ok') return null;
    const { codes, hashes } = newRecoveryCodes();
    await db
      .update(users)
      .set({ totpEnabledAt: new Date(), totpRecoveryHashes: hashes })
      .where(eq(users.id, user.id));
    return codes;
  };

  // The second step: a 6-digit code or a recovery code, throttled on the same keys as the password.
  registerOperation(
    app,
    signinTotpOp,
    async (req, reply) => {
      const found = await findChallenge(db, req, 'totp');
      if (!found) throw expired(reply);
      const { user, challenge } = found;
      const subject = { account: `email:${user.email}`, ip: req.ip };
      await refuseWhileLocked(db, subject, reply);
      const { code } = req.body;
      if (otpInputKind(code) === 'recovery') {
        if (!(await useRecoveryCode(db, user.id, code))) {
          await recordFailure(db, subject);
          await countChallengeAttempt(db, challenge.id);
          throw badRequest(TWO_FACTOR_MESSAGES.recoveryWrong, 'code', 'BAD_CODE');
        }
      } else {
        const check = await checkTotp(db, box, user, code);
        // A replayed code was right once: refused, but not a guess, so not counted as a failure.
        if (check === 'replayed') throw badRequest(TWO_FACTOR_MESSAGES.codeReplayed, 'code', 'CODE_REPLAYED');
        if (check === 'wrong') {
          await recordFailure(db, subject);
          await countChallengeAttempt(db, challenge.id);
          throw badRequest(TWO_FACTOR_MESSAGES.codeWrong, 'code', 'BAD_CODE');
        }
      }
      await endChallenge(db, reply, challenge.id);
      await clearFailures(db, subject);
      await startSession(db, req, reply, user.id);
      return { user: toUser(user) };
    },
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );

  // Forced enrolment: a gaa without two-factor has no session until its first code is right.
  registerOperation(
    app,
    signinEnrolStartOp,
    async (req, reply) => {
      const found = await findChallenge(db, req, 'enrol');
      if (!found) throw expired(reply);
      return beginEnrolment(found.user);
    },
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );

  registerOperation(
    app,
    signinEnrolConfirmOp,
    async (req, reply) => {
      const found = await findChallenge(db, req, 'enrol');
      if (!found) throw expired(reply);
      const { user, challenge } = found;
      const subject = { account: `email:${user.email}`, ip: req.ip };
      await refuseWhileLocked(db, subject, reply);
      const codes = await finishEnrolment(user, req.body.code);
      if (!codes) {
        await recordFailure(db, subject);
        await countChallengeAttempt(db, challenge.id);
        throw badRequest(TWO_FACTOR_MESSAGES.codeWrong, 'code', 'BAD_CODE');
      }
      await endChallenge(db, reply, challenge.id);
      await clearFailures(db, subject);
      await startSession(db, req, reply, user.id);
      return { user: toUser(user), recoveryCodes: codes };
    },
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );

  const myRow = async (id: number) => {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    if (!row) throw forbidden();
    return row;
  };

  registerOperation(app, myTotpOp, async (req) => {
    const me = await myRow(req.requireUser().id);
    return {
      enabled: me.totpEnabledAt !== null,
      enabledAt: me.totpEnabledAt?.toISOString() ?? null,
      required: twoFactorRequired(me.type, me.twoFactorExempt),
      exempt: me.type === 'gaa' && me.twoFactorExempt,
      recoveryCodesLeft: me.totpEnabledAt ? (me.totpRecoveryHashes?.length ?? 0) : 0,
    };
  });

  registerOperation(app, myTotpStartOp, async (req) => {
    const me = await myRow(req.requireUser().id);
    if (me.totpEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
    return beginEnrolment(me);
  });

  registerOperation(app, myTotpConfirmOp, async (req) => {
    const me = await myRow(req.requireUser().id);
    if (me.totpEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
    const codes = await finishEnrolment(me, req.body.code);
    if (!codes) throw badRequest(TWO_FACTOR_MESSAGES.codeWrong, 'code', 'BAD_CODE');
    return { recoveryCodes: codes };
  });

  // Turning it off takes the password and a code (both counted in the sign-in throttle); never for gaa.
  registerOperation(app, myTotpDisableOp, async (req, reply) => {
    const me = await myRow(req.requireUser().id);
    if (twoFactorRequired(me.type, me.twoFactorExempt))
      throw forbidden(TWO_FACTOR_MESSAGES.requiredForAdmins);
    if (!me.totpEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.notStarted);
    const subject = { account: `email:${me.email}`, ip: req.ip };
    await refuseWhileLocked(db, subject, reply);
    if (!(await verifyPassword(req.body.password, me.passwordHash))) {
      await recordFailure(db, subject);
      throw badRequest(TWO_FACTOR_MESSAGES.passwordWrong, 'password', 'BAD_CREDENTIALS');
    }
    const { code } = req.body;
    const ok =
      otpInputKind(code) === 'recovery'
        ? await useRecoveryCode(db, me.id, code)
        : (await checkTotp(db, box, me, code)) === 'ok';
    if (!ok) {
      await recordFailure(db, subject);
      throw badRequest(TWO_FACTOR_MESSAGES.codeWrong, 'code', 'BAD_CODE');
    }
    await clearFailures(db, subject);
    await db
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, totpRecoveryHashes: null })
      .where(eq(users.id, me.id));
    return { ok: true as const };
  });
};
