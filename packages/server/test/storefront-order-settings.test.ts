// "every setting a customer's order depends on does what it says": online payment needs a service
// that charges it, order_start_number / reset_time number the day's orders, deliveryAmtTh is a minimum or
// the free-delivery amount (spec 000 §3), deliveryDistanceTh 0 is no limit, cash on delivery reads 貨到付款.
import { randomUUID } from 'node:crypto';
import { ORDER_REFUSALS, paymentMethodLabel, serialDayStart, zonedInstant } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businesses, orders, paymentConfigs, paymentServices, qrMerchants } from '../src/db/schema';
import { renderTicket } from '../src/features/orders/order-flow/print-order';
import { type LocatedBody, placeOrder } from '../src/features/orders/storefront/place-order';
import { build } from './helpers';
import { openShop, orderBody, postOrder, storefrontUrl } from './storefront-fixtures';

const t = await build();
const eaa = await t.signedIn('eaa');
type TBusiness = Partial<typeof businesses.$inferInsert>;
const setShop = (accountId: number, v: TBusiness) =>
  t.db.update(businesses).set(v).where(eq(businesses.accountId, accountId));
const check = (accountId: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: storefrontUrl(accountId, '/availability'), payload });

describe('nothing is "paid online" unless something charges it (spec 000 §4 尚未啟用線上支付)', () => {
  it('an online order without an enabled payment service is refused; the app is offered no online pay', async () => {
    const s = await openShop(t, eaa, { isMobilePayment: true, isToGoPay: true });
    const online = orderBody(s.productId, { paymentMethod: 'online' });
    const res = await postOrder(t, s.accountId, online);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'ONLINE_PAYMENT_UNAVAILABLE',
      message: '尚未啟用線上支付，請選擇其他付款方式',
      messageEn: ORDER_REFUSALS.ONLINE_PAYMENT_UNAVAILABLE.en,
    });
    expect((await t.db.select().from(orders).where(eq(orders.accountId, s.accountId))).length).toBe(0);
    // the availability panel answers the same from the same rule
    const panel = await check(s.accountId, { mealType: 'to_go', paymentMethod: 'online' });
    expect(panel.json().blocking?.code).toBe('ONLINE_PAYMENT_UNAVAILABLE');
    // the customer app reads no service it could charge with
    const profile = await t.app.inject({ method: 'GET', url: storefrontUrl(s.accountId, '/profile') });
    expect(profile.json().paymentServices).toEqual([]);
    // cash still goes through
    expect((await postOrder(t, s.accountId, orderBody(s.productId))).statusCode).toBe(201);
  });

  it('a shop with a service on must be told which one charges (PAYMENT_SERVICE_REQUIRED)', async () => {
    const s = await openShop(t, eaa, { isMobilePayment: true, isToGoPay: true });
    await t.db.insert(qrMerchants).values({
      accountId: s.accountId,
      name: 'm',
      email: 'm@example.com',
      phone: '0212345678',
      address: 'a',
    });
    const [svc] = await t.db
      .insert(paymentServices)
      .values({
        accountId: s.accountId,
        service: 'tappay',
        name: 'TapPay',
        fields: { tappayAppId: '12348', tappayAppKey: 'app_pa1pQcKoY22IlnSX' },
        secretSealed: 'x',
      })
      .returning();
    await t.db.insert(paymentConfigs).values({
      accountId: s.accountId,
      service: 'tappay',
      type: 'direct',
      isEnabled: true,
      paymentServiceId: svc!.id,
    });
    const res = await postOrder(t, s.accountId, orderBody(s.productId, { paymentMethod: 'online' }));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe('PAYMENT_SERVICE_REQUIRED');
    // TapPay with its card form configured (app id + key) is offered in the app (docs/decisions/customer-app.md "TapPay card form")
    const profile = await t.app.inject({ method: 'GET', url: storefrontUrl(s.accountId, '/profile') });
    expect(profile.json().paymentServices).toEqual(['tappay']);
  });
});

describe('order_start_number and reset_time number the day (spec 001 §2.2 start_number, reset_time)', () => {
  const body = (productId: number): LocatedBody =>
    orderBody(productId, { paymentMethod: 'cash' }) as unknown as LocatedBody;
  const at = (date: string, hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number) as [number, number];
    return zonedInstant(date, h * 60 + m);
  };

  it('serialDayStart is the last reset time on the shop clock (Asia/Taipei); empty reads as midnight', () => {
    expect(serialDayStart(at('2026-03-02', '09:00'), '04:00')).toEqual(at('2026-03-02', '04:00'));
    expect(serialDayStart(at('2026-03-02', '03:59'), '04:00')).toEqual(at('2026-03-01', '04:00'));
    expect(serialDayStart(at('2026-03-02', '00:00'), '')).toEqual(at('2026-03-02', '00:00'));
    expect(serialDayStart(at('2026-03-02', '10:00'), '00:10:00')).toEqual(at('2026-03-02', '00:10'));
  });

  it('a changed start number numbers the next order; each reset time starts again at it', async () => {
    const s = await openShop(t, eaa, { resetTime: '04:00' });
    const place = async (now: Date) =>
      (await placeOrder(t.db, s.accountId, body(s.productId), randomUUID(), now)).result.order.serial;
    expect(await place(at('2026-03-02', '10:00'))).toBe(1);
    expect(await place(at('2026-03-02', '10:05'))).toBe(2);
    // the operator sets 5000 in the day: the next order is 5000, not 3
    await setShop(s.accountId, { orderStartNumber: 5000 });
    expect(await place(at('2026-03-02', '11:00'))).toBe(5000);
    expect(await place(at('2026-03-03', '03:59'))).toBe(5001); // before the reset time: same day
    expect(await place(at('2026-03-03', '04:00'))).toBe(5000); // reset
    expect(await place(at('2026-03-03', '04:01'))).toBe(5001);
    // lowered in the day: the day goes on counting (no number repeats), the next day starts at it
    await setShop(s.accountId, { orderStartNumber: 100 });
    expect(await place(at('2026-03-03', '05:00'))).toBe(5002);
    expect(await place(at('2026-03-04', '04:30'))).toBe(100);
  });

  it('through the storefront: the serial is what the customer page and the board show', async () => {
    const s = await openShop(t, eaa, { orderStartNumber: 700, resetTime: '' });
    const res = await postOrder(t, s.accountId, orderBody(s.productId));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.serial).toBe(700);
    const page = await t.app.inject({
      method: 'GET',
      url: `/console/apis/storefront/v1/orders/${encodeURIComponent(res.json().orderToken)}`,
    });
    expect(page.json().order.serial).toBe(700);
  });
});

describe('deliveryAmtTh: minimum with logistics off, free-delivery amount with logistics on (spec 000 §3)', async () => {
  // a shop at Taipei 101 with one distance band (0-10 km, NT$60)
  const s = await openShop(t, eaa, { lat: '25.033964', lng: '121.564472', deliveryAmtTh: 100 });
  const rules = await t.app.inject({
    method: 'PUT',
    url: `/console/apis/eaa/shops/${s.accountId}/logistic-rules`,
    headers: eaa.headers,
    payload: {
      rules: [
        {
          type: 'distance',
          minDistanceInMeter: 0,
          maxDistanceInMeter: 10_000,
          deliveryCharge: 60,
          additionalDeliveryTime: 0,
        },
      ],
    },
  });
  expect(rules.statusCode, rules.body).toBe(200);
  // NT$45 a product
  const delivery = (quantity: number) =>
    orderBody(s.productId, {
      mealType: 'delivery',
      delivery: { address: '台北市信義區市府路1號', lat: 25.0375, lng: 121.5637 },
      items: [{ productId: s.productId, quantity, optionIds: [] }],
    });

  it('logistics off: below the amount is refused, at it the delivery fee is charged', async () => {
    await setShop(s.accountId, { isLogistic: false });
    const below = await postOrder(t, s.accountId, delivery(2));
    expect(below.statusCode, below.body).toBe(409);
    expect(below.json().error.code).toBe('BELOW_DELIVERY_MINIMUM');
    const ok = await postOrder(t, s.accountId, delivery(3));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().order).toMatchObject({ subtotal: 135, deliveryFee: 60, total: 195 });
  });

  it('logistics on: below the amount the fee is charged, at or above it delivery is free', async () => {
    await setShop(s.accountId, { isLogistic: true });
    const below = await postOrder(t, s.accountId, delivery(2));
    expect(below.statusCode, below.body).toBe(201);
    expect(below.json().order).toMatchObject({ subtotal: 90, deliveryFee: 60, total: 150 });
    const free = await postOrder(t, s.accountId, delivery(3));
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json().order).toMatchObject({ subtotal: 135, deliveryFee: 0, total: 135 });
    // the availability panel prices the delivery the same way
    const items = [{ productId: s.productId, quantity: 3, optionIds: [] }];
    const panel = await check(s.accountId, {
      mealType: 'delivery',
      items,
      point: { lat: 25.0375, lng: 121.5637 },
    });
    expect(panel.statusCode, panel.body).toBe(200);
    expect(panel.json().delivery?.charge, panel.body).toBe(0);
    const profile = await t.app.inject({ method: 'GET', url: storefrontUrl(s.accountId, '/profile') });
    expect(profile.json().form).toMatchObject({ deliveryAmountMin: 0, freeDeliveryFrom: 100 });
  });
});

describe('deliveryDistanceTh 0 is no distance limit (docs/decisions/customer-app.md "Order settings")', () => {
  it('a shop without delivery rules and a 0 km threshold takes a delivery 8 km away; 3 km refuses it', async () => {
    const s = await openShop(t, eaa, { lat: '25.033964', lng: '121.564472', deliveryDistanceTh: '0' });
    // Taipei 101 to Tamsui-side Beitou: about 13 km straight
    const far = orderBody(s.productId, {
      mealType: 'delivery',
      delivery: { address: '台北市北投區', lat: 25.132, lng: 121.5 },
    });
    const ok = await postOrder(t, s.accountId, far);
    expect(ok.statusCode, ok.body).toBe(201);
    // the kitchen ticket of this cash delivery reads 貨到付款
    const ticket = await renderTicket(t.db, ok.json().order.id, 'order');
    const texts = ticket!.doc.lines.flatMap((l) => ('text' in l ? [l.text] : []));
    expect(texts).toContain('貨到付款 合計');
    await setShop(s.accountId, { deliveryDistanceTh: '3' });
    const refused = await postOrder(t, s.accountId, far);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('TOO_FAR');
  });
});

describe('a delivery paid in cash reads 貨到付款 (board, ticket, customer page)', () => {
  it('paymentMethodLabel', () => {
    expect(paymentMethodLabel('cash', 'delivery').zh).toBe('貨到付款');
    expect(paymentMethodLabel('cash', 'to_go').zh).toBe('現金');
    expect(paymentMethodLabel('online', 'delivery').zh).toBe('線上支付');
  });
});
