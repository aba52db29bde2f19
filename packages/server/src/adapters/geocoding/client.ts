import { type Geocoder, GeocoderError, type LatLng } from './geocoder';

/**
 * The Google Maps Platform web services (Geocoding API, Distance Matrix API): plain HTTPS GETs with the key in
 * `key`, answers `{ status, results | rows }` (https://developers.google.com/maps/documentation/geocoding,
 * …/distance-matrix). `baseUrl` is https://maps.googleapis.com, or the simulator's URL.
 */
export const createGoogleGeocoder = (opts: {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
}): Geocoder => {
  const get = async (path: string, params: Record<string, string>) => {
    const url = new URL(path, opts.baseUrl);
    for (const [k, v] of Object.entries({ ...params, key: opts.apiKey, language: 'zh-TW', region: 'tw' }))
      url.searchParams.set(k, v);
    const res = await fetch(url, { signal: AbortSignal.timeout(opts.timeoutMs ?? 5_000) });
    if (!res.ok) throw new GeocoderError(`geocoding service answered ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const findAddress = async (address: string) => {
    const body = await get('/maps/api/geocode/json', { address });
    if (body.status === 'ZERO_RESULTS') return null;
    if (body.status !== 'OK') throw new GeocoderError(`geocoding status ${String(body.status)}`);
    const first = (body.results as { formatted_address?: string; geometry: { location: LatLng } }[])[0];
    if (!first) return null;
    const { lat, lng } = first.geometry.location;
    return { address: first.formatted_address ?? address, lat, lng };
  };
  return {
    geocode: async (address) => {
      const found = await findAddress(address);
      return found ? { lat: found.lat, lng: found.lng } : null;
    },
    findAddress,
    routeMeters: async (from, to) => {
      const body = await get('/maps/api/distancematrix/json', {
        origins: `${from.lat},${from.lng}`,
        destinations: `${to.lat},${to.lng}`,
        mode: 'driving',
      });
      if (body.status !== 'OK') throw new GeocoderError(`distance matrix status ${String(body.status)}`);
      const el = (body.rows as { elements: { status: string; distance?: { value: number } }[] }[])[0]
        ?.elements[0];
      return el?.status === 'OK' && el.distance ? el.distance.value : null;
    },
  };
};
