import type { FastifyInstance } from 'fastify';
import { listenSimulator } from '../simulator-host';
import { createLineSpotClient } from './client';
import type { LineSpotApi, Spot } from './line-spot-api';
import { createLineSpotSimulator, type LineSpotSimulator } from './simulator';

export { createLineSpotClient } from './client';
export * from './line-spot-api';
export { createLineSpotSimulator, type LineSpotSimulator, SIMULATOR_PROVIDERS } from './simulator';

/** The directory this console talks to; `simulator` when it is the local one (development, tests). */
export type LineSpotDirectory = LineSpotApi & { simulator?: LineSpotSimulator };

/** The simulator's partner token (it checks it like the real service). */
export const SIMULATOR_LINE_SPOT_TOKEN = 'sim-line-spot-token';

/**
 * LINE SPOT by configuration: LINE_SPOT_BASE_URL + LINE_SPOT_API_TOKEN = the service (or anything speaking
 * its API); unset outside production = the simulator on a local port, preloaded with `initial` (what this
 * console uploaded before, so a restart keeps the demo consistent), closed with the app. Production without
 * it: null, and every directory call answers 503 (never a silent pass).
 */
export const startLineSpot = async (
  app: FastifyInstance,
  cfg: { baseUrl?: string; token?: string; nodeEnv: string; initial?: () => Promise<Spot[]> },
): Promise<LineSpotDirectory | null> => {
  if (cfg.baseUrl && cfg.token) return createLineSpotClient({ baseUrl: cfg.baseUrl, token: cfg.token });
  if (cfg.nodeEnv === 'production') return null;
  const simulator = createLineSpotSimulator({
    token: SIMULATOR_LINE_SPOT_TOKEN,
    initial: cfg.initial ? await cfg.initial() : [],
  });
  const host = await listenSimulator(simulator);
  app.addHook('onClose', async () => host.close());
  return {
    ...createLineSpotClient({ baseUrl: host.url, token: SIMULATOR_LINE_SPOT_TOKEN }),
    simulator,
  };
};
