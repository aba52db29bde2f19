import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * SQLSTATEs after which PostgreSQL has rolled the whole transaction back and the same work may simply run
 * again: 40P01 deadlock_detected (the database broke a lock cycle by ending this transaction) and 40001
 * serialization_failure. Nothing of the failed attempt is left, so a retry cannot write anything twice.
 */
const RETRYABLE = new Set(['40P01', '40001']);

/** True when the error, or one it wraps (drizzle's DrizzleQueryError has the pg error as its cause), is one. */
export const isRetryableTxError = (err: unknown): boolean => {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

/** Attempts of one transaction in all: a lock cycle that comes back this often is a defect to fix. */
export const TX_ATTEMPTS = 3;

/**
 * Runs fn in a transaction; the transaction is handed on as a Db so stores and writeAudit take either.
 * A transaction the database ended for a deadlock or a serialization failure runs again, at most
 * TX_ATTEMPTS times in all, after a short random pause (the two sides of a cycle do not meet again at once).
 * fn must therefore keep its effects inside the transaction (an outbox row, not a call out): all of it is
 * rolled back before the next attempt. Inside a caller's transaction it runs once (a savepoint). Locks are still taken in one order (docs/decisions/foundation.md
 * "Lock order"): the retry is the safety net, not the fix.
 */
export const inTx = async <T>(db: Db, fn: (tx: Db) => Promise<T>, attempts = TX_ATTEMPTS): Promise<T> => {
  // inside a caller's transaction (a savepoint) the error is the caller's to retry: its locks stay held
  if (db instanceof PgTransaction) return db.transaction((tx) => fn(tx as unknown as Db));
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction((tx) => fn(tx as unknown as Db));
    } catch (err) {
      if (attempt >= attempts || !isRetryableTxError(err)) throw err;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
    }
  }
};
