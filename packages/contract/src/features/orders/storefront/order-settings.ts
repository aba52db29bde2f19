import type { TDeliveryQuote } from '../../delivery/logistics/delivery-quote';
import type { TPaymentService } from '../../payments/qrpay/qrpay';
import { addDays, localTime, SHOP_TIME_ZONE } from '../../shops/shop-time/local-time';
import {
  PAYMENT_METHODS,
  type TOrderCheck,
  type TOrderShop,
  type TPaymentMethod,
  zonedInstant,
} from './order-context';

/**
 * the shop settings an order depends on, each read in one place (docs/decisions/customer-app.md
 * "Order settings"). The customer app, order intake and the board all call these.
 */

/**
 * The payment methods the customer is offered for a meal type: cash when its cash switch is on; online when
 * its online-pay switch is on AND the shop has an enabled online payment service the app can take. Nothing is
 * offered as "paid online" that no service charges (intake refuses it: ONLINE_PAYMENT_UNAVAILABLE).
 */
export const offeredPayments = (
  switches: { cash: boolean; online: boolean },
  appServices: readonly TPaymentService[],
): TPaymentMethod[] =>
  PAYMENT_METHODS.filter((p) => switches[p] && (p !== 'online' || appServices.length > 0));

/**
 * spec 000 §3 deliveryAmtTh: "minimum delivery amount, or free-delivery amount when logistics is on"
 * (isLogistic). With logistics on there is no amount minimum: below the amount the delivery fee is charged,
 * at or above it delivery is free. With logistics off it is the minimum and delivery fees are never waived.
 * 0 is "no threshold" either way (no minimum; no free delivery), as a threshold left at its default reads.
 */
export const deliveryAmounts = (
  deliveryAmtTh: number,
  isLogistic: boolean,
): { minimum: number; freeFrom: number | null } =>
  isLogistic
    ? { minimum: 0, freeFrom: deliveryAmtTh > 0 ? deliveryAmtTh : null }
    : { minimum: deliveryAmtTh, freeFrom: null };

/**
 * The delivery fee of an order: the charge of the delivery rule its address fell in, waived when the
 * items' subtotal (before discounts) is at or above the free-delivery amount. No rule, no fee.
 */
export const deliveryFeeOf = (
  ctx: Pick<TOrderCheck, 'subtotal'> & { shop: Pick<TOrderShop, 'freeDeliveryFrom'> },
  quote: TDeliveryQuote | null,
): number => {
  if (!quote?.ok) return 0;
  const free = ctx.shop.freeDeliveryFrom;
  return free !== null && free !== undefined && ctx.subtotal !== undefined && ctx.subtotal >= free
    ? 0
    : quote.charge;
};

/**
 * deliveryDistanceTh (km) without delivery rules: 0 (or less) means no distance limit, so a shop that never
 * set it does not silently refuse every delivery.
 */
export const beyondDistance = (km: number, limitKm: number) => limitKm > 0 && km > limitKm;

/** Minutes after local midnight of an `HH:mm` / `HH:mm:ss` reset time; empty reads as midnight. */
const resetMinute = (resetTime: string | null | undefined) => {
  const m = /^(\d{2}):(\d{2})/.exec(resetTime ?? '');
  return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
};

/**
 * The start of the order-number day an order falls in (spec 001 §2.2 start_number, reset_time): the last
 * moment at or before `now` at which the shop's clock read reset_time. The day's serial starts at
 * order_start_number at that moment.
 */
export const serialDayStart = (
  now: Date,
  resetTime: string | null | undefined,
  timeZone: string = SHOP_TIME_ZONE,
): Date => {
  const minute = resetMinute(resetTime);
  const today = localTime(now, timeZone).date;
  const todays = zonedInstant(today, minute, timeZone);
  return todays.getTime() <= now.getTime() ? todays : zonedInstant(addDays(today, -1), minute, timeZone);
};
