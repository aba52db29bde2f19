import { API_BASE } from '@shopdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { findSessionUser, SESSION_COOKIE, type SessionUser } from '../../features/session/session-store';
import { forbidden, unauthorized } from '../../http/errors';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /** Loads the session behind the cookie (cached per request). */
    loadUser: () => Promise<SessionUser | null>;
    /** The signed-in user; throws 401 when there is none. */
    requireUser: () => SessionUser;
  }
}

export const readSessionToken = (req: FastifyRequest): string | null => {
  const raw = req.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = req.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
};

/**
 * One place decides who may call a route: each route declares `config.allow` (user types or 'public');
 * no session is 401, a signed-in caller of another type is 403. Routes without a declaration need a session.
 */
export const authorizePlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('loadUser', async function (this: FastifyRequest) {
    if (this.user) return this.user;
    const token = readSessionToken(this);
    this.user = token ? await findSessionUser(opts.db, token) : null;
    return this.user;
  });
  app.decorateRequest('requireUser', function (this: FastifyRequest) {
    if (!this.user) throw unauthorized();
    return this.user;
  });
  app.addHook('onRequest', async (req) => {
    if (!req.routeOptions.url?.startsWith(API_BASE)) return;
    const allow = req.routeOptions.config.allow;
    if (allow === 'public') return;
    const user = await req.loadUser();
    if (!user) throw unauthorized();
    if (allow && !allow.includes(user.type)) throw forbidden();
  });
});
