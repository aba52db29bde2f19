import { COMMON_MESSAGES, ERROR_CODES } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Seconds a client waits before it repeats a request this instance refused while shutting down. */
export const SHUTDOWN_RETRY_AFTER_S = 1;

export type Lifecycle = {
  /** True from SIGTERM on: readiness answers 503 and new requests are refused with a retryable 503. */
  readonly draining: boolean;
  /** Starts draining (main.ts on SIGTERM/SIGINT, before app.close()). */
  beginDrain: () => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's life (plugins/app/lifecycle.ts): draining during a graceful shutdown. */
    lifecycle: Lifecycle;
  }
}

/** Health checks still answer while draining: readiness says 503 itself, liveness stays 200. */
const HEALTH = /^\/console\/apis\/health(\/|\?|$)/;

/**
 * Graceful shutdown, the request side. While draining, a request that arrives (a new connection
 * before the listener closes, or the next request on a kept-alive one) is answered 503 + Retry-After +
 * `Connection: close` before any handler runs, so the client repeats it at another instance; requests
 * already inside a handler finish. Every answer while draining closes its connection.
 */
export const lifecyclePlugin = fp(
  async (app: FastifyInstance) => {
    let draining = false;
    app.decorate('lifecycle', {
      get draining() {
        return draining;
      },
      beginDrain: () => {
        draining = true;
      },
    });
    // callback-style hooks: no promise per request (docs/decisions/foundation.md "Shop list speed at 100,000 shops: Hooks without promises")
    app.addHook('onRequest', (req, reply, done) => {
      if (!draining) return done();
      reply.header('connection', 'close');
      if (HEALTH.test(req.url)) return done();
      // answered here: the request goes no further (done is not called)
      reply
        .code(503)
        .header('retry-after', String(SHUTDOWN_RETRY_AFTER_S))
        .header('cache-control', 'no-store')
        .send({
          error: {
            code: ERROR_CODES.unavailable,
            message: COMMON_MESSAGES.unavailable.zh,
            messageEn: COMMON_MESSAGES.unavailable.en,
          },
        });
    });
    app.addHook('onSend', (_req, reply, payload, done) => {
      if (draining) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'lifecycle' },
);
