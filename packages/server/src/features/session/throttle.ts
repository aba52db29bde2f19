import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signinThrottle } from '../../db/schema';

/**
 * Failed sign-ins are counted per e-mail and per client address in the database, so every instance sees
 * them. 5 failures for one e-mail, or 20 from one address, within 15 minutes lock that key for 15 minutes
 * (429 with Retry-After). A successful sign-in clears the e-mail's counter.
 */
export const THROTTLE = { windowMs: 15 * 60 * 1000, lockMs: 15 * 60 * 1000, perEmail: 5, perIp: 20 } as const;

const keysFor = (email: string, ip: string) => ({ email: `email:${email.toLowerCase()}`, ip: `ip:${ip}` });

/** Seconds until the caller may try again, or 0. */
export const lockedFor = async (db: Db, email: string, ip: string): Promise<number> => {
  const k = keysFor(email, ip);
  const rows = await db
    .select({ lockedUntil: signinThrottle.lockedUntil })
    .from(signinThrottle)
    .where(inArray(signinThrottle.key, [k.email, k.ip]));
  const until = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
  return until > Date.now() ? Math.ceil((until - Date.now()) / 1000) : 0;
};

export const recordFailure = async (db: Db, email: string, ip: string) => {
  const k = keysFor(email, ip);
  for (const [key, limit] of [
    [k.email, THROTTLE.perEmail],
    [k.ip, THROTTLE.perIp],
  ] as const) {
    const windowSec = THROTTLE.windowMs / 1000;
    const lockSec = THROTTLE.lockMs / 1000;
    // One statement: start a new window when the old one is over, else count; lock at the limit.
    await db.execute(sql`
      insert into signin_throttle as t (key, failures, window_start)
      values (${key}, 1, now())
      on conflict (key) do update set
        failures = case when t.window_start < now() - make_interval(secs => ${windowSec}) then 1 else t.failures + 1 end,
        window_start = case when t.window_start < now() - make_interval(secs => ${windowSec}) then now() else t.window_start end,
        locked_until = case
          when t.window_start >= now() - make_interval(secs => ${windowSec}) and t.failures + 1 >= ${limit}
          then now() + make_interval(secs => ${lockSec})
          else t.locked_until end`);
  }
};

export const clearFailures = async (db: Db, email: string) => {
  await db.delete(signinThrottle).where(eq(signinThrottle.key, `email:${email.toLowerCase()}`));
};
