// DATABASE_READ_URL (docs/scale.md "Read replica"): the report routes (statistics, 360, sales query and export,
// vouchers, the platform reports and charts, the weekly report's figures) read through a second pool; sign-in
// checks and writes stay on DATABASE_URL. PostgreSQL only. The second connection string points at the same
// server with its own application_name and read-only transactions, as a hot standby refuses writes: a report
// route writing through it would fail here, and every query of the read pool is counted.

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openPostgres, queryRows } from '../src/db/client';
import { build } from './helpers';
import { lastWeek, move, placeOrders, statShop, statsUrl } from './stats-fixtures';

const onPostgres = process.env.SHOPDESK_TEST_DB === 'postgres';
const APP_NAME = 'shopdesk_report_reads';

describe.skipIf(!onPostgres)('the report routes read through DATABASE_READ_URL', async () => {
  const t = await build();
  const si = await t.createSiAccount('readpool');
  const owner = await t.signedIn('eaa');
  const gaa = await t.signedIn('gaa');
  const shop = await statShop(t, owner, si.id);
  const ids = await placeOrders(t, shop, 3);
  for (const id of ids) await move(t, shop.accountId, id, 'accept');

  const url = () => (t.database.pool!.options as { connectionString: string }).connectionString;
  const readUrl = () => {
    const u = new URL(url());
    u.searchParams.set('application_name', APP_NAME);
    u.searchParams.set('options', '-c default_transaction_read_only=on');
    return u.toString();
  };

  let database: Database;
  let app: FastifyInstance;
  /** Connections checked out of each pool (every query or transaction takes one). */
  const taken = { reads: 0, main: 0 };
  beforeAll(async () => {
    database = await openPostgres(url(), 4, undefined, readUrl());
    database.reads!.pool.on('acquire', () => {
      taken.reads += 1;
    });
    database.pool!.on('acquire', () => {
      taken.main += 1;
    });
    app = await buildApp({
      config: {
        sessionSecret: 'test-secret-test-secret-test-secret-000',
        nodeEnv: 'test',
        trustProxy: false,
        publicUrl: undefined,
      },
      database,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const get = (path: string, headers: { cookie: string }, query: Record<string, string | number> = {}) =>
    app.inject({
      method: 'GET',
      url: `/console/apis${path}`,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers,
    });

  it('the second pool is what a replica is: its own connections, and a write through it is refused', async () => {
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from pg_stat_activity where application_name = ${APP_NAME}
            and datname = current_database()`,
    );
    expect(row!.n).toBeGreaterThan(0);
    const err = await database.reads!.db.execute(sql`create table read_pool_probe (x int)`).then(
      () => null,
      (e: unknown) => e as { cause?: Error },
    );
    expect(err?.cause?.message).toMatch(/read-only transaction/);
  });

  it.each([
    ['statistics', () => get('/eaa/stats/summary', owner.headers, lastWeek())],
    ['the 360 view', () => get(`/eaa/stats/shops/${shop.accountId}/360`, owner.headers, lastWeek())],
    ['the shops statistics', () => get('/gaa/stats/shops', gaa.headers, lastWeek())],
    ['the sales query', () => get('/eaa/sales/orders', owner.headers, lastWeek())],
    [
      'the sales export',
      () => get('/eaa/sales/orders/export', owner.headers, { ...lastWeek(), format: 'csv' }),
    ],
    ['the vouchers', () => get('/gaa/sales/vouchers', gaa.headers, lastWeek())],
    ['the platform charts', () => get('/gaa/charts', gaa.headers)],
    ['the shop-settings report', () => get('/gaa/reports/shop-settings', gaa.headers)],
    ['the online-payment report', () => get('/gaa/reports/online-payment-configs', gaa.headers)],
  ])('%s reads through the read pool', async (_name, call) => {
    const before = taken.reads;
    const res = await call();
    expect(res.statusCode, res.body).toBe(200);
    expect(taken.reads).toBeGreaterThan(before);
  });

  it('the figures are the orders written through the main pool', async () => {
    const res = await get('/eaa/stats/summary', owner.headers, {
      ...lastWeek(),
      accountId: shop.accountId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().current.orders).toBe(ids.length);
  });

  it('a write of a report route (the share link audit) goes to the main pool', async () => {
    const before = { ...taken };
    const res = await app.inject({
      method: 'POST',
      url: statsUrl('eaa', '/share-links'),
      headers: owner.headers,
      payload: { accountId: shop.accountId, days: 7 },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(taken.main).toBeGreaterThan(before.main);
    expect(taken.reads).toBe(before.reads);
  });
});

describe('DATABASE_READ_URL', () => {
  it('DATABASE_READ_URL is a configuration of PostgreSQL only', () => {
    expect(() =>
      loadConfig({ DATA_DIR: '/tmp/sd-read-url', DATABASE_READ_URL: 'postgres://replica/shopdesk' }),
    ).toThrow(/DATABASE_READ_URL needs DATABASE_URL/);
    expect(() =>
      loadConfig({
        DATA_DIR: '/tmp/sd-read-url',
        DATABASE_URL: 'postgres://x/y',
        DATABASE_READ_URL: 'mysql://r',
      }),
    ).toThrow(/DATABASE_READ_URL must start with postgres/);
  });
});
