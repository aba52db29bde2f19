import { describe, expect, it } from 'vitest';
import { checkOrder, countOrdersBySlot, haversineKm, nextAcceptedTime, type TOrderLimitData } from '../src';
import { check, NOON, shop, taipei } from './storefront-fixture';

const code = (c: Parameters<typeof check>[0], s?: Parameters<typeof check>[1]) =>
  checkOrder(check(c, s))?.code ?? null;
const hourly: TOrderLimitData & { meal_type: 'to_go' } = {
  meal_type: 'to_go',
  period_session: [0, 1, 2, 3, 4, 5, 6],
  time_session: { start: '00:00', end: '23:59' },
  session_time: 60,
  max_num_of_order: 2,
};

// checkOrder answers the FIRST blocking rule, code and zh/en message.
describe('checkOrder', () => {
  it('passes an order nothing blocks', () => expect(checkOrder(check())).toBeNull());
  it('SHOP_OFFLINE first of all', () => {
    const r = checkOrder(check({ mealType: 'eat_in' }, { online: false }));
    expect(r).toEqual({
      code: 'SHOP_OFFLINE',
      message: { zh: '商店目前未開放線上點餐', en: expect.any(String) },
    });
  });
  it('MEAL_TYPE_OFF', () => expect(code({ mealType: 'eat_in' })).toBe('MEAL_TYPE_OFF'));
  it('PAYMENT_METHOD_OFF', () => expect(code({ paymentMethod: 'online' })).toBe('PAYMENT_METHOD_OFF'));
  it('CLOSED_NOW for an order as soon as possible', () =>
    expect(code({ now: taipei('2026-03-04T22:00:00') })).toBe('CLOSED_NOW'));
  it('OUTSIDE_SERVICE_HOURS for a chosen time', () =>
    expect(code({ wantedAt: taipei('2026-03-04T21:30:00') })).toBe('OUTSIDE_SERVICE_HOURS'));
  it('DAY_OFF', () =>
    expect(code({}, { specialDays: [{ specialDate: '2026-03-04', closeDay: 100 }] })).toBe('DAY_OFF'));
  it('TOO_EARLY inside the preparation minutes', () =>
    expect(code({ wantedAt: taipei('2026-03-04T12:05:00') })).toBe('TOO_EARLY'));
  it('BEYOND_RESERVATION_WINDOW: 2 days = today and tomorrow', () => {
    expect(code({ wantedAt: taipei('2026-03-05T12:00:00') })).toBeNull();
    expect(code({ wantedAt: taipei('2026-03-06T12:00:00') })).toBe('BEYOND_RESERVATION_WINDOW');
  });
  it('BEYOND_RESERVATION_WINDOW: 0 days = immediate only', () =>
    expect(code({ wantedAt: taipei('2026-03-04T14:00:00') }, { reservationDays: 0 })).toBe(
      'BEYOND_RESERVATION_WINDOW',
    ));
  it('ORDER_LIMIT_REACHED once the slot holds max orders', () => {
    const s = shop({ limits: [hourly] });
    const counts = countOrdersBySlot(s, 'to_go', [
      taipei('2026-03-04T12:10:00'),
      taipei('2026-03-04T12:50:00'),
    ]);
    expect(code({ slotCounts: counts }, { limits: [hourly] })).toBe('ORDER_LIMIT_REACHED');
    // the next hour is another slot
    expect(
      code({ wantedAt: taipei('2026-03-04T13:00:00'), slotCounts: counts }, { limits: [hourly] }),
    ).toBeNull();
  });
  it('SOLD_OUT for a sold-out product or none left; NOT_ENOUGH_STOCK for fewer left than ordered', () => {
    // docs/decisions/customer-app.md "Stock left": the customer is told to order fewer, not "sold out"
    const p = { id: 7, soldOut: false, stockLeft: 1, mealTypes: ['to_go' as const], quantity: 2 };
    expect(checkOrder(check({ products: [p] }))).toMatchObject({ code: 'NOT_ENOUGH_STOCK', productId: 7 });
    expect(code({ products: [{ ...p, stockLeft: 0 }] })).toBe('SOLD_OUT');
    expect(code({ products: [{ ...p, soldOut: true, stockLeft: null }] })).toBe('SOLD_OUT');
  });
  it('NOT_AVAILABLE_FOR_MEAL_TYPE', () =>
    expect(
      code({ products: [{ id: 1, soldOut: false, stockLeft: null, mealTypes: ['eat_in'], quantity: 1 }] }),
    ).toBe('NOT_AVAILABLE_FOR_MEAL_TYPE'));
  it('BELOW_DELIVERY_MINIMUM by amount or by quantity', () => {
    const d = {
      mealType: 'delivery' as const,
      wantedAt: null,
      now: NOON,
      delivery: { lat: 25.034, lng: 121.565 },
    };
    expect(code({ ...d, subtotal: 99 })).toBe('BELOW_DELIVERY_MINIMUM');
    expect(code({ ...d, itemCount: 1 }, { deliveryQtyMin: 2 })).toBe('BELOW_DELIVERY_MINIMUM');
    expect(code(d)).toBeNull();
  });
  it('TOO_FAR by straight-line distance', () => {
    expect(haversineKm({ lat: 25.033, lng: 121.565 }, { lat: 25.063, lng: 121.565 })).toBeCloseTo(3.336, 2);
    expect(code({ mealType: 'delivery', delivery: { lat: 25.063, lng: 121.565 } })).toBe('TOO_FAR');
  });
});

describe('nextAcceptedTime', () => {
  it('is the next opening when closed now', () =>
    expect(nextAcceptedTime(check({ now: taipei('2026-03-04T22:00:00') }))).toEqual(
      taipei('2026-03-05T09:00:00'),
    ));
  it('is null when something other than time blocks', () =>
    expect(nextAcceptedTime(check({ mealType: 'eat_in' }))).toBeNull());
  it('is null when no time in the reservation window works', () =>
    expect(
      nextAcceptedTime(check({ now: taipei('2026-03-04T22:00:00') }, { reservationDays: 1 })),
    ).toBeNull());
});
