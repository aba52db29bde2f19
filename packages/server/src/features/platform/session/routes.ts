import {
  ERROR_CODES,
  meOp,
  SESSION_MESSAGES,
  signinOp,
  signoutOp,
  twoFactorRequired,
} from '@shopdesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema';
import { ApiError, badRequest } from '../../../http/errors';
import { registerOperation } from '../../../http/operation';
import { deleteSession, SESSION_COOKIE, startSession, toUser } from '../../../identity/session-store';
import { dummyHash, verifyPassword } from '../../../lib/password';
import { readSessionToken } from '../../../plugins/app/authorize';
import { clearFailures, recordFailure, refuseWhileLocked } from './throttle';
import { createChallenge } from './two-factor';
import { twoFactorRoutes } from './two-factor-routes';

export const sessionRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;

  // spec 000 §7 Session: POST /{type}/signin
  registerOperation(
    app,
    signinOp,
    async (req, reply) => {
      const { email, password, type } = req.body;
      if (type !== req.params.type) throw badRequest(SESSION_MESSAGES.badCredentials, 'type');
      const subject = { account: `email:${email}`, ip: req.ip };
      await refuseWhileLocked(db, subject, reply);
      const found = (
        await db
          .select()
          .from(users)
          .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
          .limit(1)
      )[0];
      const ok = await verifyPassword(password, found?.passwordHash ?? (await dummyHash()));
      // A user signs in only at the portal of its own type; a wrong portal reads like a wrong password.
      if (!found || !ok || found.disabled || found.type !== type) {
        await recordFailure(db, subject);
        throw new ApiError(401, ERROR_CODES.badCredentials, SESSION_MESSAGES.badCredentials);
      }
      // with two-factor the password alone is no session. The failures of this address on this
      // account are forgiven only when the code is right too, so re-entering the password buys no new
      // free guesses at the code.
      if (found.totpEnabledAt) {
        await createChallenge(db, reply, found.id, 'totp');
        return { next: 'totp' as const };
      }
      if (twoFactorRequired(found.type, found.twoFactorExempt)) {
        await createChallenge(db, reply, found.id, 'enrol');
        return { next: 'enrol' as const };
      }
      await clearFailures(db, subject);
      await startSession(db, req, reply, found.id);
      return { user: toUser(found) };
    },
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );

  registerOperation(app, signoutOp, async (req, reply) => {
    const token = readSessionToken(req);
    if (token) await deleteSession(db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true as const };
  });

  registerOperation(app, meOp, async (req) => ({ user: toUser(req.requireUser()) }));

  await app.register(twoFactorRoutes, { db });
};
