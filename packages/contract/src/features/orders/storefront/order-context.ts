import type { TPreparedRules } from '../../delivery/logistics/delivery-quote';
import type { TMealType } from '../../menus/menus/menu-model';
import type { TPaymentService } from '../../payments/qrpay/qrpay';
import type { TTimeSector } from '../../shops/shop-profile/business-data';
import { localTime, SHOP_TIME_ZONE } from '../../shops/shop-time/local-time';
import type { TOpeningPeriod } from '../../shops/shop-time/opening-periods';
import { limitAppliesTo, slotOf, type TLimitSlot } from '../../shops/shop-time/order-limit-slots';
import type { TOrderLimitData } from '../../shops/shop-time/order-limits';
import type { TSpecialDay } from '../../shops/shop-time/special-days';

export const PAYMENT_METHODS = ['cash', 'online'] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What order intake knows of a shop: the business switches and its time rules. */
export type TOrderShop = {
  /** businesses.is_enabled (and not systemClosed). */
  online: boolean;
  /** accounts.sys_closed: the contract's system is off (spec 002 §4 Contract system status). */
  systemClosed?: boolean;
  /**
   * accounts.is_initialized, the go-live status (spec 002 §2 未上線/已上線): false = only staff test orders
   * are taken (checkOrder SHOP_NOT_LIVE). Absent = live.
   */
  live?: boolean;
  /**
   * time_obj_sectors, the service periods (spec 000 §3 timeObjSectors, 001 §3): wanted times must lie in
   * one (inServicePeriod) and the bookable times are their options (slotMinutes). Absent or empty = the
   * whole day.
   */
  servicePeriods?: readonly TTimeSector[];
  /** Per meal type: offered, cash accepted, online payment accepted (isEatIn / isEatInCash / isEatInPay…). */
  mealTypes: Record<TMealType, { on: boolean; cash: boolean; online: boolean }>;
  periods: { general: TOpeningPeriod[]; togo: TOpeningPeriod[]; delivery: TOpeningPeriod[] };
  specialDays: Pick<TSpecialDay, 'specialDate' | 'closeDay'>[];
  /** Preparation minutes per meal type (falls back to waiting_time). */
  waitingMinutes: Record<TMealType, number>;
  /** time_sector_days: 0 = immediate orders only, 1 = same day, 2 = next day too (spec 001 §5). */
  reservationDays: number;
  /** time_sector_length, minutes between bookable times. */
  intervalMinutes: number;
  limits: TOrderLimitData[];
  /** deliveryAmtTh as a minimum (logistics off; 0 with logistics on: see deliveryAmounts). */
  deliveryAmountMin: number;
  /** deliveryAmtTh as the free-delivery amount (logistics on), else null (spec 000 §3). */
  freeDeliveryFrom?: number | null;
  deliveryQtyMin: number;
  /** Straight-line km; 0 = no limit. */
  deliveryDistanceMax: number;
  lat: number | null;
  lng: number | null;
  timeZone: string;
  /**
   * The shop's delivery rules, prepared once. Empty: the old straight-line distance threshold
   * (deliveryDistanceMax) applies; otherwise an address must fall in a rule (deliveryQuote).
   */
  deliveryRules?: TPreparedRules;
  /** The online payment services the shop has configured and switched on (Qrpay tab). */
  paymentServicesOn?: readonly TPaymentService[];
  /** is_not_comment_of_order_display / _delivery_display: the comment box is hidden. */
  commentHidden?: { order: boolean; delivery: boolean };
  /** The table numbers of the shop's table QR codes, eat-in and to-go; absent = not checked. */
  tables?: { eat_in: readonly string[]; to_go: readonly string[] };
  /**
   * The shop edit form's phone switches (spec 000 §3 isPhoneRequired / isNotPhone); absent = the
   * phone is required.
   */
  phone?: { required: boolean; hidden: boolean };
  /** is_otp_enabled (spec 001 §2.2): the phone is required and must be verified by SMS (phone-otp). */
  phoneOtp?: boolean;
  /** is_not_comment_product_display: the item note box is hidden. */
  productNoteHidden?: boolean;
  /** is_receipt: the customer may ask for a paper receipt. */
  receipt?: boolean;
  /** is_pick_up (spec 000 §3 isPickup): to-go orders may be self pick-up (order-switches.ts). */
  pickUp?: boolean;
  /** is_email (spec 001 §2.2): the order needs the customer's e-mail, and is mailed to it. */
  emailRequired?: boolean;
  /**
   * is_invoice / is_carrier (spec 001 §2.2): the order form's tax-id field and mobile-carrier field, each a
   * switch of its own; absent = both asked.
   */
  invoiceFields?: { taxId: boolean; carrier: boolean };
};

/** The order facts the rules look at; products are the menu rows of the ordered items. */
export type TOrderCheck = {
  shop: TOrderShop;
  mealType: TMealType;
  paymentMethod?: TPaymentMethod;
  /** The online payment service the customer chose (Qrpay tab); absent = none named. */
  paymentService?: TPaymentService | null;
  /** The table of a table link. */
  tableNumber?: string | null;
  /** null = as soon as possible. */
  wantedAt: Date | null;
  now: Date;
  products?: {
    id: number;
    soldOut: boolean;
    stockLeft: number | null;
    mealTypes: TMealType[];
    quantity: number;
  }[];
  subtotal?: number;
  itemCount?: number;
  delivery?: { lat: number; lng: number } | null;
  /** Route distance to the address in meters, when the shop measures by route and it was measured. */
  deliveryRouteMeters?: number | null;
  /**
   * A staff test order (docs/decisions/orders.md "Go-live status and test orders"): the caller showed a signed
   * staff preview link of this shop. It passes the go-live check and is marked 測試, out of every report.
   */
  test?: boolean;
  /** Orders already counted per limit slot, keyed by `slotKey` (the server counts them). */
  slotCounts?: ReadonlyMap<string, number>;
};

export const slotKey = (slot: Pick<TLimitSlot, 'from' | 'to'>) =>
  `${slot.from.toISOString()}/${slot.to.toISOString()}`;

/** The limit slots of a meal type that contain `at` (each must be counted). */
export const limitSlotsAt = (shop: Pick<TOrderShop, 'limits' | 'timeZone'>, mealType: TMealType, at: Date) =>
  shop.limits.flatMap((limit) => {
    if (!limitAppliesTo(limit, mealType)) return [];
    const slot = slotOf(limit, at, shop.timeZone);
    return slot ? [{ limit, slot }] : [];
  });

/** Great-circle distance in km (haversine): delivery distance is straight-line. */
export const haversineKm = (a: { lat: number; lng: number }, b: { lat: number; lng: number }): number => {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
};

/** Whole local days from `now`'s date to `at`'s date on the shop's clock. */
export const dayIndex = (now: Date, at: Date, timeZone: string = SHOP_TIME_ZONE): number => {
  const today = localTime(now, timeZone).date;
  const day = localTime(at, timeZone).date;
  // calendar dates as UTC midnights: their difference is whole days (no zone offset or DST in between)
  const utc = (date: string) => {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  const days = Math.round((utc(day) - utc(today)) / 86_400_000);
  if (days < 0) return -1;
  return days <= 400 ? days : Number.POSITIVE_INFINITY;
};

/** The instant a shop's wall clock reads `minute` minutes after midnight of `date`. */
export const zonedInstant = (date: string, minute: number, timeZone: string = SHOP_TIME_ZONE): Date => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, 0, minute);
  const lt = localTime(new Date(guess), timeZone);
  const [ly, lm, ld] = lt.date.split('-').map(Number) as [number, number, number];
  const offset = Date.UTC(ly, lm - 1, ld, 0, lt.minute) - guess;
  return new Date(guess - offset);
};

/**
 * Whether a table link's table is one of the shop's (docs/decisions/orders.md "Unknown tables"): eat-in
 * and to-go tables are the shop's table QR codes of that kind. A shop with no code of the kind takes any
 * table number (it may hand out its own cards); delivery has no tables.
 */
export const tableKnown = (
  tables: TOrderShop['tables'],
  mealType: TMealType,
  tableNumber: string | null | undefined,
): boolean => {
  if (!tables || !tableNumber || mealType === 'delivery') return true;
  const list = tables[mealType];
  return list.length === 0 || list.includes(tableNumber.trim());
};

/** The longest customer note an order keeps. */
export const ORDER_COMMENT_MAX = 200;

/**
 * Whether the customer may leave a note for this meal type (spec 001 §3 inverted display flags):
 * delivery orders follow is_not_comment_of_delivery_display, eat-in and to-go is_not_comment_of_order_display.
 */
export const commentShown = (hidden: TOrderShop['commentHidden'], mealType: TMealType): boolean =>
  !(mealType === 'delivery' ? hidden?.delivery : hidden?.order);

/** How the order form asks for the customer's phone (docs/decisions/customer-app.md "The customer app's remaining switches"). */
export type TPhoneField = 'required' | 'optional' | 'hidden';

/**
 * The phone field for a meal type (spec 000 §3 isPhoneRequired / isNotPhone): a delivery always needs a
 * number (the courier calls it); otherwise hidden when the shop hides it, else required or optional.
 */
export const phoneField = (phone: TOrderShop['phone'], mealType: TMealType): TPhoneField => {
  if (mealType === 'delivery') return 'required';
  if (phone?.hidden) return 'hidden';
  return phone?.required === false ? 'optional' : 'required';
};

/** The longest note a customer may leave on one item, e.g. 去冰、少辣. */
export const PRODUCT_NOTE_MAX = 50;

/** Whether the customer may leave a note per item (is_not_comment_product_display). */
export const productNoteShown = (hidden: TOrderShop['productNoteHidden']): boolean => !hidden;

/** The e-invoice data a customer may give: the buyer's tax id, the mobile barcode carrier. */
export type TInvoiceInput = { buyerTaxId?: string; carrier?: string };

/**
 * What of the customer's e-invoice data an order keeps (spec 001 §2.2 is_invoice "tax-id field",
 * is_carrier "mobile e-invoice carrier field"): only the fields the shop's form asks for, each by its own
 * switch. The checkout shows the fields by it and order intake drops the others (a caller that is not our
 * app), as it drops a note for a hidden comment box. Null when nothing is left.
 */
export const keptInvoice = (
  fields: TOrderShop['invoiceFields'],
  invoice: TInvoiceInput | null | undefined,
): TInvoiceInput | null => {
  const taxId = fields?.taxId ?? true;
  const carrier = fields?.carrier ?? true;
  const kept: TInvoiceInput = {
    ...(taxId && invoice?.buyerTaxId ? { buyerTaxId: invoice.buyerTaxId } : {}),
    ...(carrier && invoice?.carrier ? { carrier: invoice.carrier } : {}),
  };
  return kept.buyerTaxId || kept.carrier ? kept : null;
};
