import { localToday, ORDER_ERROR_CODES, ORDER_MESSAGES } from '@shopdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { isQueryCanceled, withQueryTimeout } from '../src/db/query-timeout';
import { ApiError } from '../src/http/errors';
import { build } from './helpers';

// Issue 7: "a query that runs too long is cancelled server-side and says 'query timed out, narrow the range'".
describe('report query time-out', async () => {
  const t = await build();

  it('recognises PostgreSQL 57014, also inside the error drizzle wraps around the driver’s', () => {
    expect(isQueryCanceled({ code: '57014' })).toBe(true);
    expect(isQueryCanceled(new Error('Failed query', { cause: { code: '57014' } }))).toBe(true);
    expect(isQueryCanceled(new Error('Failed query', { cause: { code: '23505' } }))).toBe(false);
    expect(isQueryCanceled(undefined)).toBe(false);
  });

  it('a query within the time-out answers normally and the setting ends with its transaction', async () => {
    const setting = sql`select current_setting('statement_timeout') as v`;
    // the connection's own limit: the pool's statement_timeout on PostgreSQL (issue 11), none on PGlite
    const before = (await queryRows<{ v: string }>(t.db, setting))[0]!.v;
    expect(before).toBe(t.database.driver === 'postgres' ? '15s' : '0');
    const out = await withQueryTimeout(t.db, (tx) => queryRows<{ v: string }>(tx, setting));
    expect(out[0]!.v).toBe('10s');
    const after = await queryRows<{ v: string }>(t.db, setting);
    expect(after[0]!.v).toBe(before);
  });

  // PGlite accepts statement_timeout but does not cancel a running query: proven on PostgreSQL only.
  it.runIf(t.database.driver === 'postgres')(
    'a slow query is cancelled by PostgreSQL and becomes 422',
    async () => {
      const err = await withQueryTimeout(t.db, (tx) => queryRows(tx, sql`select pg_sleep(2)`), 50).catch(
        (e) => e,
      );
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({
        status: 422,
        code: ORDER_ERROR_CODES.queryTimedOut,
        text: ORDER_MESSAGES.queryTimedOut,
      });
    },
  );

  // End to end on PostgreSQL: another session holds a lock on orders, so the query waits until
  // statement_timeout (REPORT_QUERY_TIMEOUT_MS, 10 s) cancels it; the page gets the spec's text.
  it.runIf(t.database.driver === 'postgres')(
    'the sales query answers 422 "query timed out" when the database cancels it',
    async () => {
      const eaa = await t.signedIn('eaa');
      const locker = await t.database.pool!.connect();
      try {
        await locker.query('begin');
        await locker.query('lock table orders in access exclusive mode');
        const today = localToday();
        const res = await t.app.inject({
          method: 'GET',
          url: `/console/apis/eaa/sales/orders?from=${today}&to=${today}`,
          headers: eaa.headers,
        });
        expect(res.statusCode).toBe(422);
        expect(res.json().error).toMatchObject({
          code: ORDER_ERROR_CODES.queryTimedOut,
          message: ORDER_MESSAGES.queryTimedOut.zh,
        });
      } finally {
        await locker.query('rollback');
        locker.release();
      }
    },
    20_000,
  );
});
