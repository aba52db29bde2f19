// order intake uses the delivery rules (spec 001 §3 "Delivery rule"), the same deliveryQuote as the
// storefront's availability panel; addresses are placed through the geocoding adapter (its simulator here).
import { ORDER_REFUSALS } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import { build } from './helpers';
import { openShop, orderBody, postOrder, storefrontUrl } from './storefront-fixtures';

const t = await build();
const eaa = await t.signedIn('eaa');
// a shop at Taipei 101 with a zone over Xinyi (Taipei City Hall inside, Taipei Main Station outside)
const shop = await openShop(t, eaa, { lat: '25.033964', lng: '121.564472', deliveryDistanceTh: '50' });
const xinyi = [
  { x: 25.028, y: 121.555 },
  { x: 25.028, y: 121.575 },
  { x: 25.042, y: 121.575 },
  { x: 25.042, y: 121.555 },
];
const putRules = (rules: unknown[], accountId = shop.accountId) =>
  t.app.inject({
    method: 'PUT',
    url: `/console/apis/eaa/shops/${accountId}/logistic-rules`,
    headers: eaa.headers,
    payload: { rules },
  });
const delivery = (d: Record<string, unknown>, quantity = 2) =>
  orderBody(shop.productId, {
    mealType: 'delivery',
    delivery: d,
    items: [{ productId: shop.productId, quantity, optionIds: [] }],
  });
const availability = (q: string) =>
  t.app.inject({ method: 'GET', url: storefrontUrl(shop.accountId, `/availability?mealType=delivery&${q}`) });

describe('delivery orders against the shop’s zones', () => {
  it('setup: a gaa/eaa draws a zone and saves it', async () => {
    const res = await putRules([
      {
        type: 'map',
        name: '信義區',
        polygons: [xinyi],
        deliveryCharge: 60,
        additionalDeliveryTime: 15,
        amountLimit: 80,
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('an order with a point inside the zone is priced with its charge', async () => {
    const res = await postOrder(
      t,
      shop.accountId,
      delivery({ address: '台北市信義區市府路1號', lat: 25.0375, lng: 121.5637 }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order).toMatchObject({ deliveryFee: 60, total: 90 + 60 });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, res.json().order.id));
    expect(row).toMatchObject({ subtotal: 90, deliveryFee: 60, total: 150 });
  });

  it('an address without a point is geocoded (simulator: real Taiwan addresses)', async () => {
    const res = await postOrder(t, shop.accountId, delivery({ address: '台北市信義區市府路1號 3樓' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.deliveryFee).toBe(60);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, res.json().order.id));
    expect(Number(row!.deliveryLat)).toBeCloseTo(25.0375, 3);
  });

  it('an address outside every zone is refused with the reason; nothing stored', async () => {
    const before = (await t.db.select().from(orders).where(eq(orders.accountId, shop.accountId))).length;
    const res = await postOrder(t, shop.accountId, delivery({ address: '台北市中正區北平西路3號' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'OUTSIDE_DELIVERY_ZONE',
      message: ORDER_REFUSALS.OUTSIDE_DELIVERY_ZONE.zh,
    });
    expect(await t.db.select().from(orders).where(eq(orders.accountId, shop.accountId))).toHaveLength(before);
  });

  it('an address the geocoder cannot place is a 400 with its reason', async () => {
    const res = await postOrder(t, shop.accountId, delivery({ address: '火星基地 1 號' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('ADDRESS_NOT_FOUND');
  });

  it("the zone's minimum amount applies (NT$80: one item of NT$45 is below)", async () => {
    const res = await postOrder(t, shop.accountId, delivery({ address: '台北市信義區市府路1號' }, 1));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('BELOW_DELIVERY_MINIMUM');
  });

  it('the availability panel says the same, from the same function', async () => {
    const inside = (await availability('lat=25.0375&lng=121.5637')).json();
    expect(inside).toMatchObject({
      ok: true,
      delivery: { ruleName: '信義區', charge: 60, extraMinutes: 15 },
    });
    const outside = (await availability(`address=${encodeURIComponent('台北市中正區北平西路3號')}`)).json();
    expect(outside).toMatchObject({ ok: false, blocking: { code: 'OUTSIDE_DELIVERY_ZONE' }, delivery: null });
  });

  it('a distance rule measured by route (shop setting "route") uses the route distance', async () => {
    // Taipei City Hall is about 400 m straight from Taipei 101, ~520 m by the simulator's route (×1.3)
    expect(
      (
        await putRules([
          {
            type: 'distance',
            minDistanceInMeter: 0,
            maxDistanceInMeter: 450,
            deliveryCharge: 20,
            additionalDeliveryTime: 0,
          },
        ])
      ).statusCode,
    ).toBe(200);
    const point = { address: '台北市信義區市府路1號', lat: 25.037531, lng: 121.563694 };
    expect((await postOrder(t, shop.accountId, delivery(point))).json().order.deliveryFee).toBe(20);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/console/apis/eaa/shops/${shop.accountId}/logistic-settings`,
      headers: eaa.headers,
      payload: {
        default: { logisticDistanceType: 'route', deliveryAmtTh: 0, deliveryQtyTh: 0, deliveryDistanceTh: 3 },
      },
    });
    expect(res.statusCode).toBe(200);
    const far = await postOrder(t, shop.accountId, delivery(point));
    expect(far.statusCode).toBe(409);
    expect(far.json().error.code).toBe('OUTSIDE_DELIVERY_ZONE');
  });

  it('a shop without rules keeps the straight-line threshold', async () => {
    const plain = await openShop(t, eaa, { deliveryDistanceTh: '1' });
    const near = await postOrder(
      t,
      plain.accountId,
      orderBody(plain.productId, {
        mealType: 'delivery',
        delivery: { address: '台北市信義區信義路五段7號' },
      }),
    );
    expect(near.statusCode, near.body).toBe(201);
    expect(near.json().order.deliveryFee).toBe(0);
    const far = await postOrder(
      t,
      plain.accountId,
      orderBody(plain.productId, { mealType: 'delivery', delivery: { address: '台北市中正區北平西路3號' } }),
    );
    expect(far.json().error.code).toBe('TOO_FAR');
  });

  it('a point with only one coordinate is a 400', async () => {
    const res = await postOrder(t, shop.accountId, delivery({ address: 'x', lat: 25 }));
    expect(res.statusCode).toBe(400);
  });
});
