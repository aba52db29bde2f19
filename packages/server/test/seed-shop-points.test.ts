import { describe, expect, it } from 'vitest';
import { businesses } from '../src/db/schema';
import { seedDemo } from '../src/seed/seed';
import { build } from './helpers';

// A demo shop stands where the geocoder places its address (docs/decisions/delivery.md "The shop's point"):
// its own address is inside its own delivery distance, and the seeded zones and delivery orders surround it.
describe('demo shops seed', async () => {
  const t = await build();
  await seedDemo(t.db, { shops: 24, orders: 0 });

  it("every demo shop's point is the geocoder's answer for its address", async () => {
    const shops = await t.db
      .select({ id: businesses.id, address: businesses.address, lat: businesses.lat, lng: businesses.lng })
      .from(businesses);
    expect(shops.length).toBeGreaterThanOrEqual(24);
    for (const s of shops) {
      const placed = await t.app.geocoder!.geocode(s.address);
      expect(placed, s.address).not.toBeNull();
      expect({ id: s.id, lat: Number(s.lat), lng: Number(s.lng) }).toEqual({ id: s.id, ...placed });
    }
  });
});
