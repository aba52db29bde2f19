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

/**
 * Taiwan's 22 cities and counties: the main postal code and a point near the centre of the built-up area
 * (WGS84). An address that is not in the table above but names one of them is placed inside it.
 */
export const TAIWAN_CITIES: readonly { city: string; zip: string; lat: number; lng: number }[] = [
  { city: '台北市', zip: '100', lat: 25.0375, lng: 121.5637 },
  { city: '新北市', zip: '220', lat: 25.0117, lng: 121.4658 },
  { city: '桃園市', zip: '330', lat: 24.9937, lng: 121.3009 },
  { city: '台中市', zip: '403', lat: 24.1477, lng: 120.6736 },
  { city: '台南市', zip: '700', lat: 22.9908, lng: 120.2133 },
  { city: '高雄市', zip: '800', lat: 22.6273, lng: 120.3014 },
  { city: '基隆市', zip: '200', lat: 25.1276, lng: 121.7392 },
  { city: '新竹市', zip: '300', lat: 24.8039, lng: 120.9647 },
  { city: '嘉義市', zip: '600', lat: 23.4801, lng: 120.4491 },
  { city: '新竹縣', zip: '302', lat: 24.8387, lng: 121.0177 },
  { city: '苗栗縣', zip: '360', lat: 24.5602, lng: 120.8214 },
  { city: '彰化縣', zip: '500', lat: 24.0809, lng: 120.5386 },
  { city: '南投縣', zip: '540', lat: 23.9096, lng: 120.6847 },
  { city: '雲林縣', zip: '640', lat: 23.7092, lng: 120.5431 },
  { city: '嘉義縣', zip: '612', lat: 23.4518, lng: 120.2555 },
  { city: '屏東縣', zip: '900', lat: 22.6727, lng: 120.488 },
  { city: '宜蘭縣', zip: '260', lat: 24.757, lng: 121.7533 },
  { city: '花蓮縣', zip: '970', lat: 23.9871, lng: 121.6015 },
  { city: '台東縣', zip: '950', lat: 22.7583, lng: 121.1444 },
  { city: '澎湖縣', zip: '880', lat: 23.5711, lng: 119.5793 },
  { city: '金門縣', zip: '893', lat: 24.4493, lng: 118.3765 },
  { city: '連江縣', zip: '209', lat: 26.1505, lng: 119.9499 },
];

/** Addresses compare without spaces, with 臺 read as 台. */
const key = (a: string) => a.replace(/\s+/g, '').replace(/臺/g, '台');

/** FNV-1a of a text: the same address always lands on the same point. */
const hash = (s: string) => {
  let h = 0x811c9dc5;
  for (const ch of s) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return h;
};

/**
 * A point for an address the table does not hold but whose city or county it names (a postal code and 台灣
 * before it are allowed): within about 2 km of the city's point, the same for the same address. null when no
 * city is named.
 */
export const placeInCity = (address: string) => {
  const want = key(address)
    .replace(/^\d{3,6}/, '')
    .replace(/^台灣/, '');
  const city = TAIWAN_CITIES.find((c) => want.startsWith(c.city));
  if (!city) return null;
  const h = hash(want);
  const dLat = (((h & 0xffff) / 0xffff) * 2 - 1) * 0.018;
  const dLng = (((h >>> 16) / 0xffff) * 2 - 1) * 0.018;
  return {
    zip: city.zip,
    lat: Number((city.lat + dLat).toFixed(6)),
    lng: Number((city.lng + dLng).toFixed(6)),
  };
};

/**
 * The simulator's answer for an address: a known demo address (ROOFTOP, `known`) or a point in the city it
 * names, or null (ZERO_RESULTS). The demo seed gives each shop this point, so a shop's point is the one the
 * geocoder gives its address (docs/decisions/delivery.md "The shop's point").
 */
export const simulatedPlace = (address: string) => {
  const want = key(address);
  const known = TAIWAN_ADDRESSES.find((a) => want.startsWith(key(a.address)));
  if (known) return { zip: known.zip, lat: known.lat, lng: known.lng, known: true };
  const inCity = placeInCity(want);
  return inCity ? { ...inCity, known: false } : null;
};

/**
 * A geocoding service speaking the Google Geocoding and Distance Matrix API shapes over the tables above:
 * an address that starts with a known one answers its point (ROOFTOP); any other address that names a Taiwan
 * city or county gets a point inside it (APPROXIMATE, the same for the same address); anything else is
 * ZERO_RESULTS with a message listing the known addresses. The key must be the configured one
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
    const hit = simulatedPlace(want);
    if (!hit)
      return {
        status: 'ZERO_RESULTS',
        results: [],
        error_message: `The simulator places addresses in a Taiwan city or county (台北市…連江縣); known demo addresses: ${TAIWAN_ADDRESSES.map((a) => a.address).join('、')}`,
      };
    return {
      status: 'OK',
      results: [
        {
          // as Google formats a Taiwan address in zh-TW: postal code, 台灣, then the address
          formatted_address: `${hit.zip}台灣${want.replace(/^\d{3,6}/, '').replace(/^台灣/, '')}`,
          geometry: {
            location: { lat: hit.lat, lng: hit.lng },
            location_type: hit.known ? 'ROOFTOP' : 'APPROXIMATE',
          },
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
