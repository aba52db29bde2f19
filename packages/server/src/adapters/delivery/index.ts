import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { listenSimulator } from '../simulator-host';
import { createLalamoveClient } from './client';
import type { DeliveryApi } from './delivery-api';
import { createDeliverySimulator, type DeliverySimulator } from './simulator';

export * from './delivery-api';

/** The platform's courier account at the vendor: the client, and the key and secret its webhooks are signed with. */
export type DeliveryVendor = {
  api: DeliveryApi;
  apiKey: string;
  apiSecret: string;
  /** A client of the same service for another account (a shop's own vendor account, 自有物流). */
  clientFor?: (apiKey: string, apiSecret: string) => DeliveryApi;
  /** The local simulator when no vendor is configured (development, tests, demo). */
  simulator?: DeliverySimulator;
};

/** The simulator's platform key (development, the browser tests' server). */
export const SIMULATOR_LALAMOVE_KEY = 'pk_sim_shopdesk';

/**
 * The delivery vendor by configuration: LALAMOVE_BASE_URL + LALAMOVE_API_KEY + LALAMOVE_API_SECRET = Lalamove
 * (sandbox or production) or any service speaking its API v3; unset outside production = the simulator on a
 * local port with a fresh secret, whose webhooks go to this server once it listens (`webhookPath`) and which
 * moves each delivery one step every `stepMs` (DELIVERY_SIM_STEP_MS; 0 = only by hand). Production without
 * it: null (courier requests fail visibly in the delivery log, never a silent pass).
 */
export const startDeliveryVendor = async (
  app: FastifyInstance,
  cfg: {
    baseUrl?: string;
    apiKey?: string;
    apiSecret?: string;
    nodeEnv: string;
    stepMs: number;
    webhookPath: string;
  },
): Promise<DeliveryVendor | null> => {
  if (cfg.baseUrl && cfg.apiKey && cfg.apiSecret)
    return {
      api: createLalamoveClient({ baseUrl: cfg.baseUrl, apiKey: cfg.apiKey, apiSecret: cfg.apiSecret }),
      apiKey: cfg.apiKey,
      apiSecret: cfg.apiSecret,
      clientFor: (apiKey, apiSecret) => createLalamoveClient({ baseUrl: cfg.baseUrl!, apiKey, apiSecret }),
    };
  if (cfg.nodeEnv === 'production') return null;
  const apiSecret = randomBytes(24).toString('hex');
  const simulator = createDeliverySimulator({ accounts: { [SIMULATOR_LALAMOVE_KEY]: apiSecret } });
  const host = await listenSimulator(simulator);
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (typeof address !== 'object' || !address) return;
    const h =
      address.family === 'IPv6'
        ? `[${address.address === '::' ? '::1' : address.address}]`
        : address.address === '0.0.0.0'
          ? '127.0.0.1'
          : address.address;
    simulator.setWebhookUrl(`http://${h}:${address.port}${cfg.webhookPath}`);
    simulator.autoAdvance(cfg.stepMs);
  });
  app.addHook('onClose', async () => host.close());
  return {
    api: createLalamoveClient({ baseUrl: host.url, apiKey: SIMULATOR_LALAMOVE_KEY, apiSecret }),
    apiKey: SIMULATOR_LALAMOVE_KEY,
    apiSecret,
    clientFor: (key, secret) => createLalamoveClient({ baseUrl: host.url, apiKey: key, apiSecret: secret }),
    simulator,
  };
};
