import { randomUUID } from 'node:crypto';
import { serialDayStart } from '@shopdesk/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { TAIWAN_ADDRESSES } from '../adapters/geocoding/simulator';
import type { Db } from '../db/client';
import {
  accounts,
  businesses,
  deliveryRules,
  orderItems,
  orderSerials,
  orders,
  posUsers,
  products,
  shopLogistics,
  shopLogisticVendors,
} from '../db/schema';
import { REQUEST_JOB } from '../features/delivery/delivery/courier';
import { itemsLine } from '../features/reports/sales/items-line';
import { enqueueOutbox } from '../jobs/outbox';
import type { SecretBox } from '../lib/secret-box';

/** The demo logistics shops: real Taipei places the geocoding simulator knows, each the centre of its zones. */
const PLACES = [
  { address: '台北市信義區市府路1號', lat: 25.037531, lng: 121.563694 }, // Taipei City Hall
  { address: '台北市中正區北平西路3號', lat: 25.0478, lng: 121.517 }, // Taipei Main Station
  { address: '台北市大安區羅斯福路四段1號', lat: 25.017341, lng: 121.539752 }, // National Taiwan University
];
/** Customers at known Taipei addresses (geocoding simulator table) within reach of those shops. */
const CUSTOMERS = TAIWAN_ADDRESSES.filter((a) => a.address.startsWith('台北市'));
const NAMES = ['林怡君', '陳冠宇', '張雅婷', '王柏翰'];

/** A closed ring (first point repeated) around a point, `km` from it: a zone drawn on the map. */
const ring = (lat: number, lng: number, km: number, sides = 8) => {
  const pts = Array.from({ length: sides }, (_, k) => {
    const a = (2 * Math.PI * k) / sides;
    return {
      x: Number((lat + (km / 111) * Math.sin(a)).toFixed(6)),
      y: Number((lng + (km / 101) * Math.cos(a)).toFixed(6)),
    };
  });
  return [...pts, pts[0]!];
};

/**
 * Demo couriers: shops 10–12 become platform-logistics shops (v2, automatic dispatch, the
 * platform's wallet) at real Taipei addresses with a map zone (NT$60, 2.5 km around the shop) and a
 * distance band (NT$100 up to 6 km); `counter2` is the order machine of the first. Each gets four delivery
 * orders accepted just now, waiting for a courier; their courier requests are outbox jobs spread over the
 * next minutes, so after `npm start` the board shows deliveries being matched, picked up and delivered by
 * the vendor simulator (DELIVERY_SIM_STEP_MS) one after another.
 */
export const seedLogistics = async (
  db: Db,
  shopIds: number[],
  passwordHash: string,
  now = new Date(),
  box?: SecretBox,
) => {
  const shops = shopIds.slice(0, PLACES.length);
  let job = 0;
  for (const [k, accountId] of shops.entries()) {
    const place = PLACES[k]!;
    await db
      .update(businesses)
      .set({
        address: place.address,
        lat: String(place.lat),
        lng: String(place.lng),
        isEnabled: true,
        isDelivery: true,
        isDeliveryCash: true,
        isLogistic: true,
        isLala: false,
        deliveryAmtTh: 0,
      })
      .where(eq(businesses.accountId, accountId));
    // every v2 platform shop has a Lalamove account (spec 001 §5); the second one pays with it (自有物流,
    // private wallet: its couriers go through its own account), the others through the platform's. Sandbox
    // keys (pk_test_…), which the vendor simulator accepts with their sk_test_… secret.
    await db.insert(shopLogistics).values({
      accountId,
      platform: 'platform',
      mode: 'auto',
      wallet: k === 1 ? 'private' : 'public',
      defaultVendor: 'lala',
      gitDefaultVendor: 'lala',
    });
    if (box)
      await db.insert(shopLogisticVendors).values({
        accountId,
        vendor: 'lala',
        accessKey: `pk_test_demo_shop${accountId}`,
        accessTokenSealed: box.seal(`sk_test_demo_shop${accountId}`),
      });
    await db.insert(deliveryRules).values([
      {
        accountId,
        position: 0,
        type: 'map',
        name: '近距離外送區',
        polygons: [ring(place.lat, place.lng, 2.5)],
        deliveryCharge: 60,
        additionalDeliveryTime: 10,
      },
      {
        accountId,
        position: 1,
        type: 'distance',
        name: '6 公里內',
        minDistanceInMeter: 0,
        maxDistanceInMeter: 6000,
        deliveryCharge: 100,
        additionalDeliveryTime: 20,
      },
    ]);

    const [acct] = await db.select().from(accounts).where(eq(accounts.id, accountId));
    const [product] = await db
      .select()
      .from(products)
      .where(and(eq(products.accountId, accountId), eq(products.archived, false)))
      .orderBy(asc(products.id))
      .limit(1);
    if (!acct || !product) continue;
    const [biz] = await db
      .select({ resetTime: businesses.resetTime, startNumber: businesses.orderStartNumber })
      .from(businesses)
      .where(eq(businesses.accountId, accountId));
    // a new counter is of today's order-number day, so today's next order goes on from these four
    const [serialRow] = await db
      .insert(orderSerials)
      .values({
        accountId,
        lastSerial: 4,
        serialDay: serialDayStart(now, biz?.resetTime),
        startNumber: biz?.startNumber ?? 1,
      })
      .onConflictDoUpdate({
        target: orderSerials.accountId,
        set: { lastSerial: sql`${orderSerials.lastSerial} + 4` },
      })
      .returning();
    const last = serialRow!.lastSerial;
    for (let n = 0; n < 4; n += 1) {
      const to = CUSTOMERS[(k * 4 + n) % CUSTOMERS.length]!;
      const quantity = 1 + (n % 2);
      const at = new Date(now.getTime() - (4 - n) * 60_000);
      const [o] = await db
        .insert(orders)
        .values({
          accountId,
          siAccountId: acct.siAccountId,
          serial: last - 3 + n,
          status: 'accepted',
          mealType: 'delivery',
          paymentMethod: 'cash',
          customerName: NAMES[n]!,
          customerPhone: `09${String(12_000_000 + k * 10 + n).padStart(8, '0')}`,
          deliveryAddress: to.address,
          deliveryLat: String(to.lat),
          deliveryLng: String(to.lng),
          subtotal: product.price * quantity,
          deliveryFee: 100,
          total: product.price * quantity + 100,
          itemCount: quantity,
          itemsLineZh: itemsLine([{ names: product.names, quantity }], 'zh-TW'),
          itemsLineEn: itemsLine([{ names: product.names, quantity }], 'en'),
          idempotencyKey: randomUUID(),
          createdAt: at,
          acceptedAt: at,
          logisticsStatus: 'matching',
          logisticsUpdatedAt: at,
        })
        .returning({ id: orders.id });
      await db.insert(orderItems).values({
        orderId: o!.id,
        productId: product.id,
        names: product.names,
        unitPrice: product.price,
        quantity,
        lineTotal: product.price * quantity,
      });
      await enqueueOutbox(db, {
        kind: REQUEST_JOB,
        accountId,
        dedupeKey: `${o!.id}:first`,
        payload: { orderId: o!.id, replaces: null },
        runAt: new Date(now.getTime() + job * 30_000),
      });
      job += 1;
    }
  }
  if (shops[0]) await db.insert(posUsers).values({ username: 'counter2', passwordHash, accountId: shops[0] });
  return shops;
};
