import { DEFAULT_TIME_SECTOR, type TTimeSector } from './business-data';

/** Slots times reservable days may not exceed this (spec 000 §9, 001 §9). */
export const SLOT_CAP = 3367;

const DAY = 24 * 60;
const minutes = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** The periods a shop serves in: none saved reads as the default whole day (spec 000 §9 default 00:00–23:59). */
export const servicePeriodsOf = (
  sectors: readonly TTimeSector[] | null | undefined,
): readonly TTimeSector[] => (sectors && sectors.length > 0 ? sectors : [DEFAULT_TIME_SECTOR]);

/**
 * The time options a customer can pick in one day, as minutes after local midnight, ascending and distinct
 * (spec 001 §5 "distinct slot count"; spec 000 §3 timeObjSectors): each period offers start,
 * start + interval, … up to and including its end; a period whose end is not after its start runs past
 * midnight into the next day (equal times are a whole day, as opening periods read them).
 * Options that several periods share count once. An interval that is not a number above 0 gives none
 * (the interval rule reports it). The customer app's slot picker (through the storefront's slots call),
 * intake's next bookable time and the console's preview all take their times from here.
 */
export const slotMinutes = (sectors: readonly TTimeSector[], intervalMinutes: number | null): number[] => {
  if (!intervalMinutes || !Number.isFinite(intervalMinutes) || intervalMinutes <= 0) return [];
  const seen = new Set<number>();
  for (const sector of sectors) {
    const start = minutes(sector.start);
    const end = minutes(sector.end);
    const span = end > start ? end - start : end + DAY - start;
    for (let t = 0; t <= span; t += intervalMinutes) seen.add((start + t) % DAY);
  }
  return [...seen].sort((a, b) => a - b);
};

/** The number of distinct time options in one day (the count the 3367 cap of spec 001 §5 applies to). */
export const countSlots = (sectors: readonly TTimeSector[], intervalMinutes: number | null): number =>
  slotMinutes(sectors, intervalMinutes).length;

/**
 * Whether a local time of day (minutes after midnight, shop clock) lies in one of the service periods
 * (spec 000 §3 timeObjSectors, 001 §3 time_obj_sectors), ends included: with 12:00–13:00 only, 12:00 and
 * 13:00 are in, 11:59 and 13:01 are not. A period ending at or before its start runs past midnight (equal
 * times are the whole day). No periods saved = the whole day. Intake refuses a time outside
 * (OUTSIDE_SERVICE_PERIOD); the slot options above all lie inside.
 */
export const inServicePeriod = (sectors: readonly TTimeSector[], minuteOfDay: number): boolean =>
  servicePeriodsOf(sectors).some((sector) => {
    const start = minutes(sector.start);
    const end = minutes(sector.end);
    if (end > start) return minuteOfDay >= start && minuteOfDay <= end;
    return minuteOfDay >= start || minuteOfDay <= end;
  });

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
