import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

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
  /** The PGlite instance (embedded only). */
  pglite?: PGlite;
};

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const MIGRATION_LOCK_KEY = 727_001;

/** dataDir undefined = in-memory PGlite (tests). */
export const openPglite = async (dataDir?: string): Promise<Database> => {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm: trigram indexes for the shop lists' contains-searches (drizzle/*_shop_lists.sql).
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
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

export const openPostgres = async (url: string, max = 10): Promise<Database> => {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle pooled connection the server drops (restart, failover) is an 'error' on the pool: without a
  // listener it would crash the process. The next query opens a new connection.
  pool.on('error', (err) => console.warn(`PostgreSQL: idle connection lost (${err.message})`));
  // An unreachable server is a start-up error, not a hang.
  const probe = await pool.connect();
  probe.release();
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    pool,
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
    close: () => pool.end(),
  };
};

export const openDatabase = (opts: { databaseUrl?: string; dataDir?: string }): Promise<Database> =>
  opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);

export const pingDatabase = async (database: Database): Promise<number> => {
  const started = performance.now();
  await database.db.execute(sql`select 1`);
  return Math.round((performance.now() - started) * 100) / 100;
};

/** Raw SQL with typed rows; both drivers answer `{ rows }`. */
export const queryRows = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;
