import { msg, type TMessage } from '../../../common/errors';

/** spec 000 §4, 001 §4 */
export const ONLINE_PAY_NOT_ENABLED = msg('尚未啟用線上支付', 'Online payment is not enabled');

/** The switches the payment linkage reads and writes (a subset of TBusinessData). */
export type TPaymentFlags = {
  isMobilePayment: boolean;
  isEatIn: boolean;
  isEatInCash: boolean;
  isEatInPay: boolean;
  isToGo: boolean;
  isToGoCash: boolean;
  isToGoPay: boolean;
  isDelivery: boolean;
  isDeliveryCash: boolean;
  isDeliveryPay: boolean;
  isLala: boolean;
};

/** The three dining modes with their cash and online-pay switches. */
export const DINING_MODES = [
  { mode: 'isEatIn', cash: 'isEatInCash', pay: 'isEatInPay' },
  { mode: 'isToGo', cash: 'isToGoCash', pay: 'isToGoPay' },
  { mode: 'isDelivery', cash: 'isDeliveryCash', pay: 'isDeliveryPay' },
] as const satisfies readonly {
  mode: keyof TPaymentFlags;
  cash: keyof TPaymentFlags;
  pay: keyof TPaymentFlags;
}[];

const turnedOn = <T extends TPaymentFlags>(prev: T, next: T, key: keyof TPaymentFlags) =>
  !prev[key] && next[key];
const turnedOff = <T extends TPaymentFlags>(prev: T, next: T, key: keyof TPaymentFlags) =>
  prev[key] && !next[key];

/**
 * Payment-type consistency of the shop form (spec 000 §4 "Payment linkage", 001 §4): given the values
 * before and after a change, returns the values corrected by the rules, and the warning 尚未啟用線上支付 when
 * the change had to be refused.
 * - Mobile payment off clears the three online-pay switches; on sets them all.
 * - A mode's online pay turned on while mobile payment is off is reset, with the warning.
 * - Delivery turned on with the courier (isLala) and no online pay: online pay is set when mobile payment
 *   is on, otherwise delivery is switched back off, with the warning.
 * - Any other dining mode turned on with neither cash nor online pay gets cash.
 */
export const applyPaymentLinkage = <T extends TPaymentFlags>(
  prev: T,
  next: T,
): { data: T; warning?: TMessage } => {
  const data = { ...next };
  let warning: TMessage | undefined;

  if (turnedOff(prev, next, 'isMobilePayment')) {
    for (const m of DINING_MODES) data[m.pay] = false as T[typeof m.pay];
  } else if (turnedOn(prev, next, 'isMobilePayment')) {
    for (const m of DINING_MODES) data[m.pay] = true as T[typeof m.pay];
  }

  for (const m of DINING_MODES) {
    if (turnedOn(prev, next, m.pay) && !data.isMobilePayment) {
      data[m.pay] = false as T[typeof m.pay];
      warning = ONLINE_PAY_NOT_ENABLED;
    }
  }

  for (const m of DINING_MODES) {
    if (!turnedOn(prev, next, m.mode)) continue;
    if (m.mode === 'isDelivery' && data.isLala) {
      // The courier collects no cash: courier delivery needs online pay.
      if (data.isDeliveryPay) continue;
      if (data.isMobilePayment) data.isDeliveryPay = true;
      else {
        data.isDelivery = false;
        warning = ONLINE_PAY_NOT_ENABLED;
      }
    } else if (!data[m.cash] && !data[m.pay]) {
      data[m.cash] = true as T[typeof m.cash];
    }
  }
  return warning ? { data, warning } : { data };
};

/**
 * The state the linkage always leaves behind, checked again on save: no online pay without mobile payment.
 * Returns the first offending switch.
 */
export const onlinePayWithoutMobilePayment = (data: TPaymentFlags): keyof TPaymentFlags | null => {
  if (data.isMobilePayment) return null;
  return DINING_MODES.find((m) => data[m.pay])?.pay ?? null;
};
