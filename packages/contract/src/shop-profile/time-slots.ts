import type { TTimeSector } from './business-data';

/** Slots times reservable days may not exceed this (spec 000 §9, 001 §9). */
export const SLOT_CAP = 3367;

const DAY = 24 * 60;
const minutes = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * The distinct time options a customer can pick in one day (spec 001 §5 "distinct slot count"): each period
 * offers start, start + interval, … up to and including its end; a period whose end is not after its start
 * runs past midnight into the next day (equal times are a whole day, as opening periods read them).
 * Options that several periods share count once.
 * An interval that is not a number above 0 gives 0 (the interval rule reports it).
 */
export const countSlots = (sectors: readonly TTimeSector[], intervalMinutes: number | null): number => {
  if (!intervalMinutes || !Number.isFinite(intervalMinutes) || intervalMinutes <= 0) return 0;
  const seen = new Set<number>();
  for (const sector of sectors) {
    const start = minutes(sector.start);
    const end = minutes(sector.end);
    const span = end > start ? end - start : end + DAY - start;
    for (let t = 0; t <= span; t += intervalMinutes) seen.add((start + t) % DAY);
  }
  return seen.size;
};

/** Slots times days, the number the cap applies to. */
export const slotLoad = (
  sectors: readonly TTimeSector[],
  intervalMinutes: number | null,
  days: number | null,
) => countSlots(sectors, intervalMinutes) * Math.max(0, days ?? 0);

/** spec 000 §5, 001 §5: slot count times days must not exceed 3367. */
export const exceedsSlotCap = (
  sectors: readonly TTimeSector[],
  intervalMinutes: number | null,
  days: number | null,
): boolean => slotLoad(sectors, intervalMinutes, days) > SLOT_CAP;
