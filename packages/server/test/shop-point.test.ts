// The shop's point is its address as the geocoder places it (docs/decisions/delivery.md "The shop's point"):
// an address edit queues a geocoding job in the outbox; the job writes the point if the address is still the
// one it looked up; an address the service cannot place leaves the shop without a point.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ORDER_REFUSALS, type TBusinessData } from '@shopdesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { simulatedPlace } from '../src/adapters/geocoding/simulator';
import { businesses, outboxJobs } from '../src/db/schema';
import { SHOP_GEOCODE_JOB } from '../src/features/shops/shop-profile/shop-point';
import { build } from './helpers';
import { openShop, storefrontUrl } from './storefront-fixtures';

const t = await build();
const eaa = await t.signedIn('eaa');

const shopUrl = (id: number) => `/console/apis/eaa/shops/${id}`;
const editAddress = async (id: number, address: string) => {
  const got = await t.app.inject({ method: 'GET', url: shopUrl(id), headers: eaa.headers });
  expect(got.statusCode, got.body).toBe(200);
  const businessData: TBusinessData = { ...got.json().businessData, businessAddress: address };
  const res = await t.app.inject({
    method: 'PUT',
    url: shopUrl(id),
    headers: eaa.headers,
    payload: { businessData },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const pointOf = async (id: number) => {
  const [b] = await t.db
    .select({ lat: businesses.lat, lng: businesses.lng })
    .from(businesses)
    .where(eq(businesses.id, id));
  return b!.lat === null || b!.lng === null ? null : { lat: Number(b!.lat), lng: Number(b!.lng) };
};
const locationOf = async (id: number, app = t.app, who = eaa) => {
  const res = await app.inject({
    method: 'GET',
    url: `/console/apis/eaa/shops/${id}/logistic-settings`,
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().shopLocation as { state: string; address: string; lat: number | null };
};
const deliveryTo = (id: number, productId: number, address: string) =>
  t.app.inject({
    method: 'POST',
    url: storefrontUrl(id, '/availability'),
    payload: { mealType: 'delivery', paymentMethod: 'cash', items: [{ productId, quantity: 1 }], address },
  });

// what the shop edit form requires besides the address
const PROFILE = { email: 'shop@example.com', phone: '02-2345-6789' };
const HOME = '台北市大安區英才路47號';
// Tamsui: about 18 km from central Taipei, beyond a 3 km limit
const FAR = '新北市淡水區中正路';

describe('an address edit moves the shop to the point the geocoder gives that address', () => {
  it('the point follows the new address; its own address is within 3 km, Tamsui is TOO_FAR', async () => {
    // a point unrelated to the address (as the demo seed used to draw): Kaohsiung
    const s = await openShop(t, eaa, {
      ...PROFILE,
      address: '台北市信義區市府路1號',
      lat: '22.627300',
      lng: '120.301400',
    });
    await editAddress(s.accountId, HOME);
    // the old point belonged to the old address: cleared with the edit, set by the job
    expect(await pointOf(s.accountId)).toBeNull();
    // the Logistic tab says why distances cannot be measured yet
    expect(await locationOf(s.accountId)).toMatchObject({ state: 'locating', address: HOME, lat: null });
    await t.app.outbox.drain();
    const want = simulatedPlace(HOME)!;
    expect(await pointOf(s.accountId)).toEqual({ lat: want.lat, lng: want.lng });
    expect(await locationOf(s.accountId)).toMatchObject({ state: 'placed', lat: want.lat });

    const home = await deliveryTo(s.accountId, s.productId, HOME);
    expect(home.statusCode, home.body).toBe(200);
    expect(home.json().blocking).toBeNull();
    const far = await deliveryTo(s.accountId, s.productId, FAR);
    expect(far.json().blocking?.code, far.body).toBe('TOO_FAR');
  });

  it('a job for an address edited again does not overwrite the newer address: the later edit wins', async () => {
    const s = await openShop(t, eaa, { ...PROFILE, address: '台北市信義區市府路1號' });
    await editAddress(s.accountId, FAR);
    await editAddress(s.accountId, HOME);
    const jobs = await t.db
      .select({ payload: outboxJobs.payload })
      .from(outboxJobs)
      .where(and(eq(outboxJobs.kind, SHOP_GEOCODE_JOB), eq(outboxJobs.accountId, s.accountId)));
    expect(jobs.map((j) => j.payload.address)).toEqual([FAR, HOME]);
    // the newer address is placed first, the stale job runs after it (a retry, a slow instance)
    const later = new Date(Date.now() + 3_600_000);
    await t.db
      .update(outboxJobs)
      .set({ runAt: later })
      .where(and(eq(outboxJobs.kind, SHOP_GEOCODE_JOB), sql`${outboxJobs.payload}->>'address' = ${FAR}`));
    await t.app.outbox.drain();
    await t.app.outbox.drain({ now: new Date(later.getTime() + 60_000) });
    const [stale] = await t.db
      .select({ status: outboxJobs.status })
      .from(outboxJobs)
      .where(and(eq(outboxJobs.kind, SHOP_GEOCODE_JOB), sql`${outboxJobs.payload}->>'address' = ${FAR}`));
    expect(stale!.status).toBe('done');
    const want = simulatedPlace(HOME)!;
    expect(await pointOf(s.accountId)).toEqual({ lat: want.lat, lng: want.lng });
  });

  it('an address the service cannot place leaves the point empty; the job is dead with ZERO_RESULTS', async () => {
    const s = await openShop(t, eaa, { ...PROFILE, address: '台北市信義區市府路1號' });
    await editAddress(s.accountId, 'Nowhere Lane 1');
    await t.app.outbox.drain();
    expect(await pointOf(s.accountId)).toBeNull();
    const [job] = await t.db
      .select({ status: outboxJobs.status, lastError: outboxJobs.lastError })
      .from(outboxJobs)
      .where(and(eq(outboxJobs.kind, SHOP_GEOCODE_JOB), eq(outboxJobs.accountId, s.accountId)));
    expect(job).toMatchObject({ status: 'dead' });
    expect(job!.lastError).toContain('ZERO_RESULTS');
    expect(await locationOf(s.accountId)).toMatchObject({ state: 'notFound', address: 'Nowhere Lane 1' });
    // its 3 km limit cannot be judged: deliveries are refused with the reason, not accepted unmeasured
    const refused = await deliveryTo(s.accountId, s.productId, HOME);
    expect(refused.json().blocking, refused.body).toMatchObject({
      code: 'SHOP_LOCATION_UNKNOWN',
      message: ORDER_REFUSALS.SHOP_LOCATION_UNKNOWN.zh,
    });
    // a shop without a distance limit does not need its point
    await t.db.update(businesses).set({ deliveryDistanceTh: '0' }).where(eq(businesses.id, s.accountId));
    const open = await deliveryTo(s.accountId, s.productId, HOME);
    expect(open.json().blocking, open.body).toBeNull();
  });
});

describe('no geocoding service configured (production without GEOCODING_*)', () => {
  it('the job fails for good saying so, the point stays empty and the Logistic tab says it failed', async () => {
    const bare = await build({ geocoder: null, manualClose: true });
    try {
      const owner = await bare.signedIn('eaa');
      const s = await openShop(bare, owner, { ...PROFILE, address: '台北市信義區市府路1號' });
      const got = await bare.app.inject({ method: 'GET', url: shopUrl(s.accountId), headers: owner.headers });
      const businessData = { ...got.json().businessData, businessAddress: HOME };
      const put = await bare.app.inject({
        method: 'PUT',
        url: shopUrl(s.accountId),
        headers: owner.headers,
        payload: { businessData },
      });
      expect(put.statusCode, put.body).toBe(200);
      await bare.app.outbox.drain();
      const [job] = await bare.db
        .select({ status: outboxJobs.status, lastError: outboxJobs.lastError })
        .from(outboxJobs)
        .where(eq(outboxJobs.kind, SHOP_GEOCODE_JOB));
      expect(job).toMatchObject({ status: 'dead' });
      expect(job!.lastError).toContain('no geocoding service configured');
      expect(await locationOf(s.accountId, bare.app, owner)).toMatchObject({ state: 'failed', lat: null });
    } finally {
      await bare.close();
    }
  });
});

describe('shops saved before their point was geocoded (migration 0055)', () => {
  it('each shop with an address and no point gets one geocoding job, once; a shop with a point gets none', async () => {
    const backfill = readFileSync(
      fileURLToPath(new URL('../drizzle/0055_shop_points_backfill.sql', import.meta.url)),
      'utf8',
    );
    const old = await openShop(t, eaa, { ...PROFILE, address: HOME });
    const placed = await openShop(t, eaa, { ...PROFILE, address: '台北市信義區市府路1號' });
    await t.app.outbox.drain();
    // as a shop saved before this change: an address, no point, no job of its own
    await t.db.update(businesses).set({ lat: null, lng: null }).where(eq(businesses.id, old.accountId));
    await t.db.delete(outboxJobs).where(eq(outboxJobs.kind, SHOP_GEOCODE_JOB));
    await t.db.execute(sql.raw(backfill));
    await t.db.execute(sql.raw(backfill));
    const jobs = await t.db
      .select({ accountId: outboxJobs.accountId })
      .from(outboxJobs)
      .where(eq(outboxJobs.kind, SHOP_GEOCODE_JOB));
    expect(jobs.map((j) => j.accountId)).toContain(old.accountId);
    expect(jobs.map((j) => j.accountId)).not.toContain(placed.accountId);
    expect(jobs.filter((j) => j.accountId === old.accountId)).toHaveLength(1);
    await t.app.outbox.drain();
    const want = simulatedPlace(HOME)!;
    expect(await pointOf(old.accountId)).toEqual({ lat: want.lat, lng: want.lng });
  });
});
