import { z } from 'zod';
import { PG_INT, TEXT_MAX, zDecimal, zId, zInt, zText } from '../../../common/bounds';

/**
 * The shop as the edit form and GET/PUT /{type}/shops/{id} see it (spec 000 §3 "Store / business").
 * Field names are the spec's, in camelCase (FBUrl → fbUrl). The server turns stored 1/0 and strings into
 * booleans and numbers. This schema checks shape only (types, formats, hard size caps); the business rules
 * and their spec messages live in validate-business.ts so the form and the server give the same answer.
 */

/** HH:mm, 00:00–23:59 (spec 000 §3 timeObjSectors). */
export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const ZTimeSector = z.object({ start: zText().regex(HHMM), end: zText().regex(HHMM) });
export type TTimeSector = z.infer<typeof ZTimeSector>;
/** Default slot range (spec 000 §9). */
export const DEFAULT_TIME_SECTOR: TTimeSector = { start: '00:00', end: '23:59' };

/** Meal types of the printer templates and the label printer (spec 000 §3). */
export const PRINTER_MEAL_TYPES = ['here', 'togo', 'deliver'] as const;
export const ZPrinterMealType = z.enum(PRINTER_MEAL_TYPES);
export type TPrinterMealType = z.infer<typeof ZPrinterMealType>;
/** Template id per meal type; null = the default template. Ids are checked (min 1) by the rules. */
export const ZPrinterTemplates = z.object({
  here: zInt().nullable(),
  togo: zInt().nullable(),
  deliver: zInt().nullable(),
});
export type TPrinterTemplates = z.infer<typeof ZPrinterTemplates>;

/**
 * The announcement (spec 000 §3 content): a Quill Delta, i.e. a list of inserts with formatting attributes
 * (the toolbar of spec 000 §9: bold, italic, underline, strike, list, size, color, background).
 */
const ZDeltaAttr = z.union([zText().max(100), z.boolean(), zDecimal(PG_INT.min, PG_INT.max), z.null()]);
export const ZRichText = z.object({
  ops: z
    .array(
      z.object({
        insert: z.union([zText().max(20_000), z.record(zText(), z.unknown())]),
        attributes: z.record(zText(TEXT_MAX.code), ZDeltaAttr).optional(),
      }),
    )
    .max(2000),
});
export type TRichText = z.infer<typeof ZRichText>;

/** Reset-time (spec 001 §5 Advance): HH:mm with hour 00-23, seconds allowed as stored ('00:10:00'). */
export const RESET_TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

// Generous caps against oversized bodies; the spec's own limits (spec 000 §9) are rules with messages.
const str = zText().max(2000);
const optStr = str.nullable();
/** A number the rules check (min values, integers); null while the form field is empty. */
/** An integer column of the shop (spec 001 §5 rules bound them further: validate-business). */
const num = zInt().nullable();

export const ZBusinessData = z.object({
  // Basic info
  businessName: str,
  businessEmail: str,
  businessPhone: str,
  businessAddress: str,
  businessCode: optStr,
  bossEmail: optStr,
  bossPhone: optStr,
  invoice: optStr,
  shopId: optStr,
  ssoAppId: optStr,
  googleReviewUrl: optStr,
  fbUrl: optStr,
  lineAddFriendUrl: optStr,
  lineBasicId: optStr,
  lineChannelImageUrl: optStr,
  code: optStr,
  randomCode: optStr,
  lineChannelId: optStr,
  localTimeZone: str,
  storeInfo: optStr,
  content: ZRichText.nullable(),
  /** Ordering web version: 1 = QC1.0, 2 = Web2.0 (spec 000 §2 "Table QR code screen"). */
  version: z.union([z.literal(1), z.literal(2)]),
  siAccountId: zId().nullable(),

  // Switches (spec 000 §3)
  isMobilePayment: z.boolean(),
  isEatIn: z.boolean(),
  isEatInCash: z.boolean(),
  isEatInPay: z.boolean(),
  isToGo: z.boolean(),
  isToGoCash: z.boolean(),
  isToGoPay: z.boolean(),
  isDelivery: z.boolean(),
  isDeliveryCash: z.boolean(),
  isDeliveryPay: z.boolean(),
  isLogistic: z.boolean(),
  isLala: z.boolean(),
  isEnabled: z.boolean(),
  isManual: z.boolean(),
  isAutoRestoreStock: z.boolean(),
  /** true = route distance, false = straight line. */
  distanceByRoute: z.boolean(),
  isPickup: z.boolean(),
  /** true = single-column menu, false = two-column. */
  isNewStyle: z.boolean(),
  isInvoice: z.boolean(),
  isCarrier: z.boolean(),
  isReceipt: z.boolean(),
  isCalorie: z.boolean(),
  isRebuild: z.boolean(),
  isGroupbuy: z.boolean(),
  isNotThOfDeliveryDisplay: z.boolean(),
  isNotCommentOfDeliveryDisplay: z.boolean(),
  isNotCommentOfOrderDisplay: z.boolean(),
  isNotReply: z.boolean(),
  isNotPhone: z.boolean(),
  isPhoneRequired: z.boolean(),
  isPrinterTemplate: z.boolean(),
  isStation: z.boolean(),

  // Numbers (spec 000 §3)
  /** Minimum delivery amount, or the free-delivery amount when logistics is on. */
  deliveryAmtTh: num,
  deliveryQtyTh: num,
  /** km */
  /** numeric(6, 2) */
  deliveryDistanceTh: zDecimal(-9999.99, 9999.99).nullable(),
  orderStartNumber: num,
  /** Minutes; 0 hides it. */
  bufferTime: num,
  waitingTime: num,
  /** Each falls back to waitingTime when null. */
  eatInWaitingTime: num,
  toGoWaitingTime: num,
  deliveryWaitingTime: num,
  // spec 001 §5: reset_time is empty (no daily reset) or HH:mm.
  resetTime: z.union([z.literal(''), zText().regex(RESET_TIME)]),
  /** Time option interval (minutes). */
  timeSectorLength: num,
  /** Reservable days: 0 = immediate only, 1 = same day, 2 = tomorrow too… */
  timeSectorDays: num,
  timeObjSectors: z.array(ZTimeSector).max(48),
  /** Legacy 'startHour-endHour,days' text; kept as stored (timeObjSectors is what the form edits). */
  timeSetting: str,
  logisticDistanceType: z.enum(['route', 'linear']),
  printerTemplates: ZPrinterTemplates,
});
export type TBusinessData = z.infer<typeof ZBusinessData>;
export type TBusinessField = keyof TBusinessData;

/** The switch fields (the form shows them as switches, the audit shows 開啟/關閉). */
export const BUSINESS_SWITCHES = (Object.keys(ZBusinessData.shape) as TBusinessField[]).filter((k) =>
  /^(is[A-Z]|distanceByRoute$)/.test(k),
);

/** Interval options (spec 000 §9, 001 §9), default 15: the rules accept only these. */
export const INTERVAL_OPTIONS = [5, 10, 15, 20, 30, 60] as const;
/** Reset-time options: hourly 00:00 to 23:00 (spec 000 §9). */
export const RESET_TIME_OPTIONS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
/** Reservable days 0 to 30 in the Time tab (spec 001 §9). */
export const MAX_RESERVABLE_DAYS = 30;
/**
 * Reservable days of the shop edit form (spec 000 §9: options 1 to 7; 0 = immediate orders only, §5). The
 * Time tab alone goes to MAX_RESERVABLE_DAYS (the server enforces both).
 */
export const EDIT_MAX_RESERVABLE_DAYS = 7;
