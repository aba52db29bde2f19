import { makePeriod, type TOrderCheck, type TOrderShop } from '../src';

/** A shop open every day 09:00–21:00 Taipei, to-go and delivery by cash, 10 minutes preparation. */
export const shop = (over: Partial<TOrderShop> = {}): TOrderShop => ({
  online: true,
  mealTypes: {
    eat_in: { on: false, cash: false, online: false },
    to_go: { on: true, cash: true, online: false },
    delivery: { on: true, cash: true, online: true },
  },
  periods: {
    general: [0, 1, 2, 3, 4, 5, 6].map((d) => makePeriod(d, '0900', '2100')),
    togo: [],
    delivery: [],
  },
  specialDays: [],
  waitingMinutes: { eat_in: 10, to_go: 10, delivery: 30 },
  reservationDays: 2,
  intervalMinutes: 15,
  limits: [],
  deliveryAmountMin: 100,
  deliveryQtyMin: 0,
  deliveryDistanceMax: 3,
  lat: 25.033,
  lng: 121.565,
  timeZone: 'Asia/Taipei',
  ...over,
});

/** 2026-03-04 (a Wednesday) 12:00 in Taipei. */
export const NOON = new Date('2026-03-04T04:00:00Z');
export const taipei = (local: string) => new Date(`${local}+08:00`);

export const check = (over: Partial<TOrderCheck> = {}, shopOver: Partial<TOrderShop> = {}): TOrderCheck => ({
  shop: shop(shopOver),
  mealType: 'to_go',
  paymentMethod: 'cash',
  wantedAt: null,
  now: NOON,
  products: [{ id: 1, soldOut: false, stockLeft: null, mealTypes: ['to_go', 'delivery'], quantity: 1 }],
  subtotal: 150,
  itemCount: 1,
  ...over,
});
