import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  claimOutboxJobs,
  type OutboxHandler,
  releaseOutboxClaims,
  runOutboxJob,
  runOutboxOnce,
} from '../../jobs/outbox';

/** How long a shutdown waits for the jobs in flight. */
const SHUTDOWN_WAIT_MS = 5_000;
/** Jobs one instance runs at once (each mostly waits on an outside service). */
export const OUTBOX_IN_FLIGHT = 20;

export type OutboxWorker = {
  /** Registers the handler of a job kind (once per kind, from the feature's plugin). */
  handle: (kind: string, handler: OutboxHandler) => void;
  /** Runs due jobs until none is left (tests, and `now` to jump past a back-off). Answers how many ran. */
  drain: (opts?: { now?: Date; maxRounds?: number }) => Promise<number>;
  /** Runs one round now (what the poller does). */
  tick: (now?: Date) => Promise<number>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable outbox worker of this instance (src/jobs/outbox.ts). */
    outbox: OutboxWorker;
  }
}

/**
 * Decorates the app with the outbox worker. It polls every `pollMs` (main.ts: 1 s; API tests: off, they call
 * drain()), on every instance: claims are row locks, so instances never run a job twice at once.
 */
export const outboxPlugin = fp(
  async (app: FastifyInstance, opts: { pollMs?: number }) => {
    const handlers = new Map<string, OutboxHandler>();
    const log = (msg: string, job: { id: number; kind: string; attempts: number }, err?: unknown) =>
      app.log.warn(
        { job: { id: job.id, kind: job.kind, attempts: job.attempts }, err: (err as Error)?.message },
        msg,
      );
    const tick = (now?: Date) => runOutboxOnce(app.database.db, handlers, { now, log });
    const worker: OutboxWorker = {
      handle: (kind, handler) => {
        if (handlers.has(kind)) throw new Error(`outbox: a handler for ${kind} is registered already`);
        handlers.set(kind, handler);
      },
      tick,
      drain: async ({ now, maxRounds = 50 } = {}) => {
        let total = 0;
        for (let i = 0; i < maxRounds; i += 1) {
          const ran = await tick(now);
          if (ran === 0) break;
          total += ran;
        }
        return total;
      },
    };
    app.decorate('outbox', worker);
    if (opts.pollMs && opts.pollMs > 0) {
      // Not rounds: up to OUTBOX_IN_FLIGHT jobs run at once, and every poll claims what room is left, so a
      // slow outside call (a courier's 10 s time-out) holds its own slot only, never a customer's payment
      // queued behind it (docs/decisions/foundation.md "Durable outbox").
      const inFlight = new Map<number, Promise<void>>();
      let claiming: Promise<void> | null = null;
      let stopping = false;
      // the last claim filled every free slot: more may be due, so a finished job claims again at once
      let backlog = false;
      const poll = () => {
        if (claiming || stopping) return;
        const room = OUTBOX_IN_FLIGHT - inFlight.size;
        if (room <= 0) return;
        const now = new Date();
        claiming = claimOutboxJobs(app.database.db, handlers, { now, limit: room })
          .then((jobs) => {
            backlog = jobs.length === room;
            for (const job of jobs) {
              const run = runOutboxJob(app.database.db, handlers, job, { now, log })
                .catch((err) =>
                  app.log.error({ err, job: { id: job.id, kind: job.kind } }, 'outbox job failed'),
                )
                .finally(() => {
                  inFlight.delete(job.id);
                  if (backlog) poll();
                });
              inFlight.set(job.id, run);
            }
          })
          .catch((err) => app.log.error({ err }, 'outbox poll failed'))
          .finally(() => {
            claiming = null;
          });
      };
      const timer = setInterval(poll, opts.pollMs);
      timer.unref();
      // Shutdown: nothing new is claimed; the jobs in flight may finish within SHUTDOWN_WAIT_MS, else their
      // claims are given back so another instance runs those jobs now, not after their lease.
      app.addHook('onClose', async () => {
        clearInterval(timer);
        stopping = true;
        await claiming;
        if (inFlight.size === 0) return;
        let wait: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.all(inFlight.values()),
          new Promise<void>((r) => {
            wait = setTimeout(r, SHUTDOWN_WAIT_MS);
          }),
        ]);
        clearTimeout(wait);
        const left = [...inFlight.keys()];
        if (left.length > 0)
          await releaseOutboxClaims(app.database.db, left).catch((err) =>
            app.log.warn({ err }, 'outbox: claims not released at shutdown (their lease runs out)'),
          );
      });
    }
  },
  { name: 'outbox' },
);
