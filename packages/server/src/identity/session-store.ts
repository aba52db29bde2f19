import { createHash, randomBytes } from 'node:crypto';
import { isAcl } from '@shopdesk/contract';
import { and, eq, gt, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { posSessions, sessions, users } from '../db/schema';

export const SESSION_COOKIE = 'sd_session';
/** Idle lifetime: a session unused for 12 hours ends; each use (at most every 5 minutes) extends it. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export type SessionUser = {
  id: number;
  type: 'gaa' | 'si' | 'eaa' | 'line';
  name: string;
  email: string;
  siAccountId: number | null;
  shopAccountId: number | null;
  /** The acls of a shop manager (line user); checked by plugins/app/authorize with the contract's acl map. */
  acls: string[];
  sessionId: string;
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
/** The session's key: the SHA-256 of its token (the token itself is never stored). */
export const sessionIdOf = hashToken;

export const createSession = async (db: Db, userId: number, meta: { ip?: string; userAgent?: string }) => {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_IDLE_MS),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300),
  });
  return token;
};

/**
 * Sessions found in the last SESSION_CACHE_MS, per database (docs/decisions/foundation.md "Session cache"): a list page
 * costs one query instead of two. Every state-changing API request of this instance empties it when it
 * ends (plugins/app/authorize.ts), so a sign-out, a disabled user or a changed acl counts at once here;
 * another instance sees it within SESSION_CACHE_MS, when its entry expires.
 */
export const SESSION_CACHE_MS = 2_000;
const SESSION_CACHE_MAX = 10_000;
/**
 * `pending`: the reads under way, one per session: when an entry expires under load, the requests of that
 * session share one read instead of each sending its own (docs/decisions/shops.md "Shop list (gaa, /gaa/shops/query)").
 * `generation` counts the emptyings: a read that began before one is neither shared nor kept afterwards.
 */
type SessionCache = {
  entries: Map<string, { user: SessionUser; at: number }>;
  pending: Map<string, Promise<SessionUser | null>>;
  generation: number;
};
const sessionCaches = new WeakMap<object, SessionCache>();

/** Empties this instance's session cache (after any write that may end or change a session). */
export const forgetSessions = (db: Db) => {
  const c = sessionCaches.get(db);
  if (!c) return;
  c.entries.clear();
  c.pending.clear();
  c.generation += 1;
};

/** `id` may be passed when the caller already has `sessionIdOf(token)` (plugins/app/authorize.ts keeps it). */
export const findSessionUser = async (
  db: Db,
  token: string,
  id: string = hashToken(token),
): Promise<SessionUser | null> => {
  let c = sessionCaches.get(db);
  if (!c) {
    c = { entries: new Map(), pending: new Map(), generation: 0 };
    sessionCaches.set(db, c);
  }
  const cache = c;
  const hit = cache.entries.get(id);
  if (hit && Date.now() - hit.at < SESSION_CACHE_MS) return hit.user;
  const under = cache.pending.get(id);
  if (under) return under;
  const generation = cache.generation;
  const read = readSessionUser(db, id).finally(() => {
    if (cache.pending.get(id) === read) cache.pending.delete(id);
  });
  cache.pending.set(id, read);
  const user = await read;
  // a read that an emptying overtook is answered to its own request only, never cached
  if (generation !== cache.generation) return user;
  if (!user) cache.entries.delete(id);
  else {
    if (cache.entries.size >= SESSION_CACHE_MAX) cache.entries.clear();
    cache.entries.set(id, { user, at: Date.now() });
  }
  return user;
};

const readSessionUser = async (db: Db, id: string): Promise<SessionUser | null> => {
  const rows = await db
    .select({
      id: users.id,
      type: users.type,
      name: users.name,
      email: users.email,
      siAccountId: users.siAccountId,
      shopAccountId: users.shopAccountId,
      acls: users.acls,
      disabled: users.disabled,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, id),
        gt(sessions.expiresAt, sql`now()`),
        // a gaa has a session only with two-factor on (a row from before enrolment is void),
        // unless it is two-factor-exempt (the demo seed's gaa only)
        or(ne(users.type, 'gaa'), isNotNull(users.totpEnabledAt), eq(users.twoFactorExempt, true)),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row || row.disabled) return null;
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + SESSION_IDLE_MS) })
      .where(eq(sessions.id, id));
  }
  const { disabled: _d, lastSeenAt: _l, ...user } = row;
  return { ...user, sessionId: id };
};

export const deleteSession = async (db: Db, token: string) => {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
  sessionCaches.get(db)?.entries.delete(hashToken(token));
  sessionCaches.get(db)?.pending.delete(hashToken(token));
};

export const toUser = (u: {
  id: number;
  type: 'gaa' | 'si' | 'eaa' | 'line';
  name: string;
  email: string;
  acls: string[];
  shopAccountId: number | null;
}) => ({
  id: u.id,
  type: u.type,
  name: u.name,
  email: u.email,
  ...(u.type === 'line' ? { acls: u.acls.filter(isAcl), shopAccountId: u.shopAccountId } : {}),
});

/** A full session for the user: the row, and the HttpOnly cookie that carries its token. */
export const startSession = async (db: Db, req: FastifyRequest, reply: FastifyReply, userId: number) => {
  const token = await createSession(db, userId, { ip: req.ip, userAgent: req.headers['user-agent'] });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: 'auto',
    signed: true,
    maxAge: 30 * 24 * 60 * 60,
  });
};

/**
 * The scheduled prune (schedule/runner.ts "guard-prune"): console and POS sessions that expired more than a
 * day ago (they are refused from their expiry on; the day leaves their rows to look at for a while). Every
 * sign-in leaves a row, and nothing else removed one that was never signed out of.
 */
export const pruneExpiredSessions = async (db: Db, now = new Date()) => {
  const before = new Date(now.getTime() - 86_400_000);
  await db.delete(sessions).where(lt(sessions.expiresAt, before));
  await db.delete(posSessions).where(lt(posSessions.expiresAt, before));
};
