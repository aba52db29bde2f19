import type { TMealType } from '../../menus/menus/menu-model';
import { addDays, localTime, MINUTES_PER_WEEK, SHOP_TIME_ZONE } from './local-time';
import { type TOpeningPeriod, weekSpan } from './opening-periods';
import { isDayOff, type TSpecialDay } from './special-days';

/**
 * The periods that apply to a meal type (spec 001 §2.3): dine-in uses the default table; self-pickup and
 * delivery use their own table when it is custom (not empty), else the default ('same as default').
 */
export const periodsForMealType = (
  general: readonly TOpeningPeriod[],
  togo: readonly TOpeningPeriod[],
  delivery: readonly TOpeningPeriod[],
  mealType: TMealType,
): readonly TOpeningPeriod[] => {
  if (mealType === 'to_go' && togo.length > 0) return togo;
  if (mealType === 'delivery' && delivery.length > 0) return delivery;
  return general;
};

/**
 * Is the shop serving at `at`? True when a period covers the moment and the date that period starts on is
 * not a day off (closeDay 100). A period that began the evening before a day off runs to its end; one that
 * begins on the day off does not open at all, past midnight included (docs/decisions/shops.md Shop time).
 */
export const isOpenAt = (
  periods: readonly TOpeningPeriod[],
  specialDays: readonly Pick<TSpecialDay, 'specialDate' | 'closeDay'>[],
  at: Date,
  timeZone: string = SHOP_TIME_ZONE,
): boolean => {
  const now = localTime(at, timeZone);
  const minuteOfWeek = now.weekday * 1440 + now.minute + now.msInMinute / 60_000;
  return periods.some((p) => {
    const { start, end } = weekSpan(p);
    const inside =
      (minuteOfWeek >= start && minuteOfWeek < end) ||
      (minuteOfWeek + MINUTES_PER_WEEK >= start && minuteOfWeek + MINUTES_PER_WEEK < end);
    if (!inside) return false;
    // A period lasts at most 24 hours, so it started today or yesterday.
    const startedOn = addDays(now.date, -((now.weekday - p.openDay + 7) % 7));
    return !isDayOff(specialDays, startedOn);
  });
};
