import { describe, expect, it } from 'vitest';
import {
  checkOrder,
  countSlots,
  generateSlots,
  inServicePeriod,
  localTime,
  minutesToColon,
  nextAcceptedTime,
  slotMinutes,
} from '../src';
import { check, NOON, shop, taipei } from './storefront-fixture';

const hm = (s: string) => {
  const [h, m] = s.split(':').map(Number);
  return h! * 60 + m!;
};
const lunch = [{ start: '12:00', end: '13:00' }];
const localOf = (d: Date) => {
  const lt = localTime(d, 'Asia/Taipei');
  return `${lt.date} ${minutesToColon(lt.minute)}`;
};

// spec 000 §3 timeObjSectors (list of start/end HH:mm), 001 §3 time_obj_sectors (default 00:00-23:59)
describe('inServicePeriod', () => {
  it('holds the ends of a period and nothing outside it', () => {
    expect(inServicePeriod(lunch, hm('12:00'))).toBe(true);
    expect(inServicePeriod(lunch, hm('13:00'))).toBe(true);
    expect(inServicePeriod(lunch, hm('11:59'))).toBe(false);
    expect(inServicePeriod(lunch, hm('13:01'))).toBe(false);
  });
  it('reads a period ending before its start as running past midnight', () => {
    const night = [{ start: '22:00', end: '02:00' }];
    expect(inServicePeriod(night, hm('23:30'))).toBe(true);
    expect(inServicePeriod(night, hm('01:00'))).toBe(true);
    expect(inServicePeriod(night, hm('12:00'))).toBe(false);
  });
  it('reads no periods as the default whole day (spec 001 §3 default 00:00-23:59)', () => {
    expect(inServicePeriod([], hm('03:00'))).toBe(true);
    expect(inServicePeriod([{ start: '00:00', end: '23:59' }], hm('23:59'))).toBe(true);
  });
  it('takes any of several periods', () => {
    const two = [...lunch, { start: '18:00', end: '19:00' }];
    expect(inServicePeriod(two, hm('18:30'))).toBe(true);
    expect(inServicePeriod(two, hm('15:00'))).toBe(false);
  });
});

// spec 001 §5: the distinct slot count the 3367 cap applies to is the count of these options
describe('slotMinutes', () => {
  it('offers start, start + interval … up to and including the end', () => {
    expect(slotMinutes(lunch, 15).map(minutesToColon)).toEqual(['12:00', '12:15', '12:30', '12:45', '13:00']);
    expect(countSlots(lunch, 15)).toBe(5);
  });
  it('counts an option several periods share once, ascending', () => {
    expect(slotMinutes([{ start: '13:00', end: '13:30' }, ...lunch], 30).map(minutesToColon)).toEqual([
      '12:00',
      '12:30',
      '13:00',
      '13:30',
    ]);
  });
});

describe('intake and the slots keep to the service periods (spec 000 §3 timeObjSectors)', () => {
  const code = (c: Parameters<typeof check>[0]) =>
    checkOrder(check(c, { servicePeriods: lunch }))?.code ?? null;
  it('refuses a wanted time outside the periods with the 供餐時段 wording', () => {
    const r = checkOrder(check({ wantedAt: taipei('2026-03-04T15:00:00') }, { servicePeriods: lunch }));
    expect(r?.code).toBe('OUTSIDE_SERVICE_PERIOD');
    expect(r?.message.zh).toBe('所選時間不在供餐時段內');
  });
  it('accepts a wanted time inside', () => {
    expect(code({ wantedAt: taipei('2026-03-04T12:45:00') })).toBeNull();
    expect(code({ wantedAt: taipei('2026-03-05T13:00:00') })).toBeNull();
  });
  it('refuses an order as soon as possible outside the periods', () => {
    expect(code({ now: taipei('2026-03-04T15:00:00') })).toBe('NOT_SERVING_NOW');
  });
  it('the opening hours still apply inside a period', () => {
    const r = checkOrder(
      check(
        { wantedAt: taipei('2026-03-04T22:30:00') },
        { servicePeriods: [{ start: '20:00', end: '23:00' }] },
      ),
    );
    expect(r?.code).toBe('OUTSIDE_SERVICE_HOURS');
  });
  it('offers only the options inside the periods, after the preparation minutes', () => {
    const slots = generateSlots(shop({ servicePeriods: lunch }), 'to_go', taipei('2026-03-04T11:00:00'));
    expect(slots.map(localOf)).toEqual([
      '2026-03-04 12:00',
      '2026-03-04 12:15',
      '2026-03-04 12:30',
      '2026-03-04 12:45',
      '2026-03-04 13:00',
      '2026-03-05 12:00',
      '2026-03-05 12:15',
      '2026-03-05 12:30',
      '2026-03-05 12:45',
      '2026-03-05 13:00',
    ]);
  });
  it('aligns the options to the period start, not to midnight', () => {
    const slots = generateSlots(
      shop({ servicePeriods: [{ start: '12:10', end: '12:40' }], reservationDays: 1 }),
      'to_go',
      taipei('2026-03-04T11:00:00'),
    );
    expect(slots.map(localOf)).toEqual(['2026-03-04 12:10', '2026-03-04 12:25', '2026-03-04 12:40']);
  });
  it('the next accepted time of an order now is the next period start', () => {
    const next = nextAcceptedTime(check({ now: taipei('2026-03-04T15:00:00') }, { servicePeriods: lunch }));
    expect(next && localOf(next)).toBe('2026-03-05 12:00');
  });
  it('without periods the whole day is served (as before)', () => {
    expect(checkOrder(check({ wantedAt: taipei('2026-03-04T15:00:00') }))).toBeNull();
    expect(generateSlots(shop(), 'to_go', NOON).length).toBeGreaterThan(40);
  });
});

// spec 002 §1 / §2 go-live status 未上線/已上線 (docs/decisions/orders.md "Go-live status and test orders")
describe('go-live status', () => {
  it('a shop not live refuses a public order', () => {
    const r = checkOrder(check({}, { live: false }));
    expect(r?.code).toBe('SHOP_NOT_LIVE');
    expect(r?.message.zh).toBe('商店尚未上線，暫不接受訂單');
  });
  it('a staff test order passes it, and every other rule still applies', () => {
    expect(checkOrder(check({ test: true }, { live: false }))).toBeNull();
    expect(checkOrder(check({ test: true, mealType: 'eat_in' }, { live: false }))?.code).toBe(
      'MEAL_TYPE_OFF',
    );
  });
  it('a live shop (or one that says nothing) takes public orders', () => {
    expect(checkOrder(check({}, { live: true }))).toBeNull();
    expect(checkOrder(check())).toBeNull();
  });
});
