import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { listenSimulator } from '../simulator-host';
import { createOrderWebhookClient, type OrderWebhook } from './client';
import { createOrderWebhookSimulator, type OrderWebhookSimulator, SIMULATOR_WEBHOOK_PATH } from './simulator';

export * from './client';
export type { OrderWebhookSimulator } from './simulator';
export { createOrderWebhookSimulator, SIMULATOR_WEBHOOK_PATH } from './simulator';

/**
 * The order webhook by configuration: MW_WEBHOOK_URL + MW_WEBHOOK_SECRET = the integration middleware;
 * unset outside production = the local receiver simulator with a fresh secret (logged); production without
 * it: null, and each delivery fails visibly in the outbox (never a silent pass).
 */
export const startOrderWebhook = async (
  app: FastifyInstance,
  cfg: { url?: string; secret?: string; nodeEnv: string },
): Promise<(OrderWebhook & { simulator?: OrderWebhookSimulator }) | null> => {
  if (cfg.url && cfg.secret) return createOrderWebhookClient({ url: cfg.url, secret: cfg.secret });
  if (cfg.nodeEnv === 'production') return null;
  const secret = randomBytes(24).toString('base64url');
  const simulator = createOrderWebhookSimulator(secret);
  const host = await listenSimulator(simulator.app, 0);
  app.addHook('onClose', host.close);
  app.log.warn({ url: host.url }, 'MW_WEBHOOK_URL unset: order webhooks go to the local receiver simulator');
  return { ...createOrderWebhookClient({ url: `${host.url}${SIMULATOR_WEBHOOK_PATH}`, secret }), simulator };
};
