import { msg, refusal } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import { type Geocoder, GeocoderError, type LatLng } from '../../../adapters/geocoding';
import type { Db } from '../../../db/client';
import { businesses, deliveryRules } from '../../../db/schema';
import { ApiError } from '../../../http/errors';

export const LOCATE_MESSAGES = {
  unavailable: msg(
    '暫時無法確認外送地址，請稍後再試',
    'The delivery address cannot be checked right now, please retry',
  ),
};

export type LocatedDelivery = { point: LatLng; routeMeters: number | null };

/**
 * Where a delivery goes: the storefront's point, or the address through the geocoder. When the
 * shop measures by route (logistic_distance_type 'route', spec 001 §3) and has distance rules, the route
 * distance is asked of the same service; if that fails the straight line is used (logged by the caller's
 * request). An address the service cannot place is refused (400), a failing service answers 503.
 */
export const locateDelivery = async (
  db: Db,
  geocoder: Geocoder | null,
  accountId: number,
  delivery: { address: string; lat?: number; lng?: number },
  log?: { warn: (o: object, m: string) => void },
): Promise<LocatedDelivery> => {
  let point: LatLng | null =
    delivery.lat !== undefined && delivery.lng !== undefined
      ? { lat: delivery.lat, lng: delivery.lng }
      : null;
  if (!point) {
    if (!geocoder) throw new ApiError(400, 'ADDRESS_NOT_FOUND', refusal('ADDRESS_NOT_FOUND').message);
    try {
      point = await geocoder.geocode(delivery.address);
    } catch (err) {
      if (!(err instanceof GeocoderError) && !(err instanceof Error)) throw err;
      throw new ApiError(503, 'GEOCODING_UNAVAILABLE', LOCATE_MESSAGES.unavailable);
    }
    if (!point) throw new ApiError(400, 'ADDRESS_NOT_FOUND', refusal('ADDRESS_NOT_FOUND').message);
  }
  let routeMeters: number | null = null;
  if (geocoder) {
    const [shop] = await db
      .select({ type: businesses.logisticDistanceType, lat: businesses.lat, lng: businesses.lng })
      .from(businesses)
      .where(eq(businesses.accountId, accountId));
    if (shop?.type === 'route' && shop.lat !== null && shop.lng !== null) {
      const [rule] = await db
        .select({ id: deliveryRules.id })
        .from(deliveryRules)
        .where(eq(deliveryRules.accountId, accountId))
        .limit(1);
      if (rule)
        routeMeters = await geocoder
          .routeMeters({ lat: Number(shop.lat), lng: Number(shop.lng) }, point)
          .catch((err: unknown) => {
            log?.warn({ err, accountId }, 'route distance failed, using the straight line');
            return null;
          });
    }
  }
  return { point, routeMeters };
};
