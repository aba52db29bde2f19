import { localToday, ORDER_ERROR_CODES, ORDER_MESSAGES } from '@shopdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { isQueryCanceled, reportLimits, withQueryTimeout } from '../src/db/query-timeout';
import { ApiError } from '../src/http/errors';
import { build } from './helpers';
import { lastWeek, statsUrl } from './stats-fixtures';

// "a query that runs too long is cancelled server-side and says 'query timed out, narrow the range'".
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
    // the connection's own limit: the pool's statement_timeout on PostgreSQL, none on PGlite
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

  /** Runs `body` with report limits changed, restoring them after (modules are shared between files). */
  const withLimits = async <T>(limits: Partial<typeof reportLimits>, body: () => Promise<T>) => {
    const saved = { ...reportLimits };
    Object.assign(reportLimits, limits);
    try {
      return await body();
    } finally {
      Object.assign(reportLimits, saved);
    }
  };
  const expectTimedOut = (res: { statusCode: number; body: string; json: () => { error: unknown } }) => {
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatchObject({
      code: ORDER_ERROR_CODES.queryTimedOut,
      message: ORDER_MESSAGES.queryTimedOut.zh,
    });
  };
  const today = localToday();
  const reports = (accountId?: number) => [
    `/console/apis/gaa/sales/orders?from=${today}&to=${today}`,
    `${statsUrl('gaa', '/summary')}?from=${lastWeek().from}&to=${lastWeek().to}`,
    `${statsUrl('gaa', '/shops')}?from=${lastWeek().from}&to=${lastWeek().to}`,
    ...(accountId
      ? [`${statsUrl('gaa', `/shops/${accountId}/360`)}?from=${lastWeek().from}&to=${lastWeek().to}`]
      : []),
  ];

  // the embedded engine cannot cancel a running query; a report too costly to finish in time is
  // refused before it runs, with the same 422 (db/query-timeout.ts reportLimits.embeddedMaxCost).
  it.runIf(t.database.driver === 'pglite')(
    'PGlite: the sales query and the statistics answer 422 "query timed out" above the cost cap, normally below',
    async () => {
      const gaa = await t.signedIn('gaa');
      const quick = await t.createSiAccount(`si-${Date.now()}`);
      const shop = await t.createShop({ name: '逾時測試店', siAccountId: quick.id });
      for (const url of reports(shop.account.id)) {
        const ok = await t.app.inject({ url, headers: gaa.headers });
        expect(ok.statusCode, `${url} ${ok.body}`).toBe(200);
        expectTimedOut(
          await withLimits({ embeddedMaxCost: 1 }, () => t.app.inject({ url, headers: gaa.headers })),
        );
      }
    },
  );

  it.runIf(t.database.driver === 'pglite')(
    'PGlite: no further query of a report starts once its time is up',
    async () => {
      const ran: number[] = [];
      const err = await withQueryTimeout(
        t.db,
        async (tx) => {
          ran.push((await queryRows<{ v: number }>(tx, sql`select 1 as v`))[0]!.v);
          // a fixed time on purpose: the report's 30 ms run out between its two queries
          await new Promise((r) => setTimeout(r, 60));
          ran.push((await queryRows<{ v: number }>(tx, sql`select 2 as v`))[0]!.v);
        },
        30,
      ).catch((e) => e);
      expect(err).toMatchObject({ status: 422, code: ORDER_ERROR_CODES.queryTimedOut });
      expect(ran).toEqual([1]);
    },
  );

  // the statistics have the report time-out too. The rollups they read are locked by another
  // session, so the queries wait until the (shortened) time-out cancels them.
  it.runIf(t.database.driver === 'postgres')(
    'PostgreSQL: the statistics answer 422 "query timed out" when the database cancels them',
    async () => {
      const gaa = await t.signedIn('gaa');
      const locker = await t.database.pool!.connect();
      try {
        await locker.query('begin');
        await locker.query(
          'lock table orders, order_stats_daily, order_stats_hourly, order_product_daily in access exclusive mode',
        );
        await withLimits({ timeoutMs: 300 }, async () => {
          for (const url of reports().slice(1))
            expectTimedOut(await t.app.inject({ url, headers: gaa.headers }));
        });
      } finally {
        await locker.query('rollback');
        locker.release();
      }
    },
  );
});
