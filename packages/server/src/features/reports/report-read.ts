import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { type Db, queryRows } from '../../db/client';
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

/** BEGIN and the report settings, as one simple-protocol text (SET takes no bind parameters). */
const opening = () =>
  `begin; set local statement_timeout = ${Math.max(1, Math.floor(reportLimits.timeoutMs))}; set local jit = off`;

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
    await client.query(opening());
    const out = await run(drizzle({ client }) as unknown as Db);
    ok = true;
    return out;
  } catch (err) {
    throw isQueryCanceled(err) ? queryTimedOut() : err;
  } finally {
    void finish(client, ok);
  }
};

const dialect = new PgDialect();
const asText = (v: string) => v;
/** drizzle's node-postgres reads: dates, timestamps and intervals stay text (the reports' `day` columns). */
const TEXT_TYPES = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(oid) ? asText : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * The statement's text with its parameters written as literals (pg's escapeLiteral), or null when one is
 * not a plain string, number or boolean (then the statement goes with bind parameters).
 */
const inlined = (client: pg.PoolClient, query: SQL): string | null => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const literals: string[] = [];
  for (const p of params) {
    if (typeof p === 'string') literals.push(client.escapeLiteral(p));
    // a negative number in parentheses: `a-$1` must not become the comment `a--5`
    else if (typeof p === 'number' && Number.isFinite(p)) literals.push(p < 0 ? `(${p})` : String(p));
    else if (typeof p === 'boolean') literals.push(String(p));
    else return null;
  }
  return text.replace(/\$(\d+)/g, (_, n: string) => literals[Number(n) - 1]!);
};

/**
 * The rows of one report statement under the report time-out, in one round trip on PostgreSQL: BEGIN, the
 * settings of readReport, the statement (its parameters as literals) and COMMIT go as one simple-protocol
 * message, so the connection is free when the answer arrives (docs/decisions/reports.md
 * "One round trip per report statement"). The time-out applies to each statement of the message
 * (PostgreSQL 13+). `rowMode: 'array'` gives each row as its columns in order (the export's batches: no
 * object per row). A failure leaves the transaction aborted: it is rolled back before the connection goes
 * back. On PGlite it is `withQueryTimeout` with queryRows.
 */
export const readRows = async <T>(db: Db, query: SQL, rowMode?: 'array'): Promise<T[]> => {
  const pool = poolOf(db);
  if (!pool) {
    const rows = await withQueryTimeout(db, (tx) => queryRows<Record<string, unknown>>(tx, query));
    return (rowMode === 'array' ? rows.map((r) => Object.values(r)) : rows) as T[];
  }
  const client = await pool.connect();
  const text = inlined(client, query);
  if (text === null) {
    client.release();
    return readReport(db, async (tx) => {
      const rows = await queryRows<Record<string, unknown>>(tx, query);
      return (rowMode === 'array' ? rows.map((r) => Object.values(r)) : rows) as T[];
    });
  }
  try {
    const config = { text: `${opening()}; ${text}; commit`, rowMode, types } as pg.QueryConfig;
    const results = (await client.query(config)) as unknown as pg.QueryResult[];
    client.release();
    return results[3]!.rows as T[];
  } catch (err) {
    void finish(client, false);
    throw isQueryCanceled(err) ? queryTimedOut() : err;
  }
};

/**
 * The answer of `COPY (query) TO STDOUT (FORMAT …)` read whole, under the report time-out. Whole (a slice
 * of an export, a few MB at most) before it is written anywhere, so the statement's time-out never runs
 * while a slow client reads. Null on PGlite (no pool): the caller keeps its row-by-row path
 * (docs/decisions/reports.md "Sales CSV export through COPY: The choice").
 */
const copyOut = async (db: Db, query: SQL, format: 'csv' | 'text'): Promise<Buffer | null> => {
  const pool = poolOf(db);
  if (!pool) return null;
  const client = await pool.connect();
  let ok = false;
  try {
    const text = inlined(client, query);
    if (text === null) throw new Error('copyOut: a parameter that cannot be written as a literal');
    await client.query(opening());
    const chunks: Buffer[] = [];
    for await (const chunk of client.query(copyTo(`copy (${text}) to stdout (format ${format})`)))
      chunks.push(chunk as Buffer);
    ok = true;
    return Buffer.concat(chunks);
  } catch (err) {
    throw isQueryCanceled(err) ? queryTimedOut() : err;
  } finally {
    void finish(client, ok);
  }
};

/**
 * CSV as PostgreSQL writes it (`copyOut`), with its line ends made CRLF (RFC 4180, as export-stream.ts
 * writes): COPY ends a row with LF, and a LF inside a quoted field stays as it is. `rows` counts the lines.
 */
export const copyCsv = async (db: Db, query: SQL): Promise<{ data: Buffer; rows: number } | null> => {
  const data = await copyOut(db, query, 'csv');
  return data && crlf(data);
};

/**
 * COPY's text format (`copyOut`): a row per LF, fields split by tabs, NULL as `\N`, and a backslash, LF, CR,
 * tab, BS, FF and VT inside a value written as a backslash sequence — so every LF ends a row. `rows` counts
 * them. Read with copyTextRows.
 */
export const copyText = async (db: Db, query: SQL): Promise<{ data: Buffer; rows: number } | null> => {
  const data = await copyOut(db, query, 'text');
  if (!data) return null;
  let rows = 0;
  for (let k = data.indexOf(LF); k >= 0; k = data.indexOf(LF, k + 1)) rows += 1;
  return { data, rows };
};

const UNESCAPED: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };
/** A value of COPY's text format as it was (COPY TO writes no octal or hex sequence; any other `\x` is x). */
const unescapeCopy = (raw: string) => raw.replace(/\\(.)/g, (_, c: string) => UNESCAPED[c] ?? c);

/** Bytes of COPY text decoded at a time by copyTextRows (whole rows; a longer row is decoded alone). */
const DECODE_BYTES = 1 << 15;

/**
 * The rows of COPY text (`copyText`), each as its cells: null for NULL, a number where `numeric` says so
 * (integers: PostgreSQL's text is JavaScript's String()), else the text. One array is yielded again for
 * every row (no array per row): a caller reads it before taking the next. The slice is decoded ~32 KB of
 * whole rows at a time, not as one string: short-lived strings stay in V8's young generation and die there
 * (a slice-long string, megabytes, goes to the old generation, which V8 lets grow before collecting it).
 */
export function* copyTextRows(
  data: Buffer,
  numeric: readonly boolean[],
): Generator<(string | number | null)[]> {
  const n = numeric.length;
  const row: (string | number | null)[] = new Array(n).fill(null);
  for (let start = 0; start < data.length; ) {
    // the last row end within the next DECODE_BYTES, or the end of the first row after it
    let stop = data.lastIndexOf(LF, Math.min(start + DECODE_BYTES, data.length - 1));
    if (stop < start) stop = data.indexOf(LF, start);
    if (stop < 0) throw new Error('copyTextRows: a row cut short');
    const text = data.toString('utf8', start, stop + 1);
    start = stop + 1;
    let pos = 0;
    while (pos < text.length) {
      for (let k = 0; k < n; k += 1) {
        const end = text.indexOf(k === n - 1 ? '\n' : '\t', pos);
        if (end < 0) throw new Error('copyTextRows: a row cut short');
        const raw = text.slice(pos, end);
        pos = end + 1;
        row[k] =
          raw === '\\N' ? null : numeric[k] ? Number(raw) : raw.includes('\\') ? unescapeCopy(raw) : raw;
      }
      yield row;
    }
  }
}

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
/**
 * COPY's CSV with CRLF row ends: a LF outside quotes (quotes toggle; a doubled quote toggles twice) ends a
 * row and gets a CR before it. Bytes suffice: in UTF-8 no byte of a multi-byte character is `"` or LF.
 */
export const crlf = (buf: Buffer): { data: Buffer; rows: number } => {
  let rows = 0;
  let quoted = false;
  for (let k = 0; k < buf.length; k += 1) {
    const b = buf[k];
    if (b === QUOTE) quoted = !quoted;
    else if (b === LF && !quoted) rows += 1;
  }
  const out = Buffer.allocUnsafe(buf.length + rows);
  let o = 0;
  let from = 0;
  quoted = false;
  for (let k = 0; k < buf.length; k += 1) {
    const b = buf[k];
    if (b === QUOTE) quoted = !quoted;
    else if (b === LF && !quoted) {
      o += buf.copy(out, o, from, k);
      out[o] = CR;
      o += 1;
      from = k;
    }
  }
  buf.copy(out, o, from);
  return { data: out, rows };
};
