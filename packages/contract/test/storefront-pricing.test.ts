import { describe, expect, it } from 'vitest';
import { dayIndex, generateSlots, priceOrder, type TMenuProduct } from '../src';
import { NOON, shop, taipei } from './storefront-fixture';

const names = (zh: string) => ({ zh, en: '' });
const tea = {
  id: 1,
  names: names('紅茶'),
  price: 30,
  optionGroups: [
    {
      id: 10,
      productId: 1,
      names: names('尺寸'),
      kind: 'single' as const,
      minSelect: 1,
      maxSelect: 1,
      position: 0,
      options: [
        { id: 100, groupId: 10, names: names('中杯'), priceDelta: 0, soldOut: false, position: 0 },
        { id: 101, groupId: 10, names: names('大杯'), priceDelta: 10, soldOut: false, position: 1 },
      ],
    },
    {
      id: 11,
      productId: 1,
      names: names('加料'),
      kind: 'multiple' as const,
      minSelect: 0,
      maxSelect: 2,
      position: 1,
      options: [
        { id: 110, groupId: 11, names: names('珍珠'), priceDelta: 10, soldOut: false, position: 0 },
        { id: 111, groupId: 11, names: names('椰果'), priceDelta: 5, soldOut: false, position: 1 },
        { id: 112, groupId: 11, names: names('布丁'), priceDelta: 15, soldOut: false, position: 2 },
      ],
    },
  ],
} satisfies Pick<TMenuProduct, 'id' | 'names' | 'price' | 'optionGroups'>;
const menu = { products: [tea] };

// the server prices the order itself.
describe('priceOrder', () => {
  it('product price plus option deltas, times quantity', () => {
    const r = priceOrder(menu, [{ productId: 1, quantity: 2, optionIds: [101, 110, 111] }]);
    expect(r).toMatchObject({ ok: true, order: { subtotal: 110, itemCount: 2 } });
    if (r.ok) expect(r.order.items[0]).toMatchObject({ unitPrice: 55, lineTotal: 110 });
  });
  it('refuses a missing required choice, too many choices and two sizes', () => {
    for (const optionIds of [[110], [100, 110, 111, 112], [100, 101]])
      expect(priceOrder(menu, [{ productId: 1, quantity: 1, optionIds }])).toMatchObject({
        ok: false,
        refusal: { code: 'OPTION_COUNT' },
      });
  });
  it('refuses an unknown product or option', () => {
    expect(priceOrder(menu, [{ productId: 2, quantity: 1, optionIds: [] }])).toMatchObject({
      refusal: { code: 'UNKNOWN_PRODUCT' },
    });
    expect(priceOrder(menu, [{ productId: 1, quantity: 1, optionIds: [100, 999] }])).toMatchObject({
      refusal: { code: 'UNKNOWN_OPTION' },
    });
  });
  it('refuses an empty order', () =>
    expect(priceOrder(menu, [])).toMatchObject({ refusal: { code: 'EMPTY_ORDER' } }));
});

describe('generateSlots', () => {
  it('every interval inside the periods, after preparation, for the reservable days', () => {
    const slots = generateSlots(shop(), 'to_go', NOON);
    // today 12:15 … 21:00 and tomorrow 09:00 … 21:00 (21:00 itself is closed: periods end exclusive)
    expect(slots[0]).toEqual(taipei('2026-03-04T12:15:00'));
    expect(slots.at(-1)).toEqual(taipei('2026-03-05T20:45:00'));
    expect(slots).toHaveLength(35 + 48);
  });
  it('skips days off and full limit slots; none for an immediate-only shop', () => {
    const off = generateSlots(
      shop({ specialDays: [{ specialDate: '2026-03-05', closeDay: 100 }] }),
      'to_go',
      NOON,
    );
    expect(off).toHaveLength(35);
    const limit = {
      meal_type: 'to_go' as const,
      period_session: [3],
      time_session: { start: '13:00', end: '14:00' },
      session_time: 60,
      max_num_of_order: 1,
    };
    const s = shop({ limits: [limit] });
    const full = new Map([
      [`${taipei('2026-03-04T13:00:00').toISOString()}/${taipei('2026-03-04T14:00:00').toISOString()}`, 1],
    ]);
    expect(generateSlots(s, 'to_go', NOON, full)).toHaveLength(35 + 48 - 4);
    expect(generateSlots(shop({ reservationDays: 0 }), 'to_go', NOON)).toEqual([]);
  });
});

// spec 000 §3 timeSectorDays: whole days on the shop's clock between now and a wanted time (the reservation
// window), counted by calendar date, not by 24-hour spans
describe('dayIndex', () => {
  const at = (iso: string) => new Date(iso);
  it('counts calendar days on the shop clock, across a month and a year end', () => {
    // 23:30 in Taipei (15:30 UTC) and 00:30 the next Taipei day: one day apart, an hour later
    expect(dayIndex(at('2026-12-31T15:30:00Z'), at('2026-12-31T16:30:00Z'), 'Asia/Taipei')).toBe(1);
    expect(dayIndex(at('2026-01-31T04:00:00Z'), at('2026-03-01T04:00:00Z'), 'Asia/Taipei')).toBe(29);
    expect(dayIndex(at('2026-06-01T04:00:00Z'), at('2026-06-01T10:00:00Z'), 'Asia/Taipei')).toBe(0);
  });
  it('is -1 for an earlier day and unbounded past 400 days', () => {
    expect(dayIndex(at('2026-06-02T04:00:00Z'), at('2026-06-01T04:00:00Z'), 'Asia/Taipei')).toBe(-1);
    expect(dayIndex(at('2026-06-01T04:00:00Z'), at('2027-07-06T04:00:00Z'), 'Asia/Taipei')).toBe(400);
    expect(dayIndex(at('2026-06-01T04:00:00Z'), at('2027-07-07T04:00:00Z'), 'Asia/Taipei')).toBe(
      Number.POSITIVE_INFINITY,
    );
  });
  it('follows a zone with daylight saving (New York, across the March change)', () => {
    expect(dayIndex(at('2026-03-07T17:00:00Z'), at('2026-03-09T16:00:00Z'), 'America/New_York')).toBe(2);
  });
});
