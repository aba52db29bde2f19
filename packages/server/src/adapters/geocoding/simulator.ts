import { haversineMeters } from '@shopdesk/contract';
import Fastify from 'fastify';

/**
 * Real Taiwan addresses, their postal codes and coordinates (for development and tests; WGS84, from public map
 * data).
 */
export const TAIWAN_ADDRESSES: readonly { address: string; zip: string; lat: number; lng: number }[] = [
  { address: '台北市中正區北平西路3號', zip: '100', lat: 25.0478, lng: 121.517 }, // Taipei Main Station
  { address: '台北市信義區信義路五段7號', zip: '110', lat: 25.033964, lng: 121.564472 }, // Taipei 101
  { address: '台北市信義區市府路1號', zip: '110', lat: 25.037531, lng: 121.563694 }, // Taipei City Hall
  { address: '台北市大安區羅斯福路四段1號', zip: '106', lat: 25.017341, lng: 121.539752 }, // National Taiwan University
  { address: '台北市中山區中山北路二段', zip: '104', lat: 25.0606, lng: 121.5228 },
  { address: '台北市士林區基河路101號', zip: '111', lat: 25.0955, lng: 121.5155 }, // National Taiwan Science Education Center
  { address: '新北市板橋區縣民大道二段7號', zip: '220', lat: 25.0143, lng: 121.4637 }, // Banqiao Station
  { address: '新北市淡水區中正路', zip: '251', lat: 25.1697, lng: 121.4396 },
  { address: '桃園市大園區航站南路9號', zip: '337', lat: 25.0777, lng: 121.2328 }, // Taoyuan Airport
  { address: '新竹市東區中華路二段445號', zip: '300', lat: 24.8016, lng: 120.9717 }, // Hsinchu Station
  { address: '台中市中區台灣大道一段1號', zip: '400', lat: 24.1372, lng: 120.6869 }, // Taichung Station
  { address: '台南市北區北門路二段4號', zip: '704', lat: 22.9971, lng: 120.2127 }, // Tainan Station
  { address: '高雄市前金區中正四路211號', zip: '801', lat: 22.6273, lng: 120.2933 },
  { address: '高雄市三民區建國二路318號', zip: '807', lat: 22.6394, lng: 120.3025 }, // Kaohsiung Station
  { address: '花蓮縣花蓮市國聯一路100號', zip: '970', lat: 23.9929, lng: 121.6011 }, // Hualien Station
];

/** Addresses compare without spaces, with 臺 read as 台. */
const key = (a: string) => a.replace(/\s+/g, '').replace(/臺/g, '台');

/**
 * A geocoding service speaking the Google Geocoding and Distance Matrix API shapes over the table above:
 * an address that starts with a known one answers its point. The key must be the configured one
 * (REQUEST_DENIED otherwise, as Google answers). Route distance = straight line × 1.3 (town streets).
 * Test hooks: `failNext()` answers one 500, `overLimit()` one OVER_QUERY_LIMIT.
 */
export const createGeocodingSimulator = (opts: { apiKey: string }) => {
  const app = Fastify({ logger: false });
  let fail: 'none' | 'error' | 'limit' = 'none';
  const guard = (q: Record<string, string>) => {
    if (q.key !== opts.apiKey)
      return { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.' };
    if (fail === 'limit') {
      fail = 'none';
      return { status: 'OVER_QUERY_LIMIT', error_message: 'You have exceeded your rate-limit for this API.' };
    }
    return null;
  };
  app.addHook('onRequest', async (_req, reply) => {
    if (fail === 'error') {
      fail = 'none';
      return reply.code(500).send({ status: 'UNKNOWN_ERROR' });
    }
  });
  app.get('/maps/api/geocode/json', async (req) => {
    const q = req.query as Record<string, string>;
    const denied = guard(q);
    if (denied) return { ...denied, results: [] };
    if (!q.address) return { status: 'INVALID_REQUEST', results: [] };
    const want = key(q.address);
    const hit = TAIWAN_ADDRESSES.find((a) => want.startsWith(key(a.address)));
    if (!hit) return { status: 'ZERO_RESULTS', results: [] };
    return {
      status: 'OK',
      results: [
        {
          // as Google formats a Taiwan address in zh-TW: postal code, 台灣, then the address
          formatted_address: `${hit.zip}台灣${want}`,
          geometry: { location: { lat: hit.lat, lng: hit.lng }, location_type: 'ROOFTOP' },
        },
      ],
    };
  });
  app.get('/maps/api/distancematrix/json', async (req) => {
    const q = req.query as Record<string, string>;
    const denied = guard(q);
    if (denied) return { ...denied, rows: [] };
    const parse = (s: string | undefined) => {
      const [lat, lng] = (s ?? '').split(',').map(Number);
      return Number.isFinite(lat) && Number.isFinite(lng) ? { lat: lat!, lng: lng! } : null;
    };
    const from = parse(q.origins);
    const to = parse(q.destinations);
    if (!from || !to) return { status: 'INVALID_REQUEST', rows: [] };
    const meters = Math.round(haversineMeters(from, to) * 1.3);
    return {
      status: 'OK',
      rows: [
        {
          elements: [
            {
              status: 'OK',
              distance: { value: meters, text: `${(meters / 1000).toFixed(1)} km` },
              duration: { value: Math.round(meters / 6), text: '' },
            },
          ],
        },
      ],
    };
  });
  return Object.assign(app, {
    failNext: () => {
      fail = 'error';
    },
    overLimit: () => {
      fail = 'limit';
    },
  });
};
