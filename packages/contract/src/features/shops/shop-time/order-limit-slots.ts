import type { TMealType } from '../../menus/menus/menu-model';
import { colonToMinutes, localTime, MINUTES_PER_DAY, minutesToColon, SHOP_TIME_ZONE } from './local-time';
import type { TOrderLimitData } from './order-limits';

/**
 * Slots of an order limit, for order intake: find the slot an order's time falls in, count the shop's
 * orders of that meal type in [from, to), and refuse when `isLimitReached`.
 */
type TLimitShape = Pick<TOrderLimitData, 'period_session' | 'time_session' | 'session_time'>;

export type TLimitSlot = {
  /** 0 for the slot that starts at time_session.start. */
  index: number;
  /** HH:mm on the shop's clock. */
  start: string;
  end: string;
  /** The slot as instants (end exclusive), for counting orders. */
  from: Date;
  to: Date;
};

/**
 * The minutes a limit covers, [start, end). The pickers cannot say 24:00, so an end of 23:59 means the end
 * of the day: the default 00:00–23:59 covers the whole day (docs/decisions/shops.md Shop time).
 */
export const limitWindow = (limit: TLimitShape): { start: number; end: number } => {
  const end = colonToMinutes(limit.time_session.end);
  return {
    start: colonToMinutes(limit.time_session.start),
    end: end === MINUTES_PER_DAY - 1 ? MINUTES_PER_DAY : end,
  };
};

/** Does the limit concern orders of this meal type? */
export const limitAppliesTo = (limit: { meal_type: TMealType }, mealType: TMealType): boolean =>
  limit.meal_type === mealType;

/**
 * The slot of `limit` that contains `at`, or null when the limit does not cover that moment (another
 * weekday, or outside its hours). Slots are session_time long from time_session.start; the last one is cut
 * short at the end.
 */
export const slotOf = (
  limit: TLimitShape,
  at: Date,
  timeZone: string = SHOP_TIME_ZONE,
): TLimitSlot | null => {
  const now = localTime(at, timeZone);
  if (!limit.period_session.includes(now.weekday)) return null;
  const { start, end } = limitWindow(limit);
  if (now.minute < start || now.minute >= end) return null;
  const index = Math.floor((now.minute - start) / limit.session_time);
  const slotStart = start + index * limit.session_time;
  const slotEnd = Math.min(slotStart + limit.session_time, end);
  const from = new Date(at.getTime() - ((now.minute - slotStart) * 60_000 + now.msInMinute));
  return {
    index,
    start: minutesToColon(slotStart),
    end: slotEnd === MINUTES_PER_DAY ? '24:00' : minutesToColon(slotEnd),
    from,
    to: new Date(from.getTime() + (slotEnd - slotStart) * 60_000),
  };
};

/** Is the slot full? countInSlot = orders already taken in the slot (spec 001 §3 max_num_of_order). */
export const isLimitReached = (
  limit: Pick<TOrderLimitData, 'max_num_of_order'>,
  countInSlot: number,
): boolean => countInSlot >= limit.max_num_of_order;
