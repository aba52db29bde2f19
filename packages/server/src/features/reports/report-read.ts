import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../db/client';
import { isQueryCanceled, queryTimedOut, reportLimits, withQueryTimeout } from '../../db/query-timeout';

const poolOf = (db: Db): pg.Pool | null => {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
};

/** Ends the transaction and gives the connection back; a failed COMMIT/ROLLBACK destroys it instead. */
const finish = (client: pg.PoolClient, ok: boolean) =>
  client.query(ok ? 'commit' : 'rollback').then(
    () => client.release(),
    (err: Error) => client.release(err),
  );

/**
 * A report read under the report time-out (db/query-timeout.ts: 10 s `SET LOCAL statement_timeout`, 57014 →
 * 422 "query timed out, narrow the range"), in two round trips fewer than `withQueryTimeout` on PostgreSQL
 * (docs/decisions/reports.md "Report reads"):
 * - BEGIN and SET LOCAL go as one simple-protocol message (one round trip, not two);
 * - `jit = off` in the same message: report statements run for milliseconds to a second, and PostgreSQL's
 *   JIT compiled an export batch for 170 ms before running it for 300 (it starts above a planner cost
 *   that a 10,000-row batch reaches);
 * - the read-only transaction's COMMIT is sent after the answer is ready and not waited for: the connection
 *   returns to the pool when it completes (a failure there destroys the connection, it changes no answer).
 * On PGlite (one in-process connection, its embedded cost guard) it is `withQueryTimeout` itself.
 */
export const readReport = async <T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> => {
  const pool = poolOf(db);
  if (!pool) return withQueryTimeout(db, run);
  const client = await pool.connect();
  let ok = false;
  try {
    // SET takes no bind parameters; the value is an integer we own.
    await client.query(
      `begin; set local statement_timeout = ${Math.max(1, Math.floor(reportLimits.timeoutMs))}; set local jit = off`,
    );
    const out = await run(drizzle({ client }) as unknown as Db);
    ok = true;
    return out;
  } catch (err) {
    throw isQueryCanceled(err) ? queryTimedOut() : err;
  } finally {
    void finish(client, ok);
  }
};
