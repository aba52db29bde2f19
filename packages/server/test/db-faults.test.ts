import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@shopdesk/contract';
import { inArray, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, openPostgres, queryRows } from '../src/db/client';
import { isDatabaseUnavailable } from '../src/db/db-errors';
import { orders } from '../src/db/schema';
import { errorsPlugin } from '../src/plugins/app/errors';
import { startDbProxy } from './db-fault-proxy';
import { build } from './helpers';
import { openShop, orderBody, someClient, storefrontUrl } from './storefront-fixtures';

// a database that restarts, stops or freezes while requests come in answers them 503 with
// Retry-After; the process lives on and serves again as soon as the database is back.
describe('database faults', async () => {
  const t = await build();

  it('knows the errors that mean "the database cannot answer now", also wrapped by drizzle', () => {
    const wrapped = (cause: unknown) => new Error('Failed query: select 1', { cause });
    for (const e of [
      { code: 'ECONNREFUSED' },
      { code: '57P01' }, // terminating connection due to administrator command (restart -m fast)
      { code: '57P03' }, // the database system is starting up
      { code: '08006' },
      wrapped({ code: '57P02' }),
      new Error('Connection terminated unexpectedly'),
      new Error('Query read timeout'),
      new Error('timeout exceeded when trying to connect'),
      wrapped(new Error('Client has encountered a connection error and is not queryable')),
      new AggregateError([{ code: 'ECONNREFUSED' }, { code: 'ECONNREFUSED' }]),
    ])
      expect(isDatabaseUnavailable(e), JSON.stringify(e) || String(e)).toBe(true);
    for (const e of [wrapped({ code: '23505' }), new Error('boom'), { code: '22P02' }, undefined, null])
      expect(isDatabaseUnavailable(e)).toBe(false);
  });

  it('answers a database outage 503 with Retry-After, any other failure still 500', async () => {
    const app = Fastify();
    await app.register(errorsPlugin);
    app.get('/down', async () => {
      throw new Error('Failed query: insert …', {
        cause: { code: '57P01', message: 'terminating connection' },
      });
    });
    app.get('/refused', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    app.get('/bug', async () => {
      throw new Error('a bug');
    });
    for (const url of ['/down', '/refused']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().error.code).toBe(ERROR_CODES.unavailable);
    }
    expect((await app.inject({ url: '/bug' })).statusCode).toBe(500);
    await app.close();
  });

  // Fault injection needs a PostgreSQL server: the app under test reaches it through a proxy the test stops
  // and freezes, with short time-outs.
  describe.runIf(t.database.driver === 'postgres')('on PostgreSQL, through a proxy', async () => {
    if (t.database.driver !== 'postgres') return;
    const eaa = await t.signedIn('eaa');
    const shop = await openShop(t, eaa);
    const direct = new URL((t.database.pool!.options as { connectionString: string }).connectionString);
    const proxy = await startDbProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(direct);
    viaProxy.host = `127.0.0.1:${proxy.port()}`;
    const timeouts = { statementMs: 1_000, connectMs: 1_000, idleInTransactionMs: 10_000, queryMs: 1_500 };
    const database: Database = await openPostgres(viaProxy.toString(), 4, timeouts);
    const app = await buildApp({
      config: {
        sessionSecret: 'test-secret-test-secret-test-secret-000',
        nodeEnv: 'test',
        trustProxy: false,
        publicUrl: undefined,
      },
      database,
    });
    await app.ready();
    afterAll(async () => {
      await app.close();
      database.pool!.on('error', () => {});
      await database.close().catch(() => {});
      await proxy.close();
    });

    const taken: number[] = [];
    const order = async () => {
      const res = await app.inject({
        method: 'POST',
        url: storefrontUrl(shop.accountId, '/orders'),
        headers: { 'idempotency-key': randomUUID() },
        payload: orderBody(shop.productId),
        remoteAddress: someClient(),
      });
      if (res.statusCode === 201) taken.push(res.json().order.id);
      return res;
    };
    const health = () => app.inject({ url: '/console/apis/health' });
    const timed = async <T>(p: Promise<T>) => {
      const started = Date.now();
      const out = await p;
      return { out, ms: Date.now() - started };
    };
    const expect503 = (res: Awaited<ReturnType<typeof order>>) => {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().error.code).toBe(ERROR_CODES.unavailable);
    };
    /** Polls until an order is taken again; how long it took after the database came back. */
    const recovery = async () => {
      const started = Date.now();
      for (;;) {
        const res = await order();
        if (res.statusCode === 201) return Date.now() - started;
        expect([503]).toContain(res.statusCode);
        if (Date.now() - started > 5_000) throw new Error(`no recovery: ${res.statusCode} ${res.body}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };

    it('takes orders through the proxy', async () => {
      expect((await order()).statusCode).toBe(201);
      expect((await health()).statusCode).toBe(200);
    });

    it('a connection terminated inside an order transaction: that order 503, the process lives, the next 201', async () => {
      const locker = await t.database.pool!.connect();
      try {
        await locker.query('begin');
        await locker.query('lock table orders in access exclusive mode');
        const pending = order();
        let pid: number | undefined;
        for (let i = 0; i < 100 && !pid; i += 1) {
          await new Promise((r) => setTimeout(r, 20));
          pid = (
            await queryRows<{ pid: number }>(
              t.db,
              sql`select pid from pg_stat_activity where datname = current_database()
                    and wait_event_type = 'Lock' and backend_xid is not null`,
            )
          )[0]?.pid;
        }
        expect(pid, 'the order waits inside its transaction').toBeDefined();
        await queryRows(t.db, sql`select pg_terminate_backend(${pid})`);
        expect503(await pending);
      } finally {
        await locker.query('rollback');
        locker.release();
      }
      expect(await recovery()).toBeLessThan(2_000);
    });

    it('every pooled connection terminated (a restart): 503 or 201, never 500, then service again', async () => {
      await order(); // the pool has connections
      await queryRows(
        t.db,
        sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid()`,
      );
      const answers = await Promise.all(Array.from({ length: 6 }, order));
      for (const res of answers) expect([201, 503], res.body).toContain(res.statusCode);
      expect(await recovery()).toBeLessThan(2_000);
    });

    it('a stopped database: orders, console reads and health answer 503 at once; back within 2 s of its return', async () => {
      await proxy.stop();
      try {
        const o = await timed(order());
        expect503(o.out);
        const h = await timed(health());
        expect(h.out.statusCode).toBe(503);
        expect(h.out.json()).toMatchObject({ status: 'degraded', database: { reachable: false } });
        expect(o.ms + h.ms).toBeLessThan(3_000);
      } finally {
        await proxy.start();
      }
      expect(await recovery()).toBeLessThan(2_000);
      // the order feed's LISTEN connection was cut too: it is re-opened (every 2 s until it succeeds)
      for (let i = 0; i < 100 && !app.orderFeed.listening(); i += 1)
        await new Promise((r) => setTimeout(r, 50));
      expect(app.orderFeed.listening()).toBe(true);
    });

    it('a frozen database: requests fail 503 within the time-outs instead of hanging; health 503 within 2 s', async () => {
      await order();
      proxy.freeze();
      try {
        const [o1, o2, h] = await Promise.all([timed(order()), timed(order()), timed(health())]);
        for (const o of [o1, o2]) {
          expect503(o.out);
          // a pooled connection: the query time-out (1.5 s); a new one: the connect time-out (1 s), then more
          expect(o.ms).toBeLessThan(timeouts.queryMs + timeouts.connectMs + 1_000);
        }
        expect(h.out.statusCode).toBe(503);
        expect(h.ms).toBeLessThan(2_500);
      } finally {
        proxy.thaw();
      }
      expect(await recovery()).toBeLessThan(2_000);
      expect((await health()).statusCode).toBe(200);
    });

    it('every order answered 201 is in the database', async () => {
      expect(taken.length).toBeGreaterThanOrEqual(5);
      const rows = await t.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, taken));
      expect(rows).toHaveLength(taken.length);
    });
  });
});
