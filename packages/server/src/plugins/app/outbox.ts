import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type OutboxHandler, releaseOutboxClaims, runOutboxOnce } from '../../jobs/outbox';

/** How long a shutdown waits for the outbox round in progress. */
const SHUTDOWN_WAIT_MS = 5_000;

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
      let current: Promise<unknown> | null = null;
      let claimed: number[] = [];
      const timer = setInterval(() => {
        if (current) return;
        claimed = [];
        current = runOutboxOnce(app.database.db, handlers, { log, onClaim: (ids) => (claimed = ids) })
          .catch((err) => app.log.error({ err }, 'outbox poll failed'))
          .finally(() => {
            current = null;
          });
      }, opts.pollMs);
      timer.unref();
      // Shutdown: no new round; the running one may finish within SHUTDOWN_WAIT_MS, else its
      // claims are given back so another instance runs those jobs now, not after their lease.
      app.addHook('onClose', async () => {
        clearInterval(timer);
        if (!current) return;
        let wait: NodeJS.Timeout | undefined;
        const finished = await Promise.race([
          current.then(() => true),
          new Promise<boolean>((r) => {
            wait = setTimeout(() => r(false), SHUTDOWN_WAIT_MS);
          }),
        ]);
        clearTimeout(wait);
        if (!finished)
          await releaseOutboxClaims(app.database.db, claimed).catch((err) =>
            app.log.warn({ err }, 'outbox: claims not released at shutdown (their lease runs out)'),
          );
      });
    }
  },
  { name: 'outbox' },
);
