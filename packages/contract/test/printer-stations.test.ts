import { describe, expect, it } from 'vitest';
import {
  createStationOp,
  defaultStationName,
  routeOrderToStations,
  STATION_DEFAULT_TIMES,
  STATION_MESSAGES,
  stationPrints,
  type TStationRoute,
  updateStationOp,
  ZStationTimes,
} from '../src';

// spec 002 §2.11: adding a station creates one named 'new station N', N = count + 1
describe('defaultStationName', () => {
  it('is new station N with N = count + 1', () => {
    expect(defaultStationName([])).toBe('new station 1');
    expect(defaultStationName(['廚房', '吧台'])).toBe('new station 3');
  });
  it('skips a name already taken (names are unique in a shop)', () => {
    expect(defaultStationName(['new station 2', '吧台'])).toBe('new station 3');
    expect(defaultStationName(['new station 2', 'new station 3'])).toBe('new station 4');
  });
});

// spec 002 §5 "Station print times: at least 0"; §2.11 default 1
describe('print times', () => {
  it('take whole numbers from 0 to 10; default 1', () => {
    expect(STATION_DEFAULT_TIMES).toBe(1);
    for (const ok of [0, 1, 2, 10]) expect(ZStationTimes.safeParse(ok).success).toBe(true);
    for (const bad of [-1, 1.5, 11, '2', null]) {
      const r = ZStationTimes.safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(STATION_MESSAGES.timesRule.zh);
    }
  });
  it('the update body requires a name and times; create takes neither', () => {
    const update = updateStationOp.body!;
    expect(update.safeParse({ stationData: { name: '吧台', times: 2 } }).success).toBe(true);
    expect(update.safeParse({ stationData: { name: ' ', times: 2 } }).success).toBe(false);
    expect(update.safeParse({ stationData: { name: 'x'.repeat(31), times: 2 } }).success).toBe(false);
    expect(update.safeParse({ stationData: { name: '吧台', times: -1 } }).success).toBe(false);
    expect(createStationOp.body!.parse({})).toEqual({ stationData: {} });
  });
});

// spec 002 §2.11, §3: items print at the printers of their class's stations; unchecked products are negative
describe('routeOrderToStations', () => {
  const kitchen: TStationRoute = {
    stationId: 1,
    name: '廚房',
    times: 1,
    classSkus: ['MAIN', 'SOUP'],
    negativeProductIds: [],
    printerIds: [10],
  };
  const bar: TStationRoute = {
    stationId: 2,
    name: '吧台',
    times: 2,
    classSkus: ['DRINK'],
    negativeProductIds: [302],
    printerIds: [20],
  };
  const items = [
    { productId: 101, classSku: 'MAIN' },
    { productId: 301, classSku: 'DRINK' },
    { productId: 302, classSku: 'DRINK' },
    { productId: 401, classSku: null },
  ];

  it('a station prints the items of its classes, not its negative products', () => {
    expect(stationPrints(bar, items[1]!)).toBe(true);
    expect(stationPrints(bar, items[2]!)).toBe(false);
    expect(stationPrints(bar, items[0]!)).toBe(false);
    expect(stationPrints(kitchen, items[3]!)).toBe(false);
  });

  it('each station’s printers get its items, print-times copies; origin printers the whole order once', () => {
    expect(routeOrderToStations([kitchen, bar], [30], items)).toEqual([
      { printerId: 30, stationId: null, stationName: null, items: [0, 1, 2, 3], copies: 1 },
      { printerId: 10, stationId: 1, stationName: '廚房', items: [0], copies: 1 },
      { printerId: 20, stationId: 2, stationName: '吧台', items: [1], copies: 2 },
    ]);
  });

  it('a station with nothing of the order, or print times 0, sends nothing', () => {
    expect(routeOrderToStations([kitchen, bar], [], [items[0]!])).toEqual([
      { printerId: 10, stationId: 1, stationName: '廚房', items: [0], copies: 1 },
    ]);
    expect(routeOrderToStations([{ ...bar, times: 0 }], [], items)).toEqual([]);
    expect(routeOrderToStations([{ ...bar, printerIds: [] }], [], items)).toEqual([]);
  });
});
