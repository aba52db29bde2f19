import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type OutboxHandler, runOutboxOnce } from '../../jobs/outbox';

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
      let busy = false;
      const timer = setInterval(() => {
        if (busy) return;
        busy = true;
        tick()
          .catch((err) => app.log.error({ err }, 'outbox poll failed'))
          .finally(() => {
            busy = false;
          });
      }, opts.pollMs);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }
  },
  { name: 'outbox' },
);
