import { healthOp, liveOp, readyOp } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import { type Database, PING_TIMEOUT_MS, pingDatabase } from '../../../db/client';
import { DB_RETRY_AFTER_S } from '../../../db/db-errors';
import { registerOperation } from '../../../http/operation';
import { migrationsApplied } from './migrations';

const VERSION = process.env.npm_package_version ?? '0.1.0';

/** The migrations check, bounded like the ping: a frozen database is "not ready", not a hanging probe. */
const boundedMigrations = async (database: Database) => {
  let timer: NodeJS.Timeout | undefined;
  const check = migrationsApplied(database);
  try {
    return await Promise.race([
      check,
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    check.catch(() => {});
  }
};

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

  // liveness is the process itself (an orchestrator restarts it when this stops answering)
  registerOperation(app, liveOp, async () => ({ status: 'ok' as const }));

  // readiness takes the instance out of a load balancer while it cannot or should not serve
  registerOperation(app, readyOp, async (_req, reply) => {
    const shuttingDown = app.lifecycle.draining;
    const database = await pingDatabase(opts.database).then(
      () => true,
      () => false,
    );
    const migrations = database && (await boundedMigrations(opts.database));
    const ready = database && migrations && !shuttingDown;
    reply.header('cache-control', 'no-store');
    if (!ready) reply.code(503).header('retry-after', String(DB_RETRY_AFTER_S));
    return { ready, database, migrations, shuttingDown };
  });
};
