// Order limits (spec 001 §3, 002 §3, §5, §9) and business timing (spec 001 §5, §9).
import { describe, expect, it } from 'vitest';
import {
  isLimitReached,
  limitAppliesTo,
  ORDER_LIMIT_MESSAGES as M,
  ORDER_LIMIT_PAGE_DEFAULTS,
  SHOP_PROFILE_MESSAGES,
  slotOf,
  TIME_TAB_ORDER_LIMIT_DEFAULTS,
  TIMING_MESSAGES,
  type TTiming,
  timingViolations,
  ZOrderLimitData,
  ZOrderLimitDataWithId,
  ZTiming,
} from '../src';
import { validBusiness } from './shop-profile-fixture';

const at = (local: string) => new Date(`${local}+08:00`); // 2025-06-02 is a Monday
const valid = { ...ORDER_LIMIT_PAGE_DEFAULTS };
const messageOf = (body: unknown) => {
  const r = ZOrderLimitData.safeParse(body);
  return r.success ? null : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('order-limit validation (spec 002 §5)', () => {
  it('accepts both default sets and orders the weekdays', () => {
    expect(ZOrderLimitData.parse(TIME_TAB_ORDER_LIMIT_DEFAULTS)).toEqual(TIME_TAB_ORDER_LIMIT_DEFAULTS);
    expect(ZOrderLimitData.parse({ ...valid, period_session: [5, 1, 1, 3] }).period_session).toEqual([
      1, 3, 5,
    ]);
  });
  it('needs at least one weekday', () => {
    expect(messageOf({ ...valid, period_session: [] })).toEqual([`period_session: ${M.weekdayRequired.zh}`]);
  });
  it('start, end and interval are required', () => {
    expect(messageOf({ ...valid, time_session: { start: '', end: '18:00' } })).toEqual([
      `time_session.start: ${M.required.zh}`,
    ]);
    expect(messageOf({ ...valid, time_session: { start: '12:00' } })).toEqual([
      `time_session.end: ${M.required.zh}`,
    ]);
    expect(messageOf({ ...valid, session_time: undefined })).toEqual([`session_time: ${M.required.zh}`]);
    expect(messageOf({ ...valid, session_time: 20 })).toEqual([`session_time: ${M.required.zh}`]);
  });
  it('the per-slot count is required and greater than 0', () => {
    for (const n of [undefined, 0, -3, 1.5])
      expect(messageOf({ ...valid, max_num_of_order: n })).toEqual([`max_num_of_order: ${M.positive.zh}`]);
    expect(messageOf({ ...valid, max_num_of_order: 1 })).toBeNull();
  });
  it('start must be before end', () => {
    expect(messageOf({ ...valid, time_session: { start: '18:00', end: '18:00' } })).toEqual([
      `time_session.end: ${M.startBeforeEnd.zh}`,
    ]);
    expect(messageOf({ ...valid, time_session: { start: '18:00', end: '12:00' } })).toEqual([
      `time_session.end: ${M.startBeforeEnd.zh}`,
    ]);
  });
  it('the update helper needs the id (spec 001 §7 orderLimitData plus id)', () => {
    expect(ZOrderLimitDataWithId.safeParse(valid).success).toBe(false);
    expect(ZOrderLimitDataWithId.parse({ ...valid, id: 4 }).id).toBe(4);
  });
});

describe('order-limit slots (for order intake)', () => {
  const lunch = {
    ...valid,
    period_session: [1],
    time_session: { start: '12:00', end: '13:45' },
    session_time: 30,
  };

  it('the first slot starts at the start time', () => {
    expect(slotOf(lunch, at('2025-06-02T12:00:00'))).toMatchObject({
      index: 0,
      start: '12:00',
      end: '12:30',
    });
    expect(slotOf(lunch, at('2025-06-02T11:59:59'))).toBeNull();
  });
  it('a slot ends where the next begins', () => {
    expect(slotOf(lunch, at('2025-06-02T12:29:59'))?.index).toBe(0);
    expect(slotOf(lunch, at('2025-06-02T12:30:00'))).toMatchObject({ index: 1, start: '12:30' });
  });
  it('the last slot is cut short at the end, and the end itself is outside', () => {
    const last = slotOf(lunch, at('2025-06-02T13:44:59'))!;
    expect(last).toMatchObject({ index: 3, start: '13:30', end: '13:45' });
    expect(last.from.toISOString()).toBe(at('2025-06-02T13:30:00').toISOString());
    expect(last.to.toISOString()).toBe(at('2025-06-02T13:45:00').toISOString());
    expect(slotOf(lunch, at('2025-06-02T13:45:00'))).toBeNull();
  });
  it('only on the chosen weekdays', () => {
    expect(slotOf(lunch, at('2025-06-03T12:10:00'))).toBeNull();
  });
  it('23:59 is the end of the day: the default limit covers the whole day', () => {
    const allDay = TIME_TAB_ORDER_LIMIT_DEFAULTS;
    expect(slotOf(allDay, at('2025-06-02T00:00:00'))).toMatchObject({
      index: 0,
      start: '00:00',
      end: '00:15',
    });
    const late = slotOf(allDay, at('2025-06-02T23:59:30'))!;
    expect(late).toMatchObject({ index: 95, start: '23:45', end: '24:00' });
    expect(late.to.toISOString()).toBe(at('2025-06-03T00:00:00').toISOString());
  });
  it('is reached when the slot holds max_num_of_order orders', () => {
    expect(isLimitReached({ max_num_of_order: 5 }, 4)).toBe(false);
    expect(isLimitReached({ max_num_of_order: 5 }, 5)).toBe(true);
    expect(limitAppliesTo({ meal_type: 'eat_in' }, 'to_go')).toBe(false);
  });
});

describe('business timing (spec 001 §5 through shop-profile rules)', () => {
  const timing = (over: Partial<TTiming>): TTiming => ({
    eat_in_waiting_time: 10,
    to_go_waiting_time: null,
    delivery_waiting_time: 30,
    time_sector_days: 1,
    time_sector_length: 15,
    time_obj_sectors: [{ start: '00:00', end: '23:59' }],
    ...over,
  });
  const messages = (over: Partial<TTiming>) =>
    timingViolations(validBusiness(), timing(over)).map((v) => v.message.zh);

  it('interval 0 is refused', () => {
    expect(messages({ time_sector_length: 0 })).toEqual([SHOP_PROFILE_MESSAGES.intervalPositive.zh]);
  });
  it('reservation days 0 (immediate only) needs no interval; 30 is the ceiling', () => {
    expect(messages({ time_sector_days: 0, time_sector_length: null })).toEqual([]);
    expect(messages({ time_sector_days: 1, time_sector_length: null })).toEqual([
      SHOP_PROFILE_MESSAGES.intervalRequired.zh,
    ]);
    expect(ZTiming.safeParse(timing({ time_sector_days: 30, time_sector_length: 60 })).success).toBe(true);
    expect(ZTiming.safeParse(timing({ time_sector_days: 31 })).error?.issues[0]?.message).toBe(
      TIMING_MESSAGES.daysMax.zh,
    );
    expect(messages({ time_sector_days: -1 })).toEqual([SHOP_PROFILE_MESSAGES.daysNonNegative.zh]);
  });
  it('slots times days may reach 3367 but not pass it', () => {
    // 00:00–23:59 every 5 minutes = 288 options; 07:00–09:00 every 5 = 25 options.
    // 13 days × 259 options = 3367: one range 00:00–21:30 (259 options at 5 minutes).
    expect(
      messages({
        time_obj_sectors: [{ start: '00:00', end: '21:30' }],
        time_sector_length: 5,
        time_sector_days: 13,
      }),
    ).toEqual([]);
    expect(
      messages({
        time_obj_sectors: [{ start: '00:00', end: '21:35' }],
        time_sector_length: 5,
        time_sector_days: 13,
      }),
    ).toEqual([SHOP_PROFILE_MESSAGES.tooDense.zh]);
  });
  it('negative preparation minutes are refused, empty ones fall back', () => {
    expect(messages({ eat_in_waiting_time: -5 })).toHaveLength(1);
    expect(messages({ eat_in_waiting_time: null })).toEqual([]);
  });
  it('rules about other fields of the shop are not this save’s business', () => {
    const broken = validBusiness({ businessEmail: '' });
    expect(timingViolations(broken, timing({}))).toEqual([]);
  });
});
