import { DOMParser } from '@xmldom/xmldom';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import {
  checkDeliveryRule,
  checkOrder,
  closePolygon,
  DELIVERY_RULE_MESSAGES,
  deliveryQuote,
  haversineMeters,
  normaliseRule,
  ORDER_REFUSALS,
  prepareRules,
  quoteOrder,
  ruleSubmitMessage,
  type TDeliveryRule,
  type TOrderCheck,
  type TRuleDraft,
} from '../src';
import { readMapFile } from '../src/features/delivery/logistics/map-file';
import { check, NOON } from './storefront-fixture';

const M = DELIVERY_RULE_MESSAGES;
const shop = { lat: 25.0478, lng: 121.517 }; // Taipei Main Station
// a square of about 1.1 km around the station: x = latitude, y = longitude (spec 001 §3)
const square = [
  { x: 25.04, y: 121.51 },
  { x: 25.04, y: 121.52 },
  { x: 25.05, y: 121.52 },
  { x: 25.05, y: 121.51 },
];
const rule = (r: Partial<TDeliveryRule>): TDeliveryRule => ({
  type: 'map',
  name: 'zone',
  polygons: [],
  minDistanceInMeter: null,
  maxDistanceInMeter: null,
  deliveryCharge: 0,
  additionalDeliveryTime: 0,
  qtyLimit: 0,
  amountLimit: 0,
  ...r,
});
const draft = (r: Partial<TRuleDraft>): TRuleDraft =>
  rule({ type: 'distance', ...r } as TDeliveryRule) as TRuleDraft;

// spec 001 §5 "Delivery rule"
describe('checkDeliveryRule', () => {
  const ok = draft({ minDistanceInMeter: 0, maxDistanceInMeter: 3000, additionalDeliveryTime: 10 });
  it('a complete distance rule passes', () => expect(checkDeliveryRule(ok, 'v2')).toEqual([]));
  it('additional time required, whole, >= 0 on v2 only', () => {
    expect(checkDeliveryRule({ ...ok, additionalDeliveryTime: null }, 'v2')).toEqual([
      { field: 'additionalDeliveryTime', message: M.required },
    ]);
    expect(checkDeliveryRule({ ...ok, additionalDeliveryTime: 1.5 }, 'v2')[0]?.message).toBe(M.integerMin0);
    expect(checkDeliveryRule({ ...ok, additionalDeliveryTime: -1 }, 'v2')[0]?.message).toBe(M.integerMin0);
    expect(checkDeliveryRule({ ...ok, additionalDeliveryTime: null }, 'v1')).toEqual([]);
  });
  it('min and max required unless map, whole, max >= min', () => {
    expect(checkDeliveryRule({ ...ok, minDistanceInMeter: undefined }, 'v2')[0]).toEqual({
      field: 'minDistanceInMeter',
      message: M.required,
    });
    expect(checkDeliveryRule({ ...ok, maxDistanceInMeter: null }, 'v2')[0]?.field).toBe('maxDistanceInMeter');
    expect(checkDeliveryRule({ ...ok, minDistanceInMeter: 2.5 }, 'v2')[0]?.message).toBe(M.integerMin0);
    expect(checkDeliveryRule({ ...ok, minDistanceInMeter: 5000 }, 'v2')).toEqual([
      { field: 'maxDistanceInMeter', message: M.maxBelowMin },
    ]);
    expect(checkDeliveryRule({ ...ok, minDistanceInMeter: 3000 }, 'v2')).toEqual([]);
  });
  it('a map rule needs a name and a polygon; the form says "draw the map area"', () => {
    const map = draft({ type: 'map', name: '', additionalDeliveryTime: 0 });
    const problems = checkDeliveryRule(map, 'v2');
    expect(problems.map((p) => p.field)).toEqual(['name', 'polygons']);
    expect(ruleSubmitMessage(problems)).toBe(M.drawMap);
    expect(ruleSubmitMessage(checkDeliveryRule({ ...map, polygons: [square] }, 'v2'))).toBe(M.checkFields);
    expect(checkDeliveryRule({ ...map, name: 'A', polygons: [square] }, 'v2')).toEqual([]);
  });
  it('a two-point polygon is no area', () =>
    expect(
      checkDeliveryRule(draft({ type: 'map', name: 'A', polygons: [square.slice(0, 2)] }), 'v2')[0]?.field,
    ).toBe('polygons'));
});

describe('closePolygon and normaliseRule', () => {
  it('closes by repeating the first point, once', () => {
    const closed = closePolygon(square);
    expect(closed).toHaveLength(5);
    expect(closed[4]).toEqual(square[0]);
    expect(closePolygon(closed)).toEqual(closed);
  });
  it('computes km from meters on distance rules and drops polygons there', () => {
    const r = normaliseRule(
      rule({ type: 'distance', minDistanceInMeter: 500, maxDistanceInMeter: 2500, polygons: [square] }),
    );
    expect(r).toMatchObject({ minDistance: 0.5, maxDistance: 2.5, polygons: [] });
    const m = normaliseRule(rule({ polygons: [square], minDistanceInMeter: 3 }));
    expect(m.polygons[0]).toHaveLength(5);
    expect(m.minDistanceInMeter).toBeNull();
  });
});

// one function for order intake and the availability panel
describe('deliveryQuote', () => {
  const zone = rule({
    name: 'station',
    polygons: [closePolygon(square)],
    deliveryCharge: 60,
    additionalDeliveryTime: 15,
    amountLimit: 300,
  });
  it('a point inside a map rule gets its charge, time and limits', () =>
    expect(deliveryQuote([zone], { lat: 25.045, lng: 121.515 }, shop)).toMatchObject({
      ok: true,
      index: 0,
      charge: 60,
      extraMinutes: 15,
      amountMin: 300,
    }));
  it('points on an edge and on a corner are inside', () => {
    expect(deliveryQuote([zone], { lat: 25.04, lng: 121.515 }, shop).ok).toBe(true);
    expect(deliveryQuote([zone], { lat: 25.05, lng: 121.52 }, shop).ok).toBe(true);
  });
  it('just outside an edge is outside', () =>
    expect(deliveryQuote([zone], { lat: 25.0399, lng: 121.515 }, shop)).toMatchObject({
      ok: false,
      reason: 'OUTSIDE_DELIVERY_ZONE',
    }));
  it('an open polygon works as if closed', () =>
    expect(deliveryQuote([rule({ polygons: [square] })], { lat: 25.045, lng: 121.515 }, shop).ok).toBe(true));
  it('a concave zone: the notch is outside', () => {
    // a U shape over Kaohsiung (southern Taiwan)
    const u = [
      { x: 22.6, y: 120.28 },
      { x: 22.6, y: 120.32 },
      { x: 22.64, y: 120.32 },
      { x: 22.64, y: 120.31 },
      { x: 22.61, y: 120.31 },
      { x: 22.61, y: 120.29 },
      { x: 22.64, y: 120.29 },
      { x: 22.64, y: 120.28 },
    ];
    expect(deliveryQuote([rule({ polygons: [u] })], { lat: 22.63, lng: 120.3 }, null).ok).toBe(false);
    expect(deliveryQuote([rule({ polygons: [u] })], { lat: 22.605, lng: 120.3 }, null).ok).toBe(true);
  });
  it('distance rules: straight line within [min, max] meters, first match in list order wins', () => {
    const near = rule({
      type: 'distance',
      minDistanceInMeter: 0,
      maxDistanceInMeter: 1000,
      deliveryCharge: 30,
    });
    const far = rule({
      type: 'distance',
      minDistanceInMeter: 1000,
      maxDistanceInMeter: 5000,
      deliveryCharge: 80,
    });
    const p = { lat: 25.0478 + 0.018, lng: 121.517 }; // about 2 km north
    const q = deliveryQuote([near, far], p, shop);
    expect(q).toMatchObject({ ok: true, index: 1, charge: 80 });
    expect(q.distanceMeters).toBeGreaterThan(1900);
    expect(deliveryQuote([far, zone], { lat: 25.048, lng: 121.517 }, shop)).toMatchObject({
      ok: true,
      index: 1,
    });
    expect(deliveryQuote([near], { lat: 25.2, lng: 121.517 }, shop).ok).toBe(false);
  });
  it('a measured route distance is used instead of the straight line', () =>
    expect(
      deliveryQuote(
        [rule({ type: 'distance', minDistanceInMeter: 0, maxDistanceInMeter: 1000 })],
        shop,
        shop,
        { distanceMeters: 1500 },
      ).ok,
    ).toBe(false));
  it('distance rules without the shop location say so', () =>
    expect(
      deliveryQuote(
        [rule({ type: 'distance', minDistanceInMeter: 0, maxDistanceInMeter: 1000 })],
        shop,
        null,
      ),
    ).toMatchObject({ ok: false, reason: 'NO_SHOP_LOCATION' }));
  it('haversine is right over Taiwan (Taipei to Kaohsiung about 297 km)', () =>
    expect(
      haversineMeters({ lat: 25.0478, lng: 121.517 }, { lat: 22.6394, lng: 120.3025 }) / 1000,
    ).toBeCloseTo(297, -1));
});

const kmlText = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document>
 <Placemark><name>信義區</name><Polygon><outerBoundaryIs><LinearRing><coordinates>
  121.56,25.03,0 121.58,25.03,0 121.58,25.045,0 121.56,25.045,0 121.56,25.03,0
 </coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
 <Placemark><name>大安區</name><Polygon><outerBoundaryIs><LinearRing><coordinates>
  121.53,25.02 121.55,25.02 121.55,25.035
 </coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
 <Placemark><name>店</name><Point><coordinates>121.517,25.0478,0</coordinates></Point></Placemark>
</Document></kml>`;
const parse = (t: string) => new DOMParser().parseFromString(t, 'text/xml');

// spec 001 §5: .kml or .kmz; only Polygon features are read
describe('readMapFile', () => {
  it('a KML with two polygons and a point gives two zones, closed, x = latitude', async () => {
    const r = await readMapFile('zones.KML', new TextEncoder().encode(kmlText), parse);
    if (!r.ok) throw new Error(r.message.en);
    expect(r.rules.map((z) => z.name)).toEqual(['信義區', '大安區']);
    expect(r.rules[0]!.polygons[0]![0]).toEqual({ x: 25.03, y: 121.56 });
    expect(r.rules[1]!.polygons[0]).toHaveLength(4);
    expect(deliveryQuote(r.rules, { lat: 25.04, lng: 121.57 }, null)).toMatchObject({ ok: true, index: 0 });
  });
  it('a KMZ (zipped doc.kml) reads the same', async () => {
    const zip = new JSZip();
    zip.file('doc.kml', kmlText);
    const r = await readMapFile('zones.kmz', await zip.generateAsync({ type: 'uint8array' }), parse);
    expect(r.ok && r.rules.length).toBe(2);
  });
  it('another kind of file is refused with the spec text', async () =>
    expect(await readMapFile('zones.geojson', new Uint8Array(), parse)).toEqual({
      ok: false,
      message: M.mapFileType,
    }));
  it('a KML without polygons, and a broken KMZ, are refused', async () => {
    const points = kmlText.replace(
      /<Placemark><name>信義區[\s\S]*?<\/Placemark>\s*<Placemark><name>大安區[\s\S]*?<\/Placemark>/,
      '',
    );
    expect(await readMapFile('p.kml', new TextEncoder().encode(points), parse)).toEqual({
      ok: false,
      message: M.mapFileNoPolygon,
    });
    expect(await readMapFile('p.kmz', new TextEncoder().encode('not a zip'), parse)).toEqual({
      ok: false,
      message: M.mapFileUnreadable,
    });
  });
});

// checkOrder (order intake and the availability panel) uses deliveryQuote
describe('checkOrder with delivery rules', () => {
  const zones = prepareRules([
    rule({
      name: 'station',
      polygons: [square],
      deliveryCharge: 60,
      additionalDeliveryTime: 20,
      amountLimit: 500,
    }),
  ]);
  const ctx = (lat: number, lng: number, over: Partial<TOrderCheck> = {}) =>
    check(
      { mealType: 'delivery', subtotal: 600, itemCount: 2, delivery: { lat, lng }, ...over },
      { deliveryRules: zones },
    );
  it('inside a zone passes and quotes its charge', () => {
    expect(checkOrder(ctx(25.045, 121.515))).toBeNull();
    expect(quoteOrder(ctx(25.045, 121.515))).toMatchObject({ ok: true, charge: 60 });
  });
  it('outside every zone is refused with the reason', () =>
    expect(checkOrder(ctx(25.1, 121.6))).toEqual({
      code: 'OUTSIDE_DELIVERY_ZONE',
      message: ORDER_REFUSALS.OUTSIDE_DELIVERY_ZONE,
    }));
  it("the zone's minimum amount applies", () =>
    expect(checkOrder(ctx(25.045, 121.515, { subtotal: 400 }))?.code).toBe('BELOW_DELIVERY_MINIMUM'));
  it("the zone's additional time makes an early chosen time too early", () => {
    // delivery preparation 30 min + 20 min of the zone: 40 minutes ahead is too early, 55 is fine
    const at = (min: number) => new Date(NOON.getTime() + min * 60_000);
    expect(checkOrder(ctx(25.045, 121.515, { wantedAt: at(40) }))?.code).toBe('TOO_EARLY');
    expect(checkOrder(ctx(25.045, 121.515, { wantedAt: at(55) }))).toBeNull();
  });
  it('without rules the straight-line threshold still applies', () =>
    expect(
      checkOrder(check({ mealType: 'delivery', subtotal: 600, delivery: { lat: 25.3, lng: 121.5 } }))?.code,
    ).toBe('TOO_FAR'));
});

// docs/decisions/delivery.md "The shop's point": a distance limit without the shop's point is not skipped
describe("checkOrder without the shop's point", () => {
  const near = { mealType: 'delivery' as const, subtotal: 600, delivery: { lat: 25.034, lng: 121.565 } };
  const noPoint = { lat: null, lng: null };
  it('a distance threshold cannot be judged: SHOP_LOCATION_UNKNOWN, in both languages', () => {
    expect(checkOrder(check(near, noPoint))).toEqual({
      code: 'SHOP_LOCATION_UNKNOWN',
      message: ORDER_REFUSALS.SHOP_LOCATION_UNKNOWN,
    });
    expect(ORDER_REFUSALS.SHOP_LOCATION_UNKNOWN.en).toMatch(/location/);
  });
  it('no distance limit (threshold 0) does not need the point', () =>
    expect(checkOrder(check(near, { ...noPoint, deliveryDistanceMax: 0 }))).toBeNull());
  it('map zones alone do not need the point; a distance rule that would decide does', () => {
    const zones = prepareRules([rule({ name: 'station', polygons: [square] })]);
    const inZone = { ...near, delivery: { lat: 25.045, lng: 121.515 } };
    expect(checkOrder(check(inZone, { ...noPoint, deliveryRules: zones }))).toBeNull();
    expect(checkOrder(check(near, { ...noPoint, deliveryRules: zones }))?.code).toBe('OUTSIDE_DELIVERY_ZONE');
    const withBand = prepareRules([
      rule({ name: 'station', polygons: [square] }),
      rule({ type: 'distance', minDistanceInMeter: 0, maxDistanceInMeter: 3000 } as Partial<TDeliveryRule>),
    ]);
    expect(checkOrder(check(inZone, { ...noPoint, deliveryRules: withBand }))).toBeNull();
    expect(checkOrder(check(near, { ...noPoint, deliveryRules: withBand }))?.code).toBe(
      'SHOP_LOCATION_UNKNOWN',
    );
  });
});
