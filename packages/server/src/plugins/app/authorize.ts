import { API_BASE, API_CLIENT_MESSAGES, aclAllows } from '@shopdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { ApiError, forbidden, unauthorized } from '../../http/errors';
import { type ApiClientCaller, clientOfKey } from '../../identity/api-client-store';
import { findPosSession, POS_COOKIE, type PosUser } from '../../identity/pos-session-store';
import {
  findSessionUser,
  forgetSessions,
  SESSION_COOKIE,
  type SessionUser,
  sessionIdOf,
} from '../../identity/session-store';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /** Loads the session behind the cookie (cached per request). */
    loadUser: () => Promise<SessionUser | null>;
    /** The signed-in user; throws 401 when there is none. */
    requireUser: () => SessionUser;
    /** The point-of-sale user of an `allow: 'pos'` route (set by the hook before the handler). */
    posUser: PosUser | null;
    /** The POS user; throws 401 when there is none. */
    requirePosUser: () => PosUser;
    /** The API client of an `allow: 'client'` route, by its key (/extra/app-mngmt). */
    apiClient: ApiClientCaller | null;
  }
}

const STOREFRONT = `${API_BASE}/storefront/`;
const VERIFIED_COOKIES_MAX = 10_000;

/** The POS token: `Authorization: Bearer …` (devices, API clients) or the signed POS cookie (the board). */
export const readPosToken = (req: FastifyRequest): string | null => {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || null;
  const raw = req.cookies[POS_COOKIE];
  if (!raw) return null;
  const unsigned = req.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
};

export const readSessionToken = (req: FastifyRequest): string | null => {
  const raw = req.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = req.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
};

/**
 * One place decides who may call a route: each route declares `config.allow` (user types, 'public' or 'pos');
 * no session is 401, a signed-in caller of another type is 403, and so is a shop manager (line) without the
 * acl that the contract's acl map (`aclForPath`) names for the route. Routes without a declaration need a session.
 */
export const authorizePlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  // Session cookies whose signature this app already verified, with their token and the token's SHA-256 (the
  // session key): the HMAC and the hash are computed once per cookie value, not on every request
  // (docs/decisions/shops.md "Shop list speed: Fixed cost per request", docs/decisions/shops.md
  // "Shop list speed at 100,000 shops: Session key kept with the cookie"). The session itself is still looked up on every request. Per app (each
  // has its own secret); only valid ones are kept, and the map is emptied when full.
  const verified = new Map<string, { token: string; id: string }>();
  const sessionToken = (req: FastifyRequest): { token: string; id: string } | null => {
    const raw = req.cookies[SESSION_COOKIE];
    if (!raw) return null;
    const known = verified.get(raw);
    if (known !== undefined) return known;
    const token = readSessionToken(req);
    if (token === null) return null;
    if (verified.size >= VERIFIED_COOKIES_MAX) verified.clear();
    const entry = { token, id: sessionIdOf(token) };
    verified.set(raw, entry);
    return entry;
  };
  app.decorateRequest('user', null);
  app.decorateRequest('loadUser', async function (this: FastifyRequest) {
    if (this.user) return this.user;
    const session = sessionToken(this);
    this.user = session ? await findSessionUser(opts.db, session.token, session.id) : null;
    return this.user;
  });
  app.decorateRequest('requireUser', function (this: FastifyRequest) {
    if (!this.user) throw unauthorized();
    return this.user;
  });
  app.decorateRequest('posUser', null);
  app.decorateRequest('apiClient', null);
  app.decorateRequest('requirePosUser', function (this: FastifyRequest) {
    if (!this.posUser) throw unauthorized();
    return this.posUser;
  });
  // A write may end or change sessions (sign-out, password, disabled user, acls): this instance forgets the
  // sessions it cached once the write is done, before its answer leaves (session-store.ts SESSION_CACHE_MS).
  // Customers' orders (storefront), POS devices and API clients never change a console session: an order
  // stream does not empty the cache.
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      const { config, url } = req.routeOptions;
      const allow = config?.allow;
      if (allow !== 'pos' && allow !== 'client' && !url?.startsWith(STOREFRONT)) forgetSessions(opts.db);
    }
    done(null, payload);
  });
  app.addHook('onRequest', async (req) => {
    // routeOptions is built anew on each read (Fastify): read once
    const { url, config } = req.routeOptions;
    if (!url?.startsWith(API_BASE)) return;
    const allow = config.allow;
    if (allow === 'public') return;
    if (allow === 'client') {
      const auth = req.headers.authorization;
      const key = auth?.startsWith('Bearer ') ? auth.slice(7).trim() : '';
      req.apiClient = key ? await clientOfKey(opts.db, key) : null;
      if (!req.apiClient) throw new ApiError(401, 'BAD_API_KEY', API_CLIENT_MESSAGES.badKey);
      return;
    }
    if (allow === 'pos') {
      const token = readPosToken(req);
      req.posUser = token ? await findPosSession(opts.db, token) : null;
      if (!req.posUser) throw unauthorized();
      return;
    }
    const user = await req.loadUser();
    if (!user) throw unauthorized();
    if (allow && !allow.includes(user.type)) throw forbidden();
    // Beside the type: a shop manager (line) needs the acl the contract's map names for the path (spec 002 §3).
    if (!aclAllows(user, url.slice(API_BASE.length))) throw forbidden();
  });
});
