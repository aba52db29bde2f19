import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { SERVER_ROOT } from '../paths';
import type * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbDriver = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  driver: DbDriver;
  /** Runs the ordered migrations (under an advisory lock on PostgreSQL, so several instances can start at once). */
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /** The pg pool (PostgreSQL only): LISTEN/NOTIFY and benchmarks use it. */
  pool?: pg.Pool;
  /**
   * Where the report routes read (DATABASE_READ_URL, a read replica; docs/scale.md "Read replica"): a pool of
   * its own. Unset = they read through `db`. Nothing writes through it.
   */
  reads?: { db: Db; pool: pg.Pool };
  /** The PGlite instance (embedded only). */
  pglite?: PGlite;
  /**
   * PostgreSQL only: calls `listener` with each pool checkout, the seconds from asking to getting a connection
   * (a free one, a new one, or after waiting for one) and whether one came (false: the connect time-out).
   * Answers the unsubscribe. The metrics read it (plugins/app/metrics.ts); PGlite has one in-process
   * connection and no pool.
   */
  onPoolAcquire?: (listener: PoolAcquireListener) => () => void;
};

export type PoolAcquireListener = (seconds: number, ok: boolean) => void;

const migrationsFolder = path.join(SERVER_ROOT, 'drizzle');
const MIGRATION_LOCK_KEY = 727_001;

/**
 * dataDir undefined = in-memory PGlite (tests). `from`: a data directory dumped by PGlite's dumpDataDir to start
 * from instead of a fresh one (the tests' migrated template: test/global-setup.ts). `settings`: server settings
 * added to PGlite's own start parameters (`-c name=value`; the tests' smaller shared_buffers, test/helpers.ts).
 */
export const openPglite = async (
  dataDir?: string,
  from?: Blob,
  settings: Record<string, string> = {},
): Promise<Database> => {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const extra = Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  // pg_trgm: trigram indexes for the shop lists' contains-searches (drizzle/*_shop_lists.sql).
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    ...(from ? { loadDataDir: from } : {}),
    ...(extra.length ? { startParams: [...PGlite.defaultStartParams, ...extra] } : {}),
  });
  // no relational schema (docs/decisions/foundation.md "Intake CPU: Transactions without the relational schema"):
  // nothing reads through db.query.<table>, and each transaction would build a query builder per table
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    pglite: client,
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder });
    },
    close: () => client.close(),
  };
};

/**
 * Time-outs of the PostgreSQL pool: a frozen or unreachable database fails requests with 503
 * instead of holding them. The report time-out (query-timeout.ts) is shorter than the client-side one, so a
 * slow report is still cancelled by the server and answered 422.
 */
export type DbTimeouts = {
  /** Server-side statement_timeout of every connection. */
  statementMs: number;
  /** Opening a connection, or waiting for a free one of the pool. */
  connectMs: number;
  /** Server-side idle_in_transaction_session_timeout: a transaction left open is ended by the database. */
  idleInTransactionMs: number;
  /** Client-side limit of one query (default clientQueryTimeoutMs); tests shorten it. */
  queryMs?: number;
};

export const DEFAULT_DB_TIMEOUTS: DbTimeouts = {
  statementMs: 15_000,
  connectMs: 5_000,
  idleInTransactionMs: 60_000,
};

/**
 * Client-side limit of one query: the database does not answer at all (frozen, network gone), so its own
 * statement_timeout cannot fire. Above the statement and report time-outs, so those answer first.
 */
export const clientQueryTimeoutMs = (t: DbTimeouts) => t.queryMs ?? Math.max(t.statementMs, 10_000) + 2_000;

/** A failed query whose connection cannot be trusted any more: the read timed out, the answer may still come. */
const isReadTimeout = (err: unknown) => err instanceof Error && err.message === 'Query read timeout';

type Guarded = pg.PoolClient & { __guarded?: true; connection?: { stream?: { destroy: () => void } } };

/**
 * Every connection of the pool, idle or checked out (a transaction, the order feed's LISTEN), gets an error
 * listener when it opens: pg-pool listens on idle connections only, and an 'error' event nobody listens to
 * (the server restarting, 57P01) ends the process. A connection that broke or whose query timed out is
 * destroyed, and given back to the pool if its holder cannot (drizzle does not release a connection whose
 * BEGIN failed), so the pool drops it and opens a fresh one for the next request.
 */
const guardPool = (pool: pg.Pool) => {
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (c) => checkedOut.add(c));
  pool.on('release', (_err, c) => checkedOut.delete(c as pg.PoolClient));
  const drop = (c: Guarded, err: Error) => {
    c.connection?.stream?.destroy();
    // after the holder's own error handling (its ROLLBACK fails at once on a broken connection)
    setImmediate(() => {
      if (!checkedOut.has(c)) return;
      const release = c.release;
      c.release = () => {}; // the holder's own release, if it comes, is then harmless
      release.call(c, err);
    });
  };
  pool.on('connect', (client) => {
    const c = client as Guarded;
    if (c.__guarded) return;
    c.__guarded = true;
    c.on('error', (err) => {
      // an idle one is reported by the pool's own listener (openPostgres)
      if (checkedOut.has(c)) console.warn(`PostgreSQL: connection in use lost (${err.message})`);
      drop(c, err);
    });
    const query = c.query.bind(c) as (...args: unknown[]) => unknown;
    (c as { query: unknown }).query = (...args: unknown[]) => {
      const last = args.length - 1;
      const cb = args[last];
      if (typeof cb === 'function') {
        args[last] = (err: unknown, res: unknown) => {
          if (isReadTimeout(err)) drop(c, err as Error);
          return (cb as (e: unknown, r: unknown) => unknown)(err, res);
        };
        return query(...args);
      }
      const out = query(...args);
      if (out && typeof (out as Promise<unknown>).then === 'function')
        return (out as Promise<unknown>).catch((err: unknown) => {
          if (isReadTimeout(err)) drop(c, err as Error);
          throw err;
        });
      return out;
    };
  });
};

type Connect = (cb?: (err: Error | undefined, client?: pg.PoolClient, done?: () => void) => void) => unknown;

/**
 * Times every checkout of the pool: its own `query` and drizzle's transactions both go through `connect`
 * (pg-pool calls `this.connect`), callback or promise form.
 */
const timeAcquire = (pool: pg.Pool) => {
  const listeners = new Set<PoolAcquireListener>();
  const connect = (pool.connect as Connect).bind(pool);
  const timed: Connect = (cb) => {
    const asked = performance.now();
    const report = (ok: boolean) => {
      const seconds = (performance.now() - asked) / 1000;
      for (const l of listeners) l(seconds, ok);
    };
    if (cb)
      return connect((err, client, done) => {
        report(!err);
        cb(err, client, done);
      });
    return (connect() as Promise<pg.PoolClient>).then(
      (client) => {
        report(true);
        return client;
      },
      (err) => {
        report(false);
        throw err;
      },
    );
  };
  (pool as unknown as { connect: Connect }).connect = timed;
  return (listener: PoolAcquireListener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
};

/** A guarded, timed pool of `url` (an unreachable server is a start-up error, not a hang). */
const openPool = async (url: string, max: number, timeouts: DbTimeouts) => {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    query_timeout: clientQueryTimeoutMs(timeouts),
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  guardPool(pool);
  const onPoolAcquire = timeAcquire(pool);
  // An idle pooled connection the server drops (restart, failover) is an 'error' on the pool: without a
  // listener it would crash the process. The next query opens a new connection.
  pool.on('error', (err) => console.warn(`PostgreSQL: idle connection lost (${err.message})`));
  const probe = await pool.connect();
  probe.release();
  return { pool, onPoolAcquire };
};

export const openPostgres = async (
  url: string,
  max = 10,
  timeouts: DbTimeouts = DEFAULT_DB_TIMEOUTS,
  readUrl?: string,
): Promise<Database> => {
  const { pool, onPoolAcquire } = await openPool(url, max, timeouts);
  let reads: Database['reads'];
  if (readUrl) {
    const read = await openPool(readUrl, max, timeouts).catch(async (err) => {
      await pool.end();
      throw new Error(`DATABASE_READ_URL: ${(err as Error).message}`);
    });
    reads = { pool: read.pool, db: drizzleNodePg({ client: read.pool }) as unknown as Db };
  }
  // no relational schema, as openPglite
  const db = drizzleNodePg({ client: pool }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    pool,
    reads,
    onPoolAcquire,
    migrate: async () => {
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(db as never, { migrationsFolder });
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        lock.release();
      }
    },
    close: async () => {
      await reads?.pool.end();
      await pool.end();
    },
  };
};

export const openDatabase = (opts: {
  databaseUrl?: string;
  /** The report routes' reads (a read replica); PostgreSQL only. */
  databaseReadUrl?: string;
  dataDir?: string;
  timeouts?: DbTimeouts;
}): Promise<Database> =>
  opts.databaseUrl
    ? openPostgres(opts.databaseUrl, 10, opts.timeouts, opts.databaseReadUrl)
    : openPglite(opts.dataDir);

/** How long the health check waits for the database before it says it is not reachable. */
export const PING_TIMEOUT_MS = 2_000;

/** `select 1`, bounded: a frozen database is "not reachable" after timeoutMs, not a hanging health check. */
export const pingDatabase = async (database: Database, timeoutMs = PING_TIMEOUT_MS): Promise<number> => {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const ping: Promise<unknown> = database.pool
    ? database.pool.query({ text: 'select 1', query_timeout: timeoutMs } as pg.QueryConfig)
    : Promise.resolve(database.db.execute(sql`select 1`));
  try {
    await Promise.race([
      ping,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('health check: database did not answer')), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    ping.catch(() => {}); // answered late or failed after the race: already reported
  }
  return Math.round((performance.now() - started) * 100) / 100;
};

/** Raw SQL with typed rows; both drivers answer `{ rows }`. */
export const queryRows = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;
