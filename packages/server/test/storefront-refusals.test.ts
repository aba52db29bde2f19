import { localTime, makePeriod } from '@shopdesk/contract';
import { describe, expect, it } from 'vitest';
import { orderLimits, shopOpeningHours, shopSpecialDays } from '../src/db/schema';
import { build } from './helpers';
import { openShop, orderBody, postOrder, someClient, storefrontUrl } from './storefront-fixtures';

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const near = { address: '台北市信義路五段7號', lat: 25.034, lng: 121.564 };

// Every refusal of order intake, through the real endpoint, and the same answer from availability.
describe('storefront refusals', async () => {
  const t = await build();
  const eaa = await t.signedIn('eaa');
  const expectRefused = async (accountId: number, body: unknown, code: string, status = 409) => {
    const res = await postOrder(t, accountId, body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(res.json().error.message).toBeTruthy();
    return res;
  };
  const availability = async (accountId: number, query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: storefrontUrl(accountId, `/availability?${query}`),
      remoteAddress: someClient(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { ok: boolean; blocking: { code: string } | null; nextAcceptedAt: string | null };
  };
  /** Opening periods that never cover today or tomorrow: one hour, three days from now. */
  const closeShop = async (accountId: number) => {
    const weekday = (localTime(new Date()).weekday + 3) % 7;
    await t.db.insert(shopOpeningHours).values({ accountId, general: [makePeriod(weekday, '1000', '1100')] });
  };

  it('SHOP_OFFLINE when the shop is not enabled', async () => {
    const s = await openShop(t, eaa, { isEnabled: false });
    await expectRefused(s.accountId, orderBody(s.productId), 'SHOP_OFFLINE');
    expect((await availability(s.accountId, 'mealType=to_go')).blocking?.code).toBe('SHOP_OFFLINE');
  });

  it('MEAL_TYPE_OFF when the shop does not serve the meal type', async () => {
    const s = await openShop(t, eaa, { isEatIn: false });
    await expectRefused(s.accountId, orderBody(s.productId, { mealType: 'eat_in' }), 'MEAL_TYPE_OFF');
  });

  it('PAYMENT_METHOD_OFF when the meal type does not take that payment', async () => {
    const s = await openShop(t, eaa, { isToGoPay: false });
    await expectRefused(
      s.accountId,
      orderBody(s.productId, { paymentMethod: 'online' }),
      'PAYMENT_METHOD_OFF',
    );
  });

  it('CLOSED_NOW and OUTSIDE_SERVICE_HOURS outside the periods; availability names the next time', async () => {
    const s = await openShop(t, eaa, { timeSectorDays: 7 });
    await closeShop(s.accountId);
    await expectRefused(s.accountId, orderBody(s.productId), 'CLOSED_NOW');
    await expectRefused(
      s.accountId,
      orderBody(s.productId, { wantedAt: inMinutes(120) }),
      'OUTSIDE_SERVICE_HOURS',
    );
    const a = await availability(s.accountId, 'mealType=to_go');
    expect(a.blocking?.code).toBe('CLOSED_NOW');
    const next = new Date(a.nextAcceptedAt!);
    expect(localTime(next).weekday).toBe((localTime(new Date()).weekday + 3) % 7);
    expect(localTime(next).minute).toBe(600);
  });

  it('DAY_OFF on a closed date', async () => {
    const s = await openShop(t, eaa);
    await t.db
      .insert(shopSpecialDays)
      .values({ accountId: s.accountId, specialDate: localTime(new Date()).date });
    await expectRefused(s.accountId, orderBody(s.productId), 'DAY_OFF');
  });

  it('BEYOND_RESERVATION_WINDOW past the reservable days', async () => {
    const s = await openShop(t, eaa, { timeSectorDays: 1 });
    await expectRefused(
      s.accountId,
      orderBody(s.productId, { wantedAt: inMinutes(3 * 1440) }),
      'BEYOND_RESERVATION_WINDOW',
    );
  });

  it('ORDER_LIMIT_REACHED when the slot is full', async () => {
    const s = await openShop(t, eaa, { timeSectorDays: 2 });
    await t.db.insert(orderLimits).values({
      accountId: s.accountId,
      mealType: 'to_go',
      periodSession: [0, 1, 2, 3, 4, 5, 6],
      timeSession: { start: '00:00', end: '23:59' },
      sessionTime: 60,
      maxNumOfOrder: 1,
    });
    const wantedAt = inMinutes(30);
    expect((await postOrder(t, s.accountId, orderBody(s.productId, { wantedAt }))).statusCode).toBe(201);
    await expectRefused(s.accountId, orderBody(s.productId, { wantedAt }), 'ORDER_LIMIT_REACHED');
    expect(
      (await availability(s.accountId, `mealType=to_go&at=${encodeURIComponent(wantedAt)}`)).blocking?.code,
    ).toBe('ORDER_LIMIT_REACHED');
  });

  it('the next accepted time after a full slot skips the later full slots too', async () => {
    // spec 001 §3 order limits: availability names a time intake accepts (customer-app.md "Order limits")
    const s = await openShop(t, eaa, { timeSectorDays: 2 });
    await t.db.insert(orderLimits).values({
      accountId: s.accountId,
      mealType: 'to_go',
      periodSession: [0, 1, 2, 3, 4, 5, 6],
      timeSession: { start: '00:00', end: '23:59' },
      sessionTime: 60,
      maxNumOfOrder: 1,
    });
    expect((await postOrder(t, s.accountId, orderBody(s.productId))).statusCode).toBe(201);
    for (let i = 0; i < 2; i += 1) {
      const a = await availability(s.accountId, 'mealType=to_go');
      expect(a.blocking?.code).toBe('ORDER_LIMIT_REACHED');
      const res = await postOrder(t, s.accountId, orderBody(s.productId, { wantedAt: a.nextAcceptedAt }));
      expect(res.statusCode, `suggestion ${i + 1}: ${a.nextAcceptedAt} ${res.body}`).toBe(201);
    }
  });

  it('SOLD_OUT when no stock is left', async () => {
    const s = await openShop(t, eaa, {}, { dailyStock: 0 });
    await expectRefused(s.accountId, orderBody(s.productId), 'SOLD_OUT');
    expect((await availability(s.accountId, `mealType=to_go&productId=${s.productId}`)).blocking?.code).toBe(
      'SOLD_OUT',
    );
  });

  it('NOT_AVAILABLE_FOR_MEAL_TYPE for a product not offered for that meal type', async () => {
    const s = await openShop(t, eaa, {}, { mealTypes: ['eat_in'] });
    await expectRefused(s.accountId, orderBody(s.productId), 'NOT_AVAILABLE_FOR_MEAL_TYPE');
  });

  it('BELOW_DELIVERY_MINIMUM under the delivery amount', async () => {
    const s = await openShop(t, eaa, { deliveryAmtTh: 100 });
    const body = orderBody(s.productId, { mealType: 'delivery', delivery: near });
    await expectRefused(s.accountId, body, 'BELOW_DELIVERY_MINIMUM');
  });

  it('TOO_FAR beyond the straight-line delivery distance', async () => {
    const s = await openShop(t, eaa);
    const far = { ...near, lat: 25.2 };
    await expectRefused(
      s.accountId,
      orderBody(s.productId, { mealType: 'delivery', delivery: far }),
      'TOO_FAR',
    );
    expect((await availability(s.accountId, 'mealType=delivery&lat=25.2&lng=121.564')).blocking?.code).toBe(
      'TOO_FAR',
    );
    expect(
      (await postOrder(t, s.accountId, orderBody(s.productId, { mealType: 'delivery', delivery: near })))
        .statusCode,
    ).toBe(201);
  });

  it('400 for an unknown product, and for a delivery without an address', async () => {
    const s = await openShop(t, eaa);
    await expectRefused(s.accountId, orderBody(999_999), 'UNKNOWN_PRODUCT', 400);
    await expectRefused(
      s.accountId,
      orderBody(s.productId, { mealType: 'delivery' }),
      'DELIVERY_ADDRESS_REQUIRED',
      400,
    );
  });

  it('availability says ok when nothing blocks', async () => {
    const s = await openShop(t, eaa);
    expect(await availability(s.accountId, `mealType=to_go&productId=${s.productId}`)).toEqual({
      ok: true,
      blocking: null,
      nextAcceptedAt: null,
      // no delivery rule applies to a to-go order
      delivery: null,
    });
  });
});
