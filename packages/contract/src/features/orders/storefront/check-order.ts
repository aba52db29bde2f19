import { deliveryQuote, type TDeliveryQuote } from '../../delivery/logistics/delivery-quote';
import type { TMealType } from '../../menus/menus/menu-model';
import { inServicePeriod, servicePeriodsOf, slotMinutes } from '../../shops/shop-profile/time-slots';
import { addDays, localTime } from '../../shops/shop-time/local-time';
import { isOpenAt, periodsForMealType } from '../../shops/shop-time/opening-rules';
import { isLimitReached } from '../../shops/shop-time/order-limit-slots';
import { isDayOff } from '../../shops/shop-time/special-days';
import { refusal, type TOrderRefusal, type TOrderRefusalCode } from './messages';
import {
  dayIndex,
  haversineKm,
  limitSlotsAt,
  slotKey,
  type TOrderCheck,
  type TOrderShop,
  tableKnown,
  zonedInstant,
} from './order-context';
import { beyondDistance } from './order-settings';

const MINUTE = 60_000;

/** The refusals that depend on the chosen time only: another time may pass them. */
export const TIME_REFUSALS: readonly TOrderRefusalCode[] = [
  'CLOSED_NOW',
  'OUTSIDE_SERVICE_HOURS',
  'DAY_OFF',
  'NOT_SERVING_NOW',
  'OUTSIDE_SERVICE_PERIOD',
  'BEYOND_RESERVATION_WINDOW',
  'TOO_EARLY',
  'ORDER_LIMIT_REACHED',
];

/**
 * The delivery rule an order's address falls in, or null when the shop has no rules or the order
 * is not a delivery with a point. Order intake prices the order with it; checkOrder refuses what it refuses.
 */
export const quoteOrder = (ctx: TOrderCheck): TDeliveryQuote | null => {
  const rules = ctx.shop.deliveryRules;
  if (ctx.mealType !== 'delivery' || !ctx.delivery || !rules || rules.rules.length === 0) return null;
  const shopPoint =
    ctx.shop.lat !== null && ctx.shop.lng !== null ? { lat: ctx.shop.lat, lng: ctx.shop.lng } : null;
  return deliveryQuote(rules, ctx.delivery, shopPoint, { distanceMeters: ctx.deliveryRouteMeters ?? null });
};

/** Preparation minutes of the order: the meal type's, plus the delivery rule's additional time. */
const prepMinutes = (ctx: TOrderCheck, quote: TDeliveryQuote | null) =>
  ctx.shop.waitingMinutes[ctx.mealType] + (quote?.ok ? quote.extraMinutes : 0);

const timeRefusal = (
  ctx: TOrderCheck,
  quote: TDeliveryQuote | null = quoteOrder(ctx),
): TOrderRefusal | null => {
  const { shop, mealType, now, wantedAt } = ctx;
  const at = wantedAt ?? now;
  const prep = prepMinutes(ctx, quote) * MINUTE;
  const periods = periodsForMealType(
    shop.periods.general,
    shop.periods.togo,
    shop.periods.delivery,
    mealType,
  );
  if (!isOpenAt(periods, shop.specialDays, at, shop.timeZone)) {
    if (isDayOff(shop.specialDays, localTime(at, shop.timeZone).date)) return refusal('DAY_OFF');
    return refusal(wantedAt ? 'OUTSIDE_SERVICE_HOURS' : 'CLOSED_NOW');
  }
  // spec 000 §3 timeObjSectors: inside the opening hours, the time must also be in a service period
  if (!inServicePeriod(servicePeriodsOf(shop.servicePeriods), localTime(at, shop.timeZone).minute))
    return refusal(wantedAt ? 'OUTSIDE_SERVICE_PERIOD' : 'NOT_SERVING_NOW');
  if (wantedAt) {
    // a minute of grace: the customer picked the time a moment ago
    if (wantedAt.getTime() < now.getTime() + prep - MINUTE) return refusal('TOO_EARLY');
    const beyond =
      shop.reservationDays <= 0
        ? // immediate orders only (spec 001 §5): no later than the next bookable time after preparation
          wantedAt.getTime() > now.getTime() + prep + shop.intervalMinutes * MINUTE
        : dayIndex(now, wantedAt, shop.timeZone) >= shop.reservationDays;
    if (beyond) return refusal('BEYOND_RESERVATION_WINDOW');
  }
  for (const { limit, slot } of limitSlotsAt(shop, mealType, at)) {
    if (isLimitReached(limit, ctx.slotCounts?.get(slotKey(slot)) ?? 0)) return refusal('ORDER_LIMIT_REACHED');
  }
  return null;
};

/**
 * The FIRST rule that blocks an order, or null when it may be placed. The storefront's POST and
 * its availability call both run this, so a customer is told exactly what the order would be refused for.
 * Order: shop switches, meal type, payment, time (service periods, days off, reservation window, order
 * limit), then the products (sold out, meal type), then delivery (minimum, distance).
 */
export const checkOrder = (ctx: TOrderCheck): TOrderRefusal | null => {
  const { shop, mealType } = ctx;
  if (shop.systemClosed) return refusal('SYSTEM_CLOSED');
  if (shop.live === false && !ctx.test) return refusal('SHOP_NOT_LIVE');
  if (!shop.online) return refusal('SHOP_OFFLINE');
  const switches = shop.mealTypes[mealType];
  if (!switches.on) return refusal('MEAL_TYPE_OFF');
  if (!tableKnown(shop.tables, mealType, ctx.tableNumber)) return refusal('UNKNOWN_TABLE');
  if (ctx.paymentMethod && !switches[ctx.paymentMethod]) return refusal('PAYMENT_METHOD_OFF');
  // (docs/decisions/payments.md "QR payment"): a named service pays online and must be on at the shop
  if (ctx.paymentService) {
    if (ctx.paymentMethod && ctx.paymentMethod !== 'online') return refusal('PAYMENT_METHOD_OFF');
    if (!(shop.paymentServicesOn ?? []).includes(ctx.paymentService)) return refusal('PAYMENT_SERVICE_OFF');
  } else if (ctx.paymentMethod === 'online') {
    // nothing is "paid online" unless a service charges it
    return refusal(
      (shop.paymentServicesOn ?? []).length > 0 ? 'PAYMENT_SERVICE_REQUIRED' : 'ONLINE_PAYMENT_UNAVAILABLE',
    );
  }
  const quote = quoteOrder(ctx);
  const time = timeRefusal(ctx, quote);
  if (time) return time;
  for (const p of ctx.products ?? []) {
    if (p.soldOut || p.stockLeft === 0) return refusal('SOLD_OUT', p.id);
    if (p.stockLeft !== null && p.stockLeft < p.quantity) return refusal('NOT_ENOUGH_STOCK', p.id);
    if (!p.mealTypes.includes(mealType)) return refusal('NOT_AVAILABLE_FOR_MEAL_TYPE', p.id);
  }
  if (mealType === 'delivery') {
    if (
      (ctx.subtotal !== undefined && ctx.subtotal < shop.deliveryAmountMin) ||
      (ctx.itemCount !== undefined && ctx.itemCount < shop.deliveryQtyMin)
    )
      return refusal('BELOW_DELIVERY_MINIMUM');
    if (quote) {
      // a distance rule could take the address but the shop has no point to measure from
      if (!quote.ok)
        return refusal(
          quote.reason === 'NO_SHOP_LOCATION' ? 'SHOP_LOCATION_UNKNOWN' : 'OUTSIDE_DELIVERY_ZONE',
        );
      if (
        (ctx.subtotal !== undefined && ctx.subtotal < quote.amountMin) ||
        (ctx.itemCount !== undefined && ctx.itemCount < quote.qtyMin)
      )
        return refusal('BELOW_DELIVERY_MINIMUM');
    } else if (ctx.delivery && shop.deliveryDistanceMax > 0) {
      // deliveryDistanceTh 0 = no distance limit; a limit without the shop's point cannot be judged, and an
      // unchecked limit would accept any address (docs/decisions/delivery.md "The shop's point")
      if (shop.lat === null || shop.lng === null) return refusal('SHOP_LOCATION_UNKNOWN');
      const km = haversineKm({ lat: shop.lat, lng: shop.lng }, ctx.delivery);
      if (beyondDistance(km, shop.deliveryDistanceMax)) return refusal('TOO_FAR');
    }
  }
  return null;
};

/**
 * Candidate times from `from` for `days` days: each day's slot options (slotMinutes: every interval from
 * the start of each service period to its end, spec 000 §3 timeObjSectors), on the shop's clock.
 */
const candidateTimes = function* (shop: TOrderShop, from: Date, days: number) {
  const options = slotMinutes(servicePeriodsOf(shop.servicePeriods), Math.max(1, shop.intervalMinutes));
  const span = Math.max(1, days);
  const end = from.getTime() + span * 1440 * MINUTE;
  const today = localTime(from, shop.timeZone).date;
  for (let d = 0; d <= span; d += 1) {
    const date = addDays(today, d);
    for (const m of options) {
      const t = zonedInstant(date, m, shop.timeZone);
      if (t.getTime() >= end) return;
      if (t.getTime() >= from.getTime()) yield t;
    }
  }
};

/**
 * The first moment from `from` at which the time rules let this order through, or null when something
 * else blocks it (another time would not help) or no time within the reservation window works.
 */
export const nextAcceptedTime = (ctx: TOrderCheck, from: Date = ctx.now): Date | null => {
  const first = checkOrder({ ...ctx, wantedAt: ctx.wantedAt ?? null });
  if (first && !TIME_REFUSALS.includes(first.code)) return null;
  const quote = quoteOrder(ctx);
  const prepared = new Date(Math.max(from.getTime(), ctx.now.getTime() + prepMinutes(ctx, quote) * MINUTE));
  for (const t of candidateTimes(ctx.shop, prepared, ctx.shop.reservationDays)) {
    const r = timeRefusal({ ...ctx, wantedAt: t }, quote);
    if (!r) return t;
    if (r.code === 'BEYOND_RESERVATION_WINDOW') return null;
  }
  return null;
};

/**
 * Bookable times for a meal type: the service periods' options (spec 000 §3 timeObjSectors) within
 * the opening periods, not on a day off,
 * after the preparation minutes, inside the reservation days, and in no full order-limit slot.
 * An immediate-only shop (0 reservable days) has no bookable times.
 */
export const generateSlots = (
  shop: TOrderShop,
  mealType: TMealType,
  now: Date,
  slotCounts?: ReadonlyMap<string, number>,
): Date[] => {
  if (shop.reservationDays <= 0) return [];
  const from = new Date(now.getTime() + shop.waitingMinutes[mealType] * MINUTE);
  const out: Date[] = [];
  for (const t of candidateTimes(shop, from, shop.reservationDays + 1)) {
    if (dayIndex(now, t, shop.timeZone) >= shop.reservationDays) break;
    if (!timeRefusal({ shop, mealType, now, wantedAt: t, slotCounts })) out.push(t);
  }
  return out;
};

/** Orders counted per limit slot from their wanted times (for generateSlots and checkOrder). */
export const countOrdersBySlot = (shop: TOrderShop, mealType: TMealType, wantedTimes: readonly Date[]) => {
  const counts = new Map<string, number>();
  for (const at of wantedTimes)
    for (const { slot } of limitSlotsAt(shop, mealType, at))
      counts.set(slotKey(slot), (counts.get(slotKey(slot)) ?? 0) + 1);
  return counts;
};
