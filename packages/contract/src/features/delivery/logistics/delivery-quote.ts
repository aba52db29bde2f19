import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import type { TDeliveryRule, TRulePoint } from './delivery-rules';

export type TLatLng = { lat: number; lng: number };

/** Great-circle distance in meters (haversine). */
export const haversineMeters = (a: TLatLng, b: TLatLng): number => {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
};

type TRing = { ring: [number, number][]; minX: number; maxX: number; minY: number; maxY: number };

/** GeoJSON ring ([lng, lat], closed) of a rule polygon (x = lat, y = lng) and its bounding box. */
const toRing = (points: readonly TRulePoint[]): TRing | null => {
  if (points.length < 3) return null;
  const ring = points.map((p) => [p.y, p.x] as [number, number]);
  const [fx, fy] = ring[0]!;
  const [lx, ly] = ring[ring.length - 1]!;
  if (fx !== lx || fy !== ly) ring.push([fx, fy]);
  if (ring.length < 4) return null;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const [x, y] of ring) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  return { ring, minX, maxX, minY, maxY };
};

/** Rules prepared once (rings and boxes) when many points are checked against the same rules. */
export type TPreparedRules = { rules: readonly TDeliveryRule[]; rings: (TRing | null)[][] };
export const prepareRules = (rules: readonly TDeliveryRule[]): TPreparedRules => ({
  rules,
  rings: rules.map((r) => (r.type === 'map' ? r.polygons.map(toRing) : [])),
});

/** Inside or on the edge (a point on a zone's border is inside: the courier can reach it). */
const inRing = (r: TRing, p: TLatLng) =>
  p.lng >= r.minX &&
  p.lng <= r.maxX &&
  p.lat >= r.minY &&
  p.lat <= r.maxY &&
  booleanPointInPolygon([p.lng, p.lat], { type: 'Polygon', coordinates: [r.ring] });

export type TDeliveryQuote =
  | {
      ok: true;
      /** Index of the matching rule in the list, and the rule. */
      index: number;
      rule: TDeliveryRule;
      /** NT$ added to the order. */
      charge: number;
      /** Minutes added to the delivery preparation time. */
      extraMinutes: number;
      /** Minimum items / amount of this rule (0 = none). */
      qtyMin: number;
      amountMin: number;
      /** Distance used for distance rules (straight line unless the caller measured the route). */
      distanceMeters: number | null;
    }
  | { ok: false; reason: 'OUTSIDE_DELIVERY_ZONE' | 'NO_SHOP_LOCATION'; distanceMeters: number | null };

/**
 * THE delivery-zone rule, used by order intake and the storefront's availability call alike:
 * the first rule in the shop's list that takes the point wins (the operator orders the list). A map rule
 * takes a point inside or on the edge of one of its polygons; a distance rule takes a point whose distance
 * from the shop is within [min, max] meters. `distanceMeters` is the route distance when the shop measures by
 * route and the caller has it; otherwise straight-line from `shopPoint`. Distance rules need the shop's point.
 */
export const deliveryQuote = (
  rules: readonly TDeliveryRule[] | TPreparedRules,
  point: TLatLng,
  shopPoint: TLatLng | null,
  opts: { distanceMeters?: number | null } = {},
): TDeliveryQuote => {
  const prepared = 'rings' in rules ? rules : prepareRules(rules);
  const distance = opts.distanceMeters ?? (shopPoint ? Math.round(haversineMeters(shopPoint, point)) : null);
  let needsShop = false;
  for (const [index, rule] of prepared.rules.entries()) {
    let hit = false;
    if (rule.type === 'map') hit = prepared.rings[index]!.some((r) => r !== null && inRing(r, point));
    else if (distance === null) needsShop = true;
    else hit = distance >= (rule.minDistanceInMeter ?? 0) && distance <= (rule.maxDistanceInMeter ?? 0);
    if (hit)
      return {
        ok: true,
        index,
        rule,
        charge: rule.deliveryCharge,
        extraMinutes: rule.additionalDeliveryTime ?? 0,
        qtyMin: rule.qtyLimit,
        amountMin: rule.amountLimit,
        distanceMeters: distance,
      };
  }
  return {
    ok: false,
    reason: needsShop ? 'NO_SHOP_LOCATION' : 'OUTSIDE_DELIVERY_ZONE',
    distanceMeters: distance,
  };
};
