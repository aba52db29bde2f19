// spec 000 §5, §9 and 001 §5, §9: slot count times reservable days at most 3367
import { describe, expect, it } from 'vitest';
import { countSlots, exceedsSlotCap, SLOT_CAP, slotLoad } from '../src';

describe('countSlots', () => {
  it('counts the default whole-day range 00:00-23:59 at every interval option', () => {
    const day = [{ start: '00:00', end: '23:59' }];
    expect(countSlots(day, 15)).toBe(96);
    expect(countSlots(day, 5)).toBe(288);
    expect(countSlots(day, 60)).toBe(24);
  });

  it('includes the end of a period when the interval lands on it', () => {
    expect(countSlots([{ start: '09:00', end: '14:00' }], 15)).toBe(21);
    expect(countSlots([{ start: '09:00', end: '14:10' }], 15)).toBe(21);
  });

  it('counts a period crossing midnight into the next day', () => {
    // 22:00, 22:30, …, 02:00 = 9 options
    expect(countSlots([{ start: '22:00', end: '02:00' }], 30)).toBe(9);
  });

  it('reads equal start and end as a whole day', () => {
    expect(countSlots([{ start: '12:00', end: '12:00' }], 60)).toBe(24);
  });

  it('counts options that several periods share once', () => {
    const overlapping = [
      { start: '10:00', end: '12:00' },
      { start: '11:00', end: '13:00' },
    ];
    expect(countSlots(overlapping, 30)).toBe(7); // 10:00 … 13:00
  });

  it('gives 0 for an interval that is not above 0 and for no periods', () => {
    expect(countSlots([{ start: '00:00', end: '23:59' }], 0)).toBe(0);
    expect(countSlots([{ start: '00:00', end: '23:59' }], null)).toBe(0);
    expect(countSlots([], 15)).toBe(0);
  });
});

describe('the 3367 cap', () => {
  it('is 3367', () => expect(SLOT_CAP).toBe(3367));

  it('accepts exactly 3367 (481 options × 7 days)', () => {
    const sectors = [{ start: '00:00', end: '08:00' }]; // 00:00 … 08:00 each minute = 481
    expect(slotLoad(sectors, 1, 7)).toBe(3367);
    expect(exceedsSlotCap(sectors, 1, 7)).toBe(false);
  });

  it('refuses 3368 (421 options × 8 days)', () => {
    const sectors = [{ start: '00:00', end: '07:00' }]; // 421 options
    expect(slotLoad(sectors, 1, 8)).toBe(3368);
    expect(exceedsSlotCap(sectors, 1, 8)).toBe(true);
  });

  it('applies to periods crossing midnight too', () => {
    const sectors = [{ start: '20:00', end: '04:00' }]; // 481 options each minute
    expect(slotLoad(sectors, 1, 7)).toBe(3367);
    expect(exceedsSlotCap(sectors, 1, 8)).toBe(true);
  });

  it('never blocks immediate-only shops (0 days)', () => {
    expect(exceedsSlotCap([{ start: '00:00', end: '23:59' }], 1, 0)).toBe(false);
  });
});
