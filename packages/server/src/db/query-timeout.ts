import { ORDER_ERROR_CODES, ORDER_MESSAGES } from '@shopdesk/contract';
import { sql } from 'drizzle-orm';
import { ApiError } from '../http/errors';
import type { Db } from './client';

/**
 * How long one report query may run before PostgreSQL cancels it (issue 7: "a query that runs too long is
 * cancelled server-side and says 'query timed out, narrow the range'").
 */
export const REPORT_QUERY_TIMEOUT_MS = 10_000;

/** PostgreSQL's query_canceled (statement_timeout, or a cancel request). */
const QUERY_CANCELED = '57014';

/** True when the error (or the driver error drizzle wraps in `cause`) is PostgreSQL's 57014. */
export const isQueryCanceled = (err: unknown): boolean => {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth += 1) {
    if ((e as { code?: unknown }).code === QUERY_CANCELED) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

/** 422 "query timed out, narrow the range" (contract ORDER_MESSAGES.queryTimedOut). */
export const queryTimedOut = () =>
  new ApiError(422, ORDER_ERROR_CODES.queryTimedOut, ORDER_MESSAGES.queryTimedOut);

/**
 * Runs report queries in one transaction under `SET LOCAL statement_timeout`, so a slow one is cancelled by
 * the database (the setting ends with the transaction: the pooled connection keeps no trace of it), and
 * answers a cancelled one with 422 queryTimedOut. PGlite accepts the setting but may not enforce it.
 */
export const withQueryTimeout = async <T>(
  db: Db,
  run: (tx: Db) => Promise<T>,
  timeoutMs: number = REPORT_QUERY_TIMEOUT_MS,
): Promise<T> => {
  try {
    return await db.transaction(async (tx) => {
      // SET takes no bind parameters; the value is an integer we own.
      await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`));
      return run(tx as unknown as Db);
    });
  } catch (err) {
    throw isQueryCanceled(err) ? queryTimedOut() : err;
  }
};
