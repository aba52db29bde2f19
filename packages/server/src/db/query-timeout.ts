import { PGlite } from '@electric-sql/pglite';
import { ORDER_ERROR_CODES, ORDER_MESSAGES } from '@shopdesk/contract';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { ApiError } from '../http/errors';
import type { Db } from './client';

/**
 * How long one report query may run before PostgreSQL cancels it ("a query that runs too long is
 * cancelled server-side and says 'query timed out, narrow the range'").
 */
export const REPORT_QUERY_TIMEOUT_MS = 10_000;

/**
 * The limits withQueryTimeout applies (tests lower them). On the embedded PGlite, which cannot cancel a
 * running query (it runs in this thread and has no timer signals), a report query whose planner estimate
 * exceeds `embeddedMaxCost` is refused before it runs, and no further query of the report starts after
 * `timeoutMs`. 200 000 cost units took about 10 s on PGlite here (a 1 M row join: 90 000 units,
 * 7.5 s); the demo data's widest reports cost a few thousand.
 */
export const reportLimits = { timeoutMs: REPORT_QUERY_TIMEOUT_MS, embeddedMaxCost: 200_000 };

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

const isEmbedded = (db: Db) => (db as unknown as { $client?: unknown }).$client instanceof PGlite;

type Plan = { Plan?: { 'Total Cost'?: number } }[];
/** The planner's total cost of a query (EXPLAIN without running it). */
const estimatedCost = async (tx: Db, query: SQLWrapper): Promise<number> => {
  const { rows } = (await tx.execute(sql`explain (format json) ${query}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const raw = rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Plan;
  return Number(plan?.[0]?.Plan?.['Total Cost'] ?? 0);
};

/**
 * The embedded engine's stand-in for statement_timeout: each query of the report (they all go through
 * `execute`, see queryRows) is refused when its estimated cost is above the cap or when the report's time
 * is already up, with the same 422 as a cancelled query on PostgreSQL.
 */
const embeddedGuard = (tx: Db, started: number, timeoutMs: number): Db =>
  new Proxy(tx, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver);
      return async (query: SQLWrapper | string) => {
        const q: SQLWrapper = typeof query === 'string' ? sql.raw(query) : query;
        if (performance.now() - started > timeoutMs) throw queryTimedOut();
        if ((await estimatedCost(target, q)) > reportLimits.embeddedMaxCost) throw queryTimedOut();
        return target.execute(q as SQL);
      };
    },
  });

/**
 * Runs report queries in one transaction under `SET LOCAL statement_timeout`, so a slow one is cancelled by
 * the database (the setting ends with the transaction: the pooled connection keeps no trace of it), and
 * answers a cancelled one with 422 queryTimedOut. PGlite accepts the setting but cannot enforce it: there
 * the embedded guard above refuses a query too costly to finish in time.
 */
export const withQueryTimeout = async <T>(
  db: Db,
  run: (tx: Db) => Promise<T>,
  timeoutMs: number = reportLimits.timeoutMs,
): Promise<T> => {
  const started = performance.now();
  const embedded = isEmbedded(db);
  try {
    return await db.transaction(async (tx) => {
      // SET takes no bind parameters; the value is an integer we own.
      await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`));
      const t = tx as unknown as Db;
      return run(embedded ? embeddedGuard(t, started, timeoutMs) : t);
    });
  } catch (err) {
    throw isQueryCanceled(err) ? queryTimedOut() : err;
  }
};
