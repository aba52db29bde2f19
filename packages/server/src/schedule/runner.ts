import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { pruneBindingFailures } from '../features/chat/line/binding-attempts';
import { pruneWebhookEvents } from '../features/delivery/delivery/webhook-events';
import { pruneExpiredSessions } from '../identity/session-store';
import { pruneOutbox } from '../jobs/outbox';
import { runContractExpiry } from './contract-expiry';
import { runRichMenuState } from './rich-menu-state';
import { runStockRestore } from './stock-restore';

export type Job = { name: string; run: (db: Db, now: Date, app: FastifyInstance) => Promise<unknown> };

/** The scheduled jobs. Each must be safe to run on every instance at once (they claim work in the database). */
export const JOBS: readonly Job[] = [
  { name: 'stock-restore', run: (db, now) => runStockRestore(db, now) },
  // a contract whose system end date has passed turns the shop's system off
  { name: 'contract-expiry', run: (db, now) => runContractExpiry(db, now) },
  // the LINE rich menu follows the shop (closed variant while it is closed)
  { name: 'rich-menu-state', run: (_db, now, app) => runRichMenuState(app, now) },
  // the abuse guards' rows (courier webhooks seen, wrong LINE binding codes) and expired sessions past their use
  {
    name: 'guard-prune',
    run: (db, now) =>
      Promise.all([
        pruneWebhookEvents(db, now),
        pruneBindingFailures(db, now),
        pruneExpiredSessions(db, now),
      ]),
  },
  // the outbox's finished jobs past their keep time (jobs/outbox.ts pruneOutbox)
  { name: 'outbox-prune', run: (db, now) => pruneOutbox(db, now) },
];

/** First tick 5 s after start, then every minute (tests pass shorter ones). */
export const JOB_TIMING = { firstMs: 5_000, everyMs: 60_000 };

/**
 * Starts the job runner: every minute each job runs once, on every instance. A tick still running when the
 * next is due is not doubled; a failing job is logged and retried next minute. Stops when the app closes.
 * Called from main.ts only: API tests call the jobs directly.
 */
export const startJobs = (app: FastifyInstance, db: Db, jobs: readonly Job[] = JOBS) => {
  const runner = runJobs(app, db, jobs);
  app.addHook('onClose', runner.stop);
};

/** The runner of startJobs without the app's onClose hook: answers its stop (tests start it on a ready app). */
export const runJobs = (
  app: FastifyInstance,
  db: Db,
  jobs: readonly Job[] = JOBS,
  timing: typeof JOB_TIMING = JOB_TIMING,
) => {
  let running = false;
  let stopping = false;
  let current: Promise<void> | null = null;
  const tick = async () => {
    if (running || stopping) return;
    running = true;
    for (const job of jobs) {
      if (stopping) break;
      const started = performance.now();
      let ok = true;
      try {
        await job.run(db, new Date(), app);
      } catch (err) {
        ok = false;
        app.log.error({ err, job: job.name }, 'scheduled job failed');
      }
      app.metrics.jobs.ran(job.name, (performance.now() - started) / 1000, ok);
    }
    running = false;
  };
  const run = () => {
    // every job is due at each tick, also one skipped because the previous tick is still running: its lag
    // (shopdesk_job_lag_seconds) counts from the first tick it has not caught up with
    const now = Date.now();
    for (const job of jobs) app.metrics.jobs.due(job.name, now);
    if (running || stopping) return;
    current = tick().finally(() => {
      current = null;
    });
  };
  const first = setTimeout(run, timing.firstMs);
  const timer = setInterval(run, timing.everyMs);
  first.unref();
  timer.unref();
  // Shutdown: no next job; the one running ends its transaction (its row locks, the claims, go
  // with it) before the database closes, waited for at most 5 s.
  const stop = async () => {
    stopping = true;
    clearTimeout(first);
    clearInterval(timer);
    if (current) {
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([current, new Promise((r) => (wait = setTimeout(r, 5_000)))]);
      clearTimeout(wait);
    }
  };
  return { stop };
};
