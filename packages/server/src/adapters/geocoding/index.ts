import type { FastifyInstance } from 'fastify';
import { listenSimulator } from '../simulator-host';
import { createGoogleGeocoder } from './client';
import type { Geocoder } from './geocoder';
import { createGeocodingSimulator } from './simulator';

export type { Geocoder, LatLng } from './geocoder';
export { GeocoderError } from './geocoder';

/** The simulator's key in development and tests (it checks it like the real service). */
export const SIMULATOR_GEOCODING_KEY = 'sim-geocoding-key';

/**
 * The geocoder by configuration: GEOCODING_BASE_URL + GEOCODING_API_KEY = the real service (or any service
 * speaking its API); unset outside production = the simulator on a local port (started here, closed with
 * the app). Production without a key has no geocoder: addresses must come with a point (never a silent
 * pass: intake refuses an address it cannot place).
 */
export const startGeocoder = async (
  app: FastifyInstance,
  cfg: { baseUrl?: string; apiKey?: string; nodeEnv: string },
): Promise<Geocoder | null> => {
  if (cfg.baseUrl && cfg.apiKey) return createGoogleGeocoder({ baseUrl: cfg.baseUrl, apiKey: cfg.apiKey });
  if (cfg.nodeEnv === 'production') {
    // said at start-up, not only in each dead job: without it shops get no point (docs/decisions/delivery.md)
    app.log.warn(
      'no geocoding service (GEOCODING_BASE_URL + GEOCODING_API_KEY unset): delivery addresses need a map point and shops get no point, so their delivery distance limits refuse deliveries',
    );
    return null;
  }
  const sim = await listenSimulator(createGeocodingSimulator({ apiKey: SIMULATOR_GEOCODING_KEY }));
  app.addHook('onClose', async () => sim.close());
  return createGoogleGeocoder({ baseUrl: sim.url, apiKey: SIMULATOR_GEOCODING_KEY });
};
