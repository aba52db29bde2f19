import { ERROR_CODES, tooManyAttemptsMessage } from '@shopdesk/contract';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { type Db, queryRows } from '../../../db/client';
import { signinThrottle } from '../../../db/schema';
import { ApiError } from '../../../http/errors';

/**
 * Failed sign-ins, counted in the database so every instance sees them (docs/decisions/foundation.md "Proxy, CSRF,
 * throttling"). The aim: slow a guesser down without letting anyone lock the owner out.
 * - per (account, address): 5 free failures, then that address may not try that account for 1 min,
 *   doubling with each further failure up to 1 h;
 * - per address: 20 free failures over all accounts (password spraying), then 1 min doubling up to 1 h;
 * - per account: no lock of its own. Once an account has 10 failures from anywhere, an address gets only
 *   1 free failure on it (rotating addresses then buy one guess each, each followed by that address's
 *   back-off), while an address that has not failed on it still signs in with the right password.
 * A key is forgotten 24 h after its last failure and the end of its lock; success clears the pair's key.
 */
export const THROTTLE = {
  forgetSec: 24 * 60 * 60,
  baseLockSec: 60,
  maxLockSec: 60 * 60,
  pairFree: 5,
  pairFreeUnderAttack: 1,
  addressFree: 20,
  accountUnderAttack: 10,
} as const;

/** The throttle's subjects: an account (`email:…` or `pos:…`) and the client address. */
export type TThrottleSubject = { account: string; ip: string };

export const throttleKeys = ({ account, ip }: TThrottleSubject) => ({
  account: `acct:${account.toLowerCase()}`,
  address: `ip:${ip}`,
  pair: `pair:${account.toLowerCase()}|${ip}`,
});

/** Seconds until this address may try this account again, or 0. The account alone never locks. */
export const lockedFor = async (db: Db, subject: TThrottleSubject): Promise<number> => {
  const k = throttleKeys(subject);
  const rows = await db
    .select({ lockedUntil: signinThrottle.lockedUntil })
    .from(signinThrottle)
    .where(inArray(signinThrottle.key, [k.address, k.pair]));
  const until = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
  return until > Date.now() ? Math.ceil((until - Date.now()) / 1000) : 0;
};

/** 429 with Retry-After and a message saying when, while this address may not try this account. */
export const refuseWhileLocked = async (db: Db, subject: TThrottleSubject, reply: FastifyReply) => {
  const wait = await lockedFor(db, subject);
  if (wait <= 0) return;
  reply.header('retry-after', String(wait));
  throw new ApiError(429, ERROR_CODES.tooManyAttempts, tooManyAttemptsMessage(wait));
};

/** One failure more on a key; locks it when the count reaches `free` (free = 0: never locks). */
const countFailure = async (db: Db, key: string, free: number): Promise<number> => {
  const T = THROTTLE;
  const forgotten = sql`greatest(t.last_failed_at, coalesce(t.locked_until, t.last_failed_at)) < now() - make_interval(secs => ${T.forgetSec}::int)`;
  const next = sql`(case when ${forgotten} then 1 else t.failures + 1 end)`;
  const lockAt = (n: SQL) =>
    sql`case when ${free}::int > 0 and ${n} >= ${free}::int
      then now() + make_interval(secs => least(${T.maxLockSec}::float8, ${T.baseLockSec}::float8 * power(2, ${n} - ${free}::int)))
      else null end`;
  const rows = await queryRows<{ failures: number }>(
    db,
    sql`
    insert into signin_throttle as t (key, failures, window_start, last_failed_at, locked_until)
    values (${key}, 1, now(), now(), ${lockAt(sql`1`)})
    on conflict (key) do update set
      failures = ${next},
      window_start = case when ${forgotten} then now() else t.window_start end,
      last_failed_at = now(),
      locked_until = ${lockAt(next)}
    returning failures`,
  );
  return Number(rows[0]?.failures ?? 0);
};

export const recordFailure = async (db: Db, subject: TThrottleSubject) => {
  const k = throttleKeys(subject);
  const accountFailures = await countFailure(db, k.account, 0);
  await countFailure(db, k.address, THROTTLE.addressFree);
  const underAttack = accountFailures >= THROTTLE.accountUnderAttack;
  await countFailure(db, k.pair, underAttack ? THROTTLE.pairFreeUnderAttack : THROTTLE.pairFree);
};

/** The right password from this address: its failures on this account are forgiven. */
export const clearFailures = async (db: Db, subject: TThrottleSubject) => {
  const k = throttleKeys(subject);
  await db.delete(signinThrottle).where(eq(signinThrottle.key, k.pair));
};
