import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { API_BASE, COMMON_MESSAGES, ERROR_CODES, placeOrderOp } from '@shopdesk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { queryRows } from '../../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus registry of this instance (plugins/app/metrics.ts). */
    metrics: { registry: Registry; render: () => Promise<string>; jobs: JobMetrics };
  }
}

/** What the job runner (jobs/runner.ts) tells the metrics about the scheduled jobs. */
export type JobMetrics = {
  /** A runner tick makes `job` due at `at` (kept until a run succeeds: a failing or late job keeps its first). */
  due: (job: string, at: number) => void;
  /** A run of `job` ended after `seconds`; ok: it did not throw. */
  ran: (job: string, seconds: number, ok: boolean) => void;
};

export type MetricsOptions = {
  /** METRICS_TOKEN: GET /metrics on the main port answers to `Authorization: Bearer <token>` only. */
  token?: string;
  /** Process metrics of prom-client (CPU, memory, GC): main.ts turns them on when metrics are exposed. */
  processMetrics?: boolean;
};

/** The intake route: its answers are counted by outcome and refusal reason. */
const ORDER_ROUTE = API_BASE + placeOrderOp.path;

const intakeOutcome = (status: number) =>
  status < 300 ? 'accepted' : status < 500 ? 'refused' : status === 503 ? 'unavailable' : 'failed';

/** The `error.code` of a JSON error answer, else the status. */
const errorCode = (payload: unknown, status: number): string => {
  if (typeof payload === 'string' && payload.startsWith('{')) {
    try {
      const code = (JSON.parse(payload) as { error?: { code?: unknown } }).error?.code;
      if (typeof code === 'string' && code.length <= 64) return code;
    } catch {}
  }
  return String(status);
};

const tokenMatches = (header: unknown, token: string) => {
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice(7));
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
};

/**
 * Prometheus metrics (docs/decisions/foundation.md "Metrics"). One registry per app. Exposed by main.ts on
 * METRICS_PORT (a listener of its own, `listenMetrics`) and/or, with METRICS_TOKEN, at GET /metrics on the
 * main port behind a bearer token; neither set: not exposed at all (the route answers 404).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: MetricsOptions) => {
    const registry = new Registry();
    if (opts.processMetrics) collectDefaultMetrics({ register: registry });

    const httpDuration = new Histogram({
      name: 'shopdesk_http_request_duration_seconds',
      help: 'HTTP request duration by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    });
    const intake = new Counter({
      name: 'shopdesk_order_intake_total',
      help: 'Storefront order intake answers by outcome (accepted, refused, unavailable, failed) and reason (error code)',
      labelNames: ['outcome', 'reason'] as const,
      registers: [registry],
    });
    new Gauge({
      name: 'shopdesk_board_streams_open',
      help: 'POS board event streams open on this instance',
      registers: [registry],
      collect() {
        this.set(app.orderFeed.size());
      },
    });
    const pool = app.database.pool;
    new Gauge({
      name: 'shopdesk_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, in use, max) and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        if (!pool) return;
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
        this.set({ state: 'max' }, pool.options.max ?? 10);
      },
    });
    const poolAcquire = new Histogram({
      name: 'shopdesk_db_pool_acquire_seconds',
      help: 'PostgreSQL pool checkouts: seconds from asking to getting a connection (free, new, or after waiting), by outcome (ok, timeout)',
      labelNames: ['outcome'] as const,
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const stopTiming = app.database.onPoolAcquire?.((seconds, ok) =>
      poolAcquire.observe({ outcome: ok ? 'ok' : 'timeout' }, seconds),
    );

    // Scheduled jobs (jobs/runner.ts): the lag is the age of the oldest due run not yet done, 0 once a run
    // succeeds; a job that keeps failing or is stuck behind a long one grows it by the minute.
    const jobDueSince = new Map<string, number | null>();
    new Gauge({
      name: 'shopdesk_job_lag_seconds',
      help: 'Scheduled jobs: seconds since the oldest due run of the job that has not succeeded yet (0: up to date)',
      labelNames: ['job'] as const,
      registers: [registry],
      collect() {
        const now = Date.now();
        for (const [job, since] of jobDueSince) this.set({ job }, since === null ? 0 : (now - since) / 1000);
      },
    });
    const jobRuns = new Counter({
      name: 'shopdesk_job_runs_total',
      help: 'Scheduled job runs by job and outcome (ok, failed)',
      labelNames: ['job', 'outcome'] as const,
      registers: [registry],
    });
    const jobDuration = new Histogram({
      name: 'shopdesk_job_duration_seconds',
      help: 'Scheduled job run duration by job',
      labelNames: ['job'] as const,
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
      registers: [registry],
    });
    const jobs: JobMetrics = {
      due: (job, at) => {
        if (!jobDueSince.get(job)) jobDueSince.set(job, at);
      },
      ran: (job, seconds, ok) => {
        jobRuns.inc({ job, outcome: ok ? 'ok' : 'failed' });
        jobDuration.observe({ job }, seconds);
        if (ok) jobDueSince.set(job, null);
      },
    };

    const outboxDepth = new Gauge({
      name: 'shopdesk_outbox_depth',
      help: 'Outbox jobs waiting (pending or running) per kind',
      labelNames: ['kind'] as const,
      registers: [registry],
    });
    const outboxAge = new Gauge({
      name: 'shopdesk_outbox_oldest_age_seconds',
      help: 'Age of the oldest waiting outbox job per kind (since it was due)',
      labelNames: ['kind'] as const,
      registers: [registry],
    });
    const scrapeErrors = new Counter({
      name: 'shopdesk_metrics_scrape_errors_total',
      help: 'Metrics that could not be read at a scrape (the database did not answer)',
      registers: [registry],
    });
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    new Gauge({
      name: 'shopdesk_event_loop_delay_seconds',
      help: 'Event-loop delay since the previous scrape (p50, p99, max)',
      labelNames: ['stat'] as const,
      registers: [registry],
      collect() {
        this.set({ stat: 'p50' }, loop.percentile(50) / 1e9);
        this.set({ stat: 'p99' }, loop.percentile(99) / 1e9);
        this.set({ stat: 'max' }, loop.max / 1e9);
        loop.reset();
      },
    });

    /** The outbox figures: one bounded query per scrape (never more often than every 5 s). */
    let outboxReadAt = 0;
    const readOutbox = async () => {
      if (Date.now() - outboxReadAt < 5_000) return;
      outboxReadAt = Date.now();
      const rows = await queryRows<{ kind: string; n: number; age: number }>(
        app.database.db,
        sql`select kind, count(*)::int as n,
              greatest(0, extract(epoch from now() - min(run_at)))::float8 as age
            from outbox_jobs where status in ('pending', 'running') group by kind`,
      );
      outboxDepth.reset();
      outboxAge.reset();
      for (const r of rows) {
        outboxDepth.set({ kind: r.kind }, r.n);
        outboxAge.set({ kind: r.kind }, Number(r.age));
      }
    };
    const render = async () => {
      await readOutbox().catch(() => scrapeErrors.inc());
      return registry.metrics();
    };
    app.decorate('metrics', { registry, render, jobs });

    app.addHook('onSend', (req, reply, payload, done) => {
      if (req.method === 'POST' && req.routeOptions.url === ORDER_ROUTE) {
        const outcome = intakeOutcome(reply.statusCode);
        intake.inc({ outcome, reason: outcome === 'accepted' ? '' : errorCode(payload, reply.statusCode) });
      }
      done(null, payload);
    });
    app.addHook('onResponse', (req, reply, done) => {
      httpDuration.observe(
        { method: req.method, route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      done();
    });
    app.addHook('onClose', async () => {
      loop.disable();
      stopTiming?.();
    });

    app.route({
      method: 'GET',
      url: '/metrics',
      config: { allow: 'public' },
      schema: { hide: true },
      handler: async (req, reply) => {
        reply.header('cache-control', 'no-store');
        if (!opts.token) {
          return reply.code(404).send({
            error: {
              code: ERROR_CODES.notFound,
              message: COMMON_MESSAGES.notFound.zh,
              messageEn: COMMON_MESSAGES.notFound.en,
            },
          });
        }
        if (!tokenMatches(req.headers.authorization, opts.token)) {
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer')
            .send({
              error: {
                code: ERROR_CODES.unauthorized,
                message: COMMON_MESSAGES.unauthorized.zh,
                messageEn: COMMON_MESSAGES.unauthorized.en,
              },
            });
        }
        return reply.type(registry.contentType).send(await render());
      },
    });
  },
  { name: 'metrics', dependencies: ['order-flow'] },
);

/** METRICS_PORT: GET /metrics without a token on a listener of its own (not the public port). */
export const listenMetrics = async (app: FastifyInstance, port: number, host: string) => {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    app.metrics.render().then(
      (text) => res.writeHead(200, { 'content-type': app.metrics.registry.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return { port: (server.address() as { port: number }).port, close: () => server.close() };
};
