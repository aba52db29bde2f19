import { healthOp } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import { type Database, pingDatabase } from '../../db/client';
import { DB_RETRY_AFTER_S } from '../../db/db-errors';
import { registerOperation } from '../../http/operation';

const VERSION = process.env.npm_package_version ?? '0.1.0';

export const healthRoutes = async (app: FastifyInstance, opts: { database: Database }) => {
  registerOperation(app, healthOp, async (_req, reply) => {
    // a lost LISTEN connection is re-opened within seconds and nothing is missed: reported, not a 503
    const orderFeed = { listening: app.orderFeed.listening(), boards: app.orderFeed.size() };
    try {
      const latencyMs = await pingDatabase(opts.database);
      return {
        status: 'ok' as const,
        database: { reachable: true, driver: opts.database.driver, latencyMs },
        orderFeed,
        version: VERSION,
      };
    } catch {
      // the database does not answer within PING_TIMEOUT_MS: a load balancer takes this instance out
      reply.code(503).header('retry-after', String(DB_RETRY_AFTER_S));
      return {
        status: 'degraded' as const,
        database: { reachable: false, driver: opts.database.driver, latencyMs: -1 },
        orderFeed,
        version: VERSION,
      };
    }
  });
};
