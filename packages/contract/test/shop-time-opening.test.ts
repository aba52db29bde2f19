// Service periods and days off (spec 001 §2.3, §3 "Opening period", "Special date", §9).
import { describe, expect, it } from 'vitest';
import {
  ALL_OPEN,
  closeDayFor,
  DEFAULT_OPENING_HOURS,
  datesInRange,
  isDayOff,
  isOpenAt,
  localTime,
  makePeriod,
  OPENING_MESSAGES,
  periodsForMealType,
  ZAddSpecialDayRequest,
  ZOpeningHours,
} from '../src';

// 2025-06-01 is a Sunday; the instants are written in Taipei time (+08:00).
const at = (local: string) => new Date(`${local}+08:00`);
const dayOff = (specialDate: string) => ({ specialDate, closeDay: 100 });

describe('local time (spec 001 §1: Asia/Taipei)', () => {
  it('reads the Taipei wall clock whatever the host zone', () => {
    expect(localTime(new Date('2025-06-01T16:30:00Z'))).toMatchObject({
      date: '2025-06-02',
      weekday: 1,
      minute: 30,
    });
  });
});

describe('opening periods (spec 001 §3)', () => {
  const monday9to17 = makePeriod(1, '0900', '1700');
  const fridayNight = makePeriod(5, '2200', '0200'); // ends Saturday 02:00

  it('a period is open from its opening minute up to, not including, its closing minute', () => {
    expect(isOpenAt([monday9to17], [], at('2025-06-02T08:59:59'))).toBe(false);
    expect(isOpenAt([monday9to17], [], at('2025-06-02T09:00:00'))).toBe(true);
    expect(isOpenAt([monday9to17], [], at('2025-06-02T16:59:59'))).toBe(true);
    expect(isOpenAt([monday9to17], [], at('2025-06-02T17:00:00'))).toBe(false);
    expect(isOpenAt([monday9to17], [], at('2025-06-03T10:00:00'))).toBe(false); // Tuesday
  });

  it('closing earlier than opening ends the next day (midnight crossing)', () => {
    expect(fridayNight.closeDay).toBe(6);
    expect(isOpenAt([fridayNight], [], at('2025-06-06T23:30:00'))).toBe(true);
    expect(isOpenAt([fridayNight], [], at('2025-06-07T00:00:00'))).toBe(true);
    expect(isOpenAt([fridayNight], [], at('2025-06-07T01:59:00'))).toBe(true);
    expect(isOpenAt([fridayNight], [], at('2025-06-07T02:00:00'))).toBe(false);
    expect(isOpenAt([fridayNight], [], at('2025-06-06T21:59:00'))).toBe(false);
  });

  it('Saturday night runs into Sunday across the week boundary', () => {
    const saturdayNight = makePeriod(6, '2000', '0300');
    expect(saturdayNight.closeDay).toBe(0);
    expect(isOpenAt([saturdayNight], [], at('2025-06-08T02:30:00'))).toBe(true);
    expect(isOpenAt([saturdayNight], [], at('2025-06-08T03:00:00'))).toBe(false);
  });

  it("'all open' is the whole day, and only that day", () => {
    const sunday = makePeriod(0, ALL_OPEN.openTime, ALL_OPEN.closeTime);
    expect(isOpenAt([sunday], [], at('2025-06-01T00:00:00'))).toBe(true);
    expect(isOpenAt([sunday], [], at('2025-06-01T23:59:59'))).toBe(true);
    expect(isOpenAt([sunday], [], at('2025-06-02T00:00:00'))).toBe(false);
    expect(isOpenAt(DEFAULT_OPENING_HOURS.general, [], at('2025-06-04T03:17:00'))).toBe(true);
  });

  it('no periods means not serving', () => {
    expect(isOpenAt([], [], at('2025-06-02T12:00:00'))).toBe(false);
  });

  it('closeDay follows the times: same day when it closes later, next day otherwise', () => {
    expect(closeDayFor(3, '0800', '2000')).toBe(3);
    expect(closeDayFor(3, '2000', '0800')).toBe(4);
    expect(closeDayFor(6, '0000', '0000')).toBe(0);
  });
});

describe('the period lists refuse bad periods (spec 001 §3)', () => {
  const hours = (general: unknown[]) => ZOpeningHours.safeParse({ general, togo: [], delivery: [] });
  const firstMessage = (general: unknown[]) => {
    const r = hours(general);
    return r.success ? null : r.error.issues[0]!.message;
  };

  it('accepts the default week and periods past midnight', () => {
    expect(hours(DEFAULT_OPENING_HOURS.general).success).toBe(true);
    expect(hours([makePeriod(5, '2200', '0200'), makePeriod(6, '1100', '1400')]).success).toBe(true);
  });
  it('refuses malformed times and weekdays', () => {
    expect(firstMessage([{ openDay: 1, closeDay: 1, openTime: '2400', closeTime: '2500' }])).toBe(
      OPENING_MESSAGES.timeFormat.zh,
    );
    expect(firstMessage([{ openDay: 7, closeDay: 7, openTime: '0900', closeTime: '1000' }])).toBe(
      OPENING_MESSAGES.dayRange.zh,
    );
  });
  it('refuses a closeDay that disagrees with the times', () => {
    expect(firstMessage([{ openDay: 1, closeDay: 1, openTime: '2200', closeTime: '0200' }])).toBe(
      OPENING_MESSAGES.closeDay.zh,
    );
  });
  it('refuses overlapping periods, including one running past midnight into the next', () => {
    expect(firstMessage([makePeriod(1, '0900', '1400'), makePeriod(1, '1300', '1800')])).toBe(
      OPENING_MESSAGES.overlap.zh,
    );
    expect(firstMessage([makePeriod(1, '2200', '0300'), makePeriod(2, '0200', '1000')])).toBe(
      OPENING_MESSAGES.overlap.zh,
    );
    expect(firstMessage([makePeriod(6, '2200', '0300'), makePeriod(0, '0100', '0500')])).toBe(
      OPENING_MESSAGES.overlap.zh,
    );
    // touching ends do not overlap
    expect(hours([makePeriod(1, '0900', '1400'), makePeriod(1, '1400', '1800')]).success).toBe(true);
  });
});

describe('periods per meal type (spec 001 §2.3 same as default / custom)', () => {
  const general = [makePeriod(1, '0900', '1700')];
  const togo = [makePeriod(1, '1100', '1300')];
  it('dine-in uses the default table', () => {
    expect(periodsForMealType(general, togo, [], 'eat_in')).toBe(general);
  });
  it('a custom table replaces the default for its meal type', () => {
    expect(periodsForMealType(general, togo, [], 'to_go')).toBe(togo);
  });
  it("an empty table is 'same as default'", () => {
    expect(periodsForMealType(general, togo, [], 'delivery')).toBe(general);
  });
});

describe('days off (spec 001 §3 Special date, closeDay 100)', () => {
  const friday = [makePeriod(5, '1100', '1400'), makePeriod(5, '2200', '0200')];
  it('closeDay 100 closes the whole date', () => {
    expect(isDayOff([dayOff('2025-06-06')], '2025-06-06')).toBe(true);
    expect(isDayOff([{ specialDate: '2025-06-06', closeDay: 5 }], '2025-06-06')).toBe(false);
    expect(isOpenAt(friday, [dayOff('2025-06-06')], at('2025-06-06T12:00:00'))).toBe(false);
    expect(isOpenAt(friday, [dayOff('2025-06-13')], at('2025-06-06T12:00:00'))).toBe(true);
  });
  it('a period that starts on a day off stays shut past midnight', () => {
    expect(isOpenAt(friday, [dayOff('2025-06-06')], at('2025-06-07T01:00:00'))).toBe(false);
  });
  it('a period that began the evening before a day off runs to its end', () => {
    expect(isOpenAt(friday, [dayOff('2025-06-07')], at('2025-06-07T01:00:00'))).toBe(true);
  });
  it('needs a chosen, real date (spec 001 §5)', () => {
    expect(ZAddSpecialDayRequest.safeParse({ date: '' }).error?.issues[0]?.message).toBe('請選擇日期');
    expect(ZAddSpecialDayRequest.safeParse({ date: '2025-02-30' }).success).toBe(false);
    expect(ZAddSpecialDayRequest.parse({ date: '2025-06-06' })).toEqual({
      date: '2025-06-06',
      closeDay: 100,
    });
    expect(ZAddSpecialDayRequest.safeParse({ date: '2025-06-06', closeDay: 1 }).success).toBe(false);
  });
  it('a range pick lists every date, month ends included', () => {
    expect(datesInRange('2025-02-27', '2025-03-02')).toEqual([
      '2025-02-27',
      '2025-02-28',
      '2025-03-01',
      '2025-03-02',
    ]);
    expect(datesInRange('2025-03-02', '2025-03-01')).toEqual([]);
  });
});
