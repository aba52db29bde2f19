import { ERROR_CODES, isAcl, meOp, SESSION_MESSAGES, signinOp, signoutOp } from '@shopdesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { ApiError, badRequest } from '../../http/errors';
import { registerOperation } from '../../http/operation';
import { dummyHash, verifyPassword } from '../../lib/password';
import { readSessionToken } from '../../plugins/app/authorize';
import { createSession, deleteSession, SESSION_COOKIE, SESSION_IDLE_MS } from './session-store';
import { clearFailures, recordFailure, refuseWhileLocked } from './throttle';

const toUser = (u: {
  id: number;
  type: 'gaa' | 'si' | 'eaa' | 'line';
  name: string;
  email: string;
  acls: string[];
}) => ({
  id: u.id,
  type: u.type,
  name: u.name,
  email: u.email,
  ...(u.type === 'line' ? { acls: u.acls.filter(isAcl) } : {}),
});

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
      await clearFailures(db, subject);
      const token = await createSession(db, found.id, { ip: req.ip, userAgent: req.headers['user-agent'] });
      reply.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: 'auto',
        signed: true,
        maxAge: Math.floor((30 * 24 * 60 * 60 * 1000) / 1000),
      });
      void SESSION_IDLE_MS;
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
};
