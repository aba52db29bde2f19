import { MEAL_TYPES, type TMealType } from '../../menus/menus/menu-model';
import { checkOrder } from '../../orders/storefront/check-order';
import type { TOrderRefusalCode } from '../../orders/storefront/messages';
import { type TOrderShop, zonedInstant } from '../../orders/storefront/order-context';
import { addDays, compactToMinutes, localTime, weekdayOf } from '../../shops/shop-time/local-time';
import { isOpenAt, periodsForMealType } from '../../shops/shop-time/opening-rules';
import { closedChatBarText } from './rich-menus';

/** The refusals of order intake that mean "the shop is closed now" (the rich menu turns to its closed variant). */
export const CLOSING_REFUSALS: readonly TOrderRefusalCode[] = [
  'SYSTEM_CLOSED',
  'SHOP_OFFLINE',
  'CLOSED_NOW',
  'DAY_OFF',
];

const WEEKDAYS = ['週日', '週一', '週二', '週三', '週四', '週五', '週六'] as const;

export type TChatMenuState =
  | { open: true }
  | { open: false; reason: TOrderRefusalCode; opensAt: Date | null; label: string };

/** The meal types the shop offers; a shop offering none is judged on its dine-in (default) periods. */
const offered = (shop: TOrderShop): TMealType[] => {
  const on = MEAL_TYPES.filter((m) => shop.mealTypes[m].on);
  return on.length ? on : ['eat_in'];
};

/**
 * The first moment after `now` the shop opens for one of `types`: a period start that isOpenAt accepts
 * (so a day off is skipped), within 8 days. Null when none (no periods, or every one on a day off).
 */
export const nextOpening = (shop: TOrderShop, types: readonly TMealType[], now: Date): Date | null => {
  const today = localTime(now, shop.timeZone).date;
  let best: Date | null = null;
  for (const m of types) {
    const periods = periodsForMealType(shop.periods.general, shop.periods.togo, shop.periods.delivery, m);
    for (let d = 0; d <= 8; d += 1) {
      const date = addDays(today, d);
      const weekday = weekdayOf(date);
      for (const p of periods) {
        if (p.openDay !== weekday) continue;
        const at = zonedInstant(date, compactToMinutes(p.openTime), shop.timeZone);
        if (at.getTime() <= now.getTime() || (best && at.getTime() >= best.getTime())) continue;
        if (isOpenAt(periods, shop.specialDays, at, shop.timeZone)) best = at;
      }
    }
  }
  return best;
};

/** When it opens, as the closed menu's chat bar says it: today's time, or the weekday and time. */
export const opensAtLabel = (opensAt: Date | null, now: Date, timeZone: string): string => {
  if (!opensAt) return closedChatBarText(null);
  const at = localTime(opensAt, timeZone);
  const hhmm = `${String(Math.floor(at.minute / 60)).padStart(2, '0')}:${String(at.minute % 60).padStart(2, '0')}`;
  const sameDay = at.date === localTime(now, timeZone).date;
  return closedChatBarText({ weekday: sameDay ? null : (WEEKDAYS[at.weekday] ?? null), time: hhmm });
};

/**
 * Is the shop's chat account open now (the rich menu follows the shop)? Decided by order intake's
 * own checkOrder, in its order: system off, shop paused (offline), then the service periods and days off of
 * each meal type the shop offers. Open when one of them would take an order now (other refusals, e.g. an
 * order limit reached, do not close the shop). Closed: the first refusal and when it opens again (none
 * while the system is off or the shop is paused: that is a person's decision, not the clock's).
 */
export const chatMenuState = (shop: TOrderShop, now: Date): TChatMenuState => {
  const types = offered(shop);
  let first: TOrderRefusalCode | null = null;
  for (const m of types) {
    const s = { ...shop, mealTypes: { ...shop.mealTypes, [m]: { ...shop.mealTypes[m], on: true } } };
    const r = checkOrder({ shop: s, mealType: m, wantedAt: null, now });
    if (!r || !CLOSING_REFUSALS.includes(r.code)) return { open: true };
    first ??= r.code;
  }
  const reason = first ?? 'CLOSED_NOW';
  const opensAt =
    reason === 'SYSTEM_CLOSED' || reason === 'SHOP_OFFLINE' ? null : nextOpening(shop, types, now);
  return { open: false, reason, opensAt, label: opensAtLabel(opensAt, now, shop.timeZone) };
};
