import type { TShopLocation } from '@shopdesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { GeocoderError } from '../../../adapters/geocoding';
import { type Db, queryRows } from '../../../db/client';
import { businesses } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { enqueueOutbox, type OutboxJob, PermanentFailure, RetryLater } from '../../../jobs/outbox';

/**
 * The shop's point (businesses.lat/lng) is its address as the geocoder places it (docs/decisions/delivery.md
 * "The shop's point"): delivery distances are measured from it, couriers pick up there. Every writer of
 * businesses.address calls `relocateShop` in the transaction of the write: the old point is cleared (it
 * belongs to the old address) and a geocoding job is queued, so the lookup happens exactly when the address
 * commits and is retried when the service fails.
 */
export const SHOP_GEOCODE_JOB = 'shop.geocode';

export const relocateShop = async (tx: Db, accountId: number, address: string) => {
  await tx.update(businesses).set({ lat: null, lng: null }).where(eq(businesses.id, accountId));
  // an empty address has no point to look up: the shop stays without one
  if (address.trim() === '') return;
  await enqueueOutbox(tx, { kind: SHOP_GEOCODE_JOB, accountId, payload: { accountId, address } });
};

/** The outbox handler: geocodes the address and stores the point if the shop still has that address. */
export const registerShopGeocodeJob = (app: FastifyInstance, db: Db) => {
  app.outbox.handle(SHOP_GEOCODE_JOB, async (job: OutboxJob) => {
    const { accountId, address } = job.payload as { accountId?: number; address?: string };
    if (typeof accountId !== 'number' || typeof address !== 'string')
      throw new PermanentFailure('malformed shop geocoding job');
    const [shop] = await db
      .select({ address: businesses.address })
      .from(businesses)
      .where(eq(businesses.id, accountId));
    // the shop is gone, or its address was edited again: that edit queued its own job (a later edit wins)
    if (!shop || shop.address !== address) return;
    if (!app.geocoder)
      throw new PermanentFailure(
        'no geocoding service configured (set GEOCODING_BASE_URL and GEOCODING_API_KEY): the shop has no point, its delivery distance cannot be checked',
      );
    let point: Awaited<ReturnType<NonNullable<typeof app.geocoder>['geocode']>>;
    try {
      point = await app.geocoder.geocode(address);
    } catch (err) {
      if (err instanceof GeocoderError) throw new RetryLater(err.message);
      throw err;
    }
    if (!point)
      throw new PermanentFailure(
        `ZERO_RESULTS: the geocoding service cannot place the address of shop ${accountId} (${address}); the shop has no point`,
      );
    // compare-and-set: an edit that committed while the service answered keeps its own (empty) point
    await db
      .update(businesses)
      .set({ lat: point.lat.toFixed(6), lng: point.lng.toFixed(6) })
      .where(and(eq(businesses.id, accountId), eq(businesses.address, address)));
  });
};

/**
 * The shop's point and why it has none (the Logistic tab tells the operator): the point, else the state of the
 * newest geocoding job of the shop's current address.
 */
export const readShopLocation = async (db: Db, accountId: number): Promise<TShopLocation> => {
  const rows = await queryRows<{
    address: string;
    lat: number | null;
    lng: number | null;
    status: string | null;
    last_error: string | null;
  }>(
    db,
    sql`select b.address, b.lat::float8 as lat, b.lng::float8 as lng, j.status, j.last_error
        from businesses b
        left join lateral (
          select status, last_error from outbox_jobs
          where account_id = b.id and kind = ${SHOP_GEOCODE_JOB} and payload->>'address' = b.address
          order by id desc limit 1
        ) j on true
        where b.id = ${accountId}`,
  );
  const row = rows[0];
  if (!row) throw notFound();
  const base = { address: row.address, lat: row.lat, lng: row.lng };
  if (row.lat !== null && row.lng !== null) return { ...base, state: 'placed' };
  if (row.address.trim() === '') return { ...base, state: 'noAddress' };
  if (row.status === 'pending' || row.status === 'running') return { ...base, state: 'locating' };
  if (row.status === 'dead')
    return { ...base, state: row.last_error?.startsWith('ZERO_RESULTS') ? 'notFound' : 'failed' };
  return { ...base, state: 'unknown' };
};
