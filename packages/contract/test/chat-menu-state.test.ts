// "the rich menu follows the shop": chatMenuState decides with order intake's checkOrder (spec 001
// §3 service periods and days off, 002 §4 system status) and says when the shop opens again.
import { describe, expect, it } from 'vitest';
import { chatMenuState, nextOpening, type TOrderShop } from '../src';

const shop = (over: Partial<TOrderShop> = {}): TOrderShop => ({
  online: true,
  systemClosed: false,
  mealTypes: {
    eat_in: { on: false, cash: false, online: false },
    to_go: { on: true, cash: true, online: false },
    delivery: { on: false, cash: false, online: false },
  },
  // Tuesday and Wednesday 09:00–18:00
  periods: {
    general: [2, 3].map((d) => ({ openDay: d, closeDay: d, openTime: '0900', closeTime: '1800' })),
    togo: [],
    delivery: [],
  },
  specialDays: [],
  waitingMinutes: { eat_in: 0, to_go: 10, delivery: 0 },
  reservationDays: 1,
  intervalMinutes: 15,
  limits: [],
  deliveryAmountMin: 0,
  deliveryQtyMin: 0,
  deliveryDistanceMax: 3,
  lat: null,
  lng: null,
  timeZone: 'Asia/Taipei',
  ...over,
});
// 2026-03-10 is a Tuesday; Taipei is UTC+8
const tueNoon = new Date('2026-03-10T04:00:00Z');
const tueEvening = new Date('2026-03-10T12:00:00Z');
const tueEarly = new Date('2026-03-09T23:00:00Z'); // 07:00 Tuesday

describe('chatMenuState', () => {
  it('open inside a service period', () => {
    expect(chatMenuState(shop(), tueNoon)).toEqual({ open: true });
  });
  it('closed after hours: opens on Wednesday 09:00', () => {
    expect(chatMenuState(shop(), tueEvening)).toMatchObject({
      open: false,
      reason: 'CLOSED_NOW',
      label: '休息中・週三 09:00開',
    });
  });
  it('closed before opening the same day: today 09:00', () => {
    expect(chatMenuState(shop(), tueEarly)).toMatchObject({ open: false, label: '休息中・09:00開' });
  });
  it('a day off: DAY_OFF and the next open day', () => {
    const s = shop({ specialDays: [{ specialDate: '2026-03-11', closeDay: 100 }] });
    expect(chatMenuState(s, tueEvening)).toMatchObject({ open: false, label: '休息中・週二 09:00開' });
    expect(nextOpening(s, ['to_go'], tueEvening)?.toISOString()).toBe('2026-03-17T01:00:00.000Z');
    const today = shop({ specialDays: [{ specialDate: '2026-03-10', closeDay: 100 }] });
    expect(chatMenuState(today, tueNoon)).toMatchObject({ open: false, reason: 'DAY_OFF' });
  });
  it('system off or paused: closed without an opening time', () => {
    expect(chatMenuState(shop({ systemClosed: true, online: false }), tueNoon)).toMatchObject({
      open: false,
      reason: 'SYSTEM_CLOSED',
      label: '休息中',
    });
    expect(chatMenuState(shop({ online: false }), tueNoon)).toMatchObject({ reason: 'SHOP_OFFLINE' });
  });
  it('open for one offered meal type is enough (delivery has its own later hours)', () => {
    const s = shop({
      mealTypes: {
        eat_in: { on: false, cash: false, online: false },
        to_go: { on: true, cash: true, online: false },
        delivery: { on: true, cash: true, online: false },
      },
      periods: {
        general: shop().periods.general,
        togo: [],
        delivery: [{ openDay: 2, closeDay: 2, openTime: '1700', closeTime: '2200' }],
      },
    });
    expect(chatMenuState(s, tueEvening)).toEqual({ open: true });
  });
});
