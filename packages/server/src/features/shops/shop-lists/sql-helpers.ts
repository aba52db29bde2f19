import { createHash } from 'node:crypto';
import { is, Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../../../db/client';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');
/** `%text%` for ILIKE, with the pattern characters of the user's text escaped. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
export const prefixPattern = (text: string) => `${escapeLike(text)}%`;

/** Conditions joined with AND (an empty list is true). */
export const whereAll = (conds: SQL[]): SQL =>
  conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;

export const direction = (desc: boolean) => (desc ? sql.raw('desc') : sql.raw('asc'));

/**
 * Totals of large lists are cached for a short while (docs/decisions/shops.md "Shop lists"): an exact count of
 * thousands of shops on every page turn costs more than the page itself. Counts under CACHE_FROM stay
 * exact on every request, so a small list (and every test) always shows the true total; the list's own
 * writes (tags, SI) clear the cache, so a filtered total follows them at once. One count runs at a time
 * per key: concurrent requests share it, and once a total is known an expired one is served while a single
 * request refreshes it (no stampede of counts every TTL).
 */
const CACHE_FROM = 1_000;
const TTL_MS = 10_000;
const MAX_ENTRIES = 500;
type Entry = { n?: number; at: number; pending?: Promise<number> };
const caches = new WeakMap<object, Map<string, Entry>>();

/** `scope` is the database object, so two databases in one process never share a total. */
export const cachedCount = async (
  scope: object,
  key: string,
  count: () => Promise<number>,
): Promise<number> => {
  const cache = caches.get(scope) ?? new Map<string, Entry>();
  caches.set(scope, cache);
  const entry = cache.get(key);
  if (entry?.n !== undefined && Date.now() - entry.at < TTL_MS) return entry.n;
  if (entry?.pending) return entry.n ?? entry.pending;
  const pending = count().then(
    (n) => {
      if (n >= CACHE_FROM) cache.set(key, { n, at: Date.now() });
      else cache.delete(key);
      return n;
    },
    (err: unknown) => {
      cache.delete(key);
      throw err;
    },
  );
  if (cache.size >= MAX_ENTRIES && !entry) cache.delete(cache.keys().next().value!);
  cache.set(key, { ...entry, at: entry?.at ?? 0, pending });
  return entry?.n ?? pending;
};

export const forgetCounts = (scope: object) => caches.delete(scope);

const dialect = new PgDialect();

/** A statement built once: its text and parameters, some of them placeholders filled on each run. */
export type Statement = { name?: string; text: string; params: unknown[] };

/**
 * Builds a statement from SQL with `sql.placeholder(...)` values. With `prefix`, on PostgreSQL it runs as a
 * named prepared statement: each pooled connection parses it once, and PostgreSQL keeps its plan once it
 * finds the generic plan no worse than the custom ones (docs/decisions/shops.md "Shop list speed:
 * Prepared page query"). Only for texts of a bounded number of shapes (the caller's choice): every name is prepared on
 * every connection of the pool. The name comes from the text (pg refuses one name for two texts).
 */
export const statement = (prefix: string | undefined, query: SQL): Statement => {
  const q = dialect.sqlToQuery(query);
  const name = prefix
    ? `${prefix}_${createHash('sha256').update(q.sql).digest('base64url').slice(0, 20)}`
    : undefined;
  return { name, text: q.sql, params: q.params };
};

type RawClient = {
  query: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;
};

/**
 * Runs a statement on the database's own client (the pg pool, or PGlite), without drizzle's per-query
 * machinery; rows as the driver gives them (the callers read integers, text and booleans only).
 */
export const runStatement = async <T>(
  db: Db,
  st: Statement,
  values: Record<string, unknown>,
): Promise<T[]> => {
  const params = st.params.map((p) => (is(p, Placeholder) ? values[p.name] : p));
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool)
    return (await client.query({ name: st.name, text: st.text, values: params })).rows as T[];
  if (client && typeof (client as RawClient).query === 'function')
    return (await (client as RawClient).query(st.text, params)).rows as T[];
  throw new Error('runStatement: the database has no client of its own (a transaction?)');
};
