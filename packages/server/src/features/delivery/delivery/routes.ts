import type { FastifyInstance } from 'fastify';
import { type DeliveryVendor, startDeliveryVendor } from '../../../adapters/delivery';
import type { Db } from '../../../db/client';
import { registerCourierJobs } from './courier';
import { deliveryWebhookRoute, LALAMOVE_WEBHOOK_PATH } from './webhook';

/**
 * Couriers for delivery orders: the vendor adapter by configuration (or the test's), the outbox
 * jobs that request and cancel couriers (courier.ts), and the vendor's status webhook (webhook.ts).
 */
export const deliveryRoutes = async (
  app: FastifyInstance,
  opts: { db: Db; vendor?: DeliveryVendor | null },
) => {
  const cfg = app.appConfig;
  const vendor =
    opts.vendor !== undefined
      ? opts.vendor
      : await startDeliveryVendor(app, {
          baseUrl: cfg.lalamoveBaseUrl,
          apiKey: cfg.lalamoveApiKey,
          apiSecret: cfg.lalamoveApiSecret,
          nodeEnv: cfg.nodeEnv,
          stepMs: cfg.deliverySimStepMs ?? 20_000,
          webhookPath: LALAMOVE_WEBHOOK_PATH,
        });
  if (!vendor) app.log.warn('LALAMOVE_BASE_URL unset: delivery orders get no courier');
  registerCourierJobs(app, opts.db, vendor, app.log);
  await deliveryWebhookRoute(app, { db: opts.db, vendor });
};
