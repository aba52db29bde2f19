import {
  changePasswordOp,
  endOtherSessionsOp,
  forgotPasswordOp,
  listMySessionsOp,
  PASSWORD_MESSAGES,
  passwordProblem,
  passwordTokenInfoOp,
  setPasswordOp,
} from '@shopdesk/contract';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { sessions, users } from '../../../db/schema';
import { badRequest, notFound } from '../../../http/errors';
import { registerOperation } from '../../../http/operation';
import { publicBase } from '../../../http/public-base';
import { hashPassword, verifyPassword } from '../../../lib/password';
import { clearFailures, recordFailure, refuseWhileLocked } from '../session/throttle';
import { enqueuePasswordMail, setPasswordLink } from './admin-mail';
import { consumeToken, findTokenUser, issuePasswordToken } from './password-tokens';

/** Set-password links, forgotten passwords, one's own password and sessions. */
export const passwordRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;

  registerOperation(
    app,
    passwordTokenInfoOp,
    async (req) => {
      const found = await findTokenUser(db, req.params.token);
      if (!found) throw notFound(PASSWORD_MESSAGES.tokenInvalid);
      return { email: found.email, type: found.type, purpose: found.purpose };
    },
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );

  registerOperation(
    app,
    setPasswordOp,
    async (req) => {
      const found = await findTokenUser(db, req.params.token);
      if (!found) throw notFound(PASSWORD_MESSAGES.tokenInvalid);
      const problem = passwordProblem(req.body.password, found.email);
      if (problem) throw badRequest(problem, 'password');
      const user = await consumeToken(db, req.params.token, await hashPassword(req.body.password));
      if (!user) throw notFound(PASSWORD_MESSAGES.tokenInvalid);
      return { type: user.type };
    },
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );

  // Answers the same whether or not the e-mail has an account (no account probing); throttled per address.
  registerOperation(
    app,
    forgotPasswordOp,
    async (req) => {
      const email = req.body.email.toLowerCase();
      const [user] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, email))
        .limit(1);
      if (user && !user.disabled && user.type === req.params.type) {
        const base = publicBase(req);
        await db.transaction(async (t) => {
          const tx = t as unknown as Db;
          // An invited user who never set a password gets a new invitation instead.
          const purpose = user.passwordSet ? 'reset' : 'invite';
          const token = await issuePasswordToken(tx, user.id, purpose);
          await enqueuePasswordMail(tx, {
            to: user.email,
            name: user.name,
            type: user.type,
            purpose,
            link: setPasswordLink(base, user.type, token),
          });
        });
      }
      return { ok: true as const };
    },
    { rateLimit: { max: 5, timeWindow: '1 minute' } },
  );

  registerOperation(app, changePasswordOp, async (req, reply) => {
    const me = req.requireUser();
    const subject = { account: `email:${me.email}`, ip: req.ip };
    await refuseWhileLocked(db, subject, reply);
    const [row] = await db.select().from(users).where(eq(users.id, me.id));
    if (!row || !(await verifyPassword(req.body.currentPassword, row.passwordHash))) {
      await recordFailure(db, subject);
      throw badRequest(PASSWORD_MESSAGES.currentWrong, 'currentPassword');
    }
    await clearFailures(db, subject);
    const problem = passwordProblem(req.body.newPassword, row.email);
    if (problem) throw badRequest(problem, 'newPassword');
    const passwordHash = await hashPassword(req.body.newPassword);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, passwordSet: true }).where(eq(users.id, me.id));
      // Other sessions end: whoever knew the old password is signed out everywhere else.
      await tx.delete(sessions).where(and(eq(sessions.userId, me.id), ne(sessions.id, me.sessionId)));
    });
    return { ok: true as const };
  });

  registerOperation(app, listMySessionsOp, async (req) => {
    const me = req.requireUser();
    const rows = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, me.id), gt(sessions.expiresAt, sql`now()`)))
      .orderBy(desc(sessions.lastSeenAt));
    return {
      sessions: rows.map((s) => ({
        id: s.id.slice(0, 12),
        current: s.id === me.sessionId,
        ip: s.ip,
        userAgent: s.userAgent,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
      })),
    };
  });

  registerOperation(app, endOtherSessionsOp, async (req) => {
    const me = req.requireUser();
    const ended = await db
      .delete(sessions)
      .where(and(eq(sessions.userId, me.id), ne(sessions.id, me.sessionId)))
      .returning({ id: sessions.id });
    return { ended: ended.length };
  });
};
