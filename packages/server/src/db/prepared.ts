import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** What drizzle's `_prepare` gives: the SQL with its placeholders, the selected fields and the join map. */
type Built = {
  queryString: string;
  params: unknown[];
  fields: unknown;
  joinsNotNullableMap?: Record<string, boolean>;
};
type Prepared = Built & { execute: (values: Record<string, unknown>) => Promise<unknown[]> };
type Session = {
  prepareQuery: (
    query: { sql: string; params: unknown[] },
    fields: unknown,
    name: string | undefined,
    isResponseInArrayMode: boolean,
  ) => Prepared;
};

const built = new Map<string, Built>();

/**
 * A hot select built once per process and run by name (docs/decisions/orders.md "Order intake CPU"): `build`
 * makes the drizzle query with `sql.placeholder(…)` for every value that changes between calls, and is
 * called on the first run only; later runs reuse its SQL text, fields and join map, so drizzle neither
 * builds the SQL again nor re-reads the table's columns, and PostgreSQL parses and plans it once per
 * connection (a named prepared statement). The rows are mapped by drizzle as the builder's own `execute`
 * maps them, on either driver, in the given db or transaction.
 *
 * `name` must be unique to the query's text (pg refuses two texts under one name on a connection).
 * Only for queries whose SQL does not depend on anything but the placeholders.
 */
export const runPrepared = async <Row>(
  db: Db,
  name: string,
  build: (db: Db) => { prepare: (name: string) => unknown },
  values: Record<string, unknown>,
): Promise<Row[]> => {
  const session = (db as unknown as { _: { session: Session } })._.session;
  let b = built.get(name);
  if (!b) {
    const first = build(db).prepare(name) as Prepared;
    b = {
      queryString: first.queryString,
      params: first.params,
      fields: first.fields,
      joinsNotNullableMap: first.joinsNotNullableMap,
    };
    built.set(name, b);
    return (await first.execute(values)) as Row[];
  }
  const q = session.prepareQuery({ sql: b.queryString, params: b.params }, b.fields, name, true);
  q.joinsNotNullableMap = b.joinsNotNullableMap;
  return (await q.execute(values)) as Row[];
};

const builtSql = new Map<string, { sql: string; params: unknown[] }>();

/**
 * `runPrepared` for a statement written as drizzle `sql` (a data-modifying statement of CTEs): `build` is
 * called on the first run of `name` only, with `sql.placeholder(…)` for every value that changes between
 * calls; later runs reuse its text and fill the placeholders (no encoder: give values as the driver takes
 * them). Answers the rows as `db.execute` does (objects by column name), on either driver.
 */
export const runPreparedSql = async <Row>(
  db: Db,
  name: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<Row[]> => {
  const d = db as unknown as {
    _: { session: Session };
    dialect: { sqlToQuery: (q: SQL) => { sql: string; params: unknown[] } };
  };
  let q = builtSql.get(name);
  if (!q) {
    q = d.dialect.sqlToQuery(build());
    builtSql.set(name, q);
  }
  const prepared = d._.session.prepareQuery(q, undefined, name, false);
  return ((await prepared.execute(values)) as unknown as { rows: Row[] }).rows;
};
