// "Run it like a service": Prometheus metrics, on a port of their own or behind a bearer token.
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_DB_TIMEOUTS, openPostgres } from '../src/db/client';
import { enqueueOutbox } from '../src/jobs/outbox';
import { listenMetrics } from '../src/plugins/app/metrics';
import { runJobs } from '../src/schedule/runner';
import { build } from './helpers';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

const TOKEN = 'metrics-test-token-0123456789';
const t = await build({ config: { metricsToken: TOKEN, storefrontRateLimit: 1_000_000 } });
const owner = await t.signedIn('eaa');
const shop = await openShop(t, owner);

const scrape = async () => {
  const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return res.body;
};
/** The value of one sample line (name{labels} value), or undefined. */
const sample = (text: string, line: string) => {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
};

describe('metrics', () => {
  it('the main port answers /metrics only to the bearer token', async () => {
    const none = await t.app.inject({ url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('UNAUTHORIZED');
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    await scrape();
  });

  it('counts order intake by outcome and refusal reason, and HTTP latency by route pattern and status', async () => {
    const ok = await postOrder(t, shop.accountId, orderBody(shop.productId));
    expect(ok.statusCode, ok.body).toBe(201);
    const refused = await postOrder(t, shop.accountId, orderBody(shop.productId, { mealType: 'nope' }));
    expect(refused.statusCode).toBe(400);
    const reason = refused.json().error.code as string;
    const text = await scrape();
    expect(sample(text, 'shopdesk_order_intake_total{outcome="accepted",reason=""}')).toBe(1);
    expect(sample(text, `shopdesk_order_intake_total{outcome="refused",reason="${reason}"}`)).toBe(1);
    const route = '/console/apis/storefront/v1/shops/:accountId/orders';
    expect(
      sample(
        text,
        `shopdesk_http_request_duration_seconds_count{method="POST",route="${route}",status="201"}`,
      ),
    ).toBe(1);
    expect(
      sample(
        text,
        `shopdesk_http_request_duration_seconds_count{method="POST",route="${route}",status="400"}`,
      ),
    ).toBe(1);
    // a route pattern, never the raw URL (one series per route, not per shop)
    expect(text).not.toContain(`/shops/${shop.accountId}/orders`);
  });

  it('reports outbox depth and oldest age per kind, board streams, event-loop delay and the pool', async () => {
    const due = new Date(Date.now() - 60_000);
    await enqueueOutbox(t.database.db, { kind: 'metrics.test', payload: {}, runAt: due });
    await enqueueOutbox(t.database.db, { kind: 'metrics.test', payload: {} });
    await new Promise((r) => setTimeout(r, 5_100)); // the outbox figures are read at most every 5 s
    const text = await scrape();
    expect(sample(text, 'shopdesk_outbox_depth{kind="metrics.test"}')).toBe(2);
    expect(sample(text, 'shopdesk_outbox_oldest_age_seconds{kind="metrics.test"}')).toBeGreaterThanOrEqual(
      59,
    );
    expect(sample(text, 'shopdesk_board_streams_open')).toBe(0);
    expect(sample(text, 'shopdesk_event_loop_delay_seconds{stat="p99"}')).toBeGreaterThanOrEqual(0);
    if (t.database.pool) {
      expect(sample(text, 'shopdesk_db_pool_connections{state="max"}')).toBe(5);
      expect(sample(text, 'shopdesk_db_pool_connections{state="waiting"}')).toBe(0);
    }
    // process metrics are on when metrics are exposed
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('times the pool checkouts and shows a request waiting for a connection (PostgreSQL); PGlite has no pool', async () => {
    const pool = t.database.pool;
    if (!pool) {
      // one in-process connection: nothing to wait for (docs/decisions "Pool metrics")
      expect(t.database.onPoolAcquire).toBeUndefined();
      const text = await scrape();
      expect(text).not.toContain('shopdesk_db_pool_acquire_seconds_count');
      expect(text).not.toContain('shopdesk_db_pool_connections{');
      return;
    }
    const checkouts = async () =>
      sample(
        await t.app.metrics.registry.metrics(),
        'shopdesk_db_pool_acquire_seconds_count{outcome="ok"}',
      ) ?? 0;
    const before = await checkouts();
    // every connection of the pool checked out, then one more asked for: it waits
    const max = pool.options.max ?? 10;
    const held = [];
    while (pool.totalCount - pool.idleCount < max) held.push(await pool.connect());
    const waiting = pool.connect();
    // at least ours: the app's own jobs may ask for a connection at the same moment
    await vi.waitFor(() => expect(pool.waitingCount).toBeGreaterThanOrEqual(1));
    // the registry itself: a scrape through the app would ask the pool for a connection too
    const during = await t.app.metrics.registry.metrics();
    expect(sample(during, 'shopdesk_db_pool_connections{state="waiting"}')).toBeGreaterThanOrEqual(1);
    expect(sample(during, 'shopdesk_db_pool_connections{state="in_use"}')).toBe(max);
    held.pop()?.release();
    (await waiting).release();
    for (const c of held) c.release();
    expect(await checkouts()).toBeGreaterThanOrEqual(before + held.length + 2);
    expect(sample(await scrape(), 'shopdesk_db_pool_connections{state="waiting"}')).toBe(0);

    // a checkout that times out is timed with outcome "timeout"
    // opened with the default connect timeout (a loaded CI machine can take more than 50 ms to open the
    // probe connection), then the checkout timeout shortened: pg-pool reads it on every connect()
    const tiny = await openPostgres(String(pool.options.connectionString), 1, DEFAULT_DB_TIMEOUTS);
    tiny.pool!.options.connectionTimeoutMillis = 50;
    const seen: { seconds: number; ok: boolean }[] = [];
    tiny.onPoolAcquire?.((seconds, ok) => seen.push({ seconds, ok }));
    try {
      const only = await tiny.pool!.connect();
      await expect(tiny.pool!.connect()).rejects.toThrow(/timeout/);
      only.release();
      expect(seen.map((s) => s.ok)).toEqual([true, false]);
      expect(seen[1].seconds).toBeGreaterThanOrEqual(0.04);
    } finally {
      await tiny.close();
    }
  });

  it('job lag: 0 for a job that succeeds, growing for one that keeps failing; runs counted by outcome', async () => {
    const app = await build({ manualClose: true });
    try {
      let fails = 0;
      const runner = runJobs(
        app.app,
        app.database.db,
        [
          { name: 'metrics-ok', run: async () => undefined },
          {
            name: 'metrics-failing',
            run: async () => {
              fails++;
              throw new Error('always fails');
            },
          },
        ],
        { firstMs: 0, everyMs: 100 },
      );
      await vi.waitFor(() => expect(fails).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
      await runner.stop();
      const text = await app.app.metrics.registry.metrics();
      expect(sample(text, 'shopdesk_job_lag_seconds{job="metrics-ok"}')).toBe(0);
      // due since the first tick, two ticks (≥ 0.2 s) ago at least
      expect(sample(text, 'shopdesk_job_lag_seconds{job="metrics-failing"}')).toBeGreaterThanOrEqual(0.19);
      expect(
        sample(text, 'shopdesk_job_runs_total{job="metrics-failing",outcome="failed"}'),
      ).toBeGreaterThanOrEqual(3);
      expect(sample(text, 'shopdesk_job_runs_total{job="metrics-failing",outcome="ok"}')).toBeUndefined();
      expect(sample(text, 'shopdesk_job_runs_total{job="metrics-ok",outcome="ok"}')).toBeGreaterThanOrEqual(
        3,
      );
      expect(sample(text, 'shopdesk_job_duration_seconds_count{job="metrics-ok"}')).toBeGreaterThanOrEqual(3);
    } finally {
      await app.close();
    }
  });

  it('METRICS_PORT: /metrics on a listener of its own, without a token', async () => {
    const m = await listenMetrics(t.app, 0, '127.0.0.1');
    try {
      const res = await fetch(`http://127.0.0.1:${m.port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('shopdesk_http_request_duration_seconds');
      expect((await fetch(`http://127.0.0.1:${m.port}/console/apis/me`)).status).toBe(404);
    } finally {
      m.close();
    }
  });

  it('neither METRICS_PORT nor METRICS_TOKEN: the main port has no /metrics (404)', async () => {
    const plain = await build({ manualClose: true });
    try {
      const res = await plain.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
