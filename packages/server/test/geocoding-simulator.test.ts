// The geocoding simulator (dev and tests): a developer may type any Taiwan address. Known demo addresses keep
// their real point; any other address naming a city or county gets a point inside it, the same each time;
// anything else is ZERO_RESULTS with the list of demo addresses (docs/decisions/delivery.md "Geocoding simulator").
import { haversineMeters } from '@shopdesk/contract';
import { describe, expect, it } from 'vitest';
import {
  createGeocodingSimulator,
  TAIWAN_ADDRESSES,
  TAIWAN_CITIES,
} from '../src/adapters/geocoding/simulator';

const sim = createGeocodingSimulator({ apiKey: 'k' });
const geocode = async (address: string) =>
  (await sim.inject({ url: `/maps/api/geocode/json?key=k&address=${encodeURIComponent(address)}` })).json();

describe('the geocoding simulator places any Taiwan address', () => {
  it('a known demo address answers its real point (ROOFTOP)', async () => {
    const res = await geocode('台北市信義區市府路1號');
    expect(res.status).toBe('OK');
    expect(res.results[0].geometry).toEqual({
      location: { lat: 25.037531, lng: 121.563694 },
      location_type: 'ROOFTOP',
    });
  });

  it('another address in a city lands inside that city, the same point every time', async () => {
    for (const [address, city] of [
      ['台北市萬華區西園路二段 261 號', '台北市'],
      ['臺中市西屯區台灣大道三段 99 號', '台中市'],
      ['407台灣台中市西屯區市政路 1 號', '台中市'],
      ['宜蘭縣羅東鎮中正路 1 號', '宜蘭縣'],
    ] as const) {
      const a = await geocode(address);
      expect(a.status, address).toBe('OK');
      expect(a.results[0].geometry.location_type).toBe('APPROXIMATE');
      const c = TAIWAN_CITIES.find((x) => x.city === city)!;
      expect(haversineMeters(a.results[0].geometry.location, c)).toBeLessThan(3_000);
      expect(a.results[0].formatted_address.startsWith(`${c.zip}台灣`)).toBe(true);
      expect((await geocode(address)).results[0].geometry.location).toEqual(a.results[0].geometry.location);
    }
    const one = (await geocode('台北市大同區迪化街一段 1 號')).results[0].geometry.location;
    const two = (await geocode('台北市大同區迪化街一段 2 號')).results[0].geometry.location;
    expect(one).not.toEqual(two);
  });

  it('an address naming no Taiwan city is ZERO_RESULTS with the demo addresses listed', async () => {
    const res = await geocode('火星市奧林帕斯山1號');
    expect(res.status).toBe('ZERO_RESULTS');
    for (const a of TAIWAN_ADDRESSES) expect(res.error_message).toContain(a.address);
  });
});
