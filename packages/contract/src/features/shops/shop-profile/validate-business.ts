import type { TMessage } from '../../../common/errors';
import { isTaiwanPhone, twNumberMessage } from '../../../common/tw-numbers';
import { isValidTaxId } from '../../payments/einvoice/tax-id';
import type { TBusinessData, TBusinessField, TPrinterMealType } from './business-data';
import { EDIT_MAX_RESERVABLE_DAYS, INTERVAL_OPTIONS, PRINTER_MEAL_TYPES } from './business-data';
import { BUSINESS_FIELD_LABELS as L } from './business-fields';
import { fieldMessages, SHOP_PROFILE_MESSAGES as M } from './messages';
import { DINING_MODES, ONLINE_PAY_NOT_ENABLED, onlinePayWithoutMobilePayment } from './payment-linkage';
import { exceedsSlotCap } from './time-slots';

/** A broken rule: the field it belongs to ('printerTemplates.here' for nested ones) and the spec's message. */
export type TRuleViolation = { field: string; message: TMessage };

/** Field limits (spec 000 §9; 000 §5 wizard step 2 for the boss fields). */
export const BUSINESS_LIMITS = {
  businessName: 20,
  businessEmail: 50,
  businessPhone: 20,
  businessAddress: 100,
  bossEmail: 50,
  bossPhone: 20,
  invoice: 8,
  storeInfo: 200,
} as const satisfies Partial<Record<TBusinessField, number>>;

/** Required on save: the shop e-mail, phone and address (spec 001 §5), and the name every shop has. */
const REQUIRED = ['businessName', 'businessEmail', 'businessPhone', 'businessAddress'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const MEAL_LABELS: Record<TPrinterMealType, string> = { here: '內用', togo: '外帶', deliver: '外送' };
const MEAL_LABELS_EN: Record<TPrinterMealType, string> = {
  here: 'eat-in',
  togo: 'to-go',
  deliver: 'delivery',
};

const isWhole = (n: number | null, min: number) => n !== null && Number.isInteger(n) && n >= min;

/** Minimum values (spec 000 §5, 001 §2.2 "numeric inputs have minimum 0 unless stated"). */
const MINIMUMS: { field: TBusinessField; min: number; optional?: boolean; whole: boolean }[] = [
  { field: 'deliveryAmtTh', min: 0, whole: true },
  { field: 'deliveryQtyTh', min: 0, whole: true },
  { field: 'deliveryDistanceTh', min: 0, whole: false },
  { field: 'orderStartNumber', min: 1, whole: true },
  { field: 'bufferTime', min: 0, whole: true },
  { field: 'waitingTime', min: 0, whole: true },
  { field: 'eatInWaitingTime', min: 0, optional: true, whole: true },
  { field: 'toGoWaitingTime', min: 0, optional: true, whole: true },
  { field: 'deliveryWaitingTime', min: 0, optional: true, whole: true },
];

/** The text fields with a format rule, in the form's order: e-mails, phones, the tax ID. */
const FORMATS = {
  businessEmail: (v: string, label: TMessage) => (EMAIL.test(v) ? null : fieldMessages.email(label)),
  bossEmail: (v: string, label: TMessage) => (EMAIL.test(v) ? null : fieldMessages.email(label)),
  businessPhone: (v: string, label: TMessage) => (isTaiwanPhone(v) ? null : twNumberMessage('phone', label)),
  bossPhone: (v: string, label: TMessage) => (isTaiwanPhone(v) ? null : twNumberMessage('phone', label)),
  invoice: (v: string) => (isValidTaxId(v) ? null : twNumberMessage('taxId')),
} as const satisfies Partial<Record<TBusinessField, (v: string, label: TMessage) => TMessage | null>>;

/** The text fields of the shop with a length or format rule (the wizard's step 2 writes these). */
export type TBusinessTextField = keyof typeof BUSINESS_LIMITS;

/**
 * The rule of one text field of the shop, as the edit form and the server's save check it: required (when
 * asked), at most BUSINESS_LIMITS, and its format (e-mail, Taiwan phone, tax ID). The wizard's step 2 uses
 * the same function and messages (a shop the wizard opened must save unchanged). null = valid.
 */
export const businessTextViolation = (
  field: TBusinessTextField,
  raw: string | null | undefined,
  opts: { required?: boolean } = {},
): TMessage | null => {
  const label = L[field];
  const v = (raw ?? '').trim();
  if (!v) return opts.required ? fieldMessages.required(label) : null;
  if (v.length > BUSINESS_LIMITS[field]) return fieldMessages.maxLength(label, BUSINESS_LIMITS[field]);
  const format = (
    FORMATS as Partial<Record<TBusinessTextField, (v: string, l: TMessage) => TMessage | null>>
  )[field];
  return format ? format(v, label) : null;
};

function* basicRules(d: TBusinessData): Generator<TRuleViolation> {
  for (const f of REQUIRED) if (!d[f].trim()) yield { field: f, message: fieldMessages.required(L[f]) };
  for (const [f, max] of Object.entries(BUSINESS_LIMITS) as [keyof typeof BUSINESS_LIMITS, number][]) {
    if ((d[f] ?? '').trim().length > max) yield { field: f, message: fieldMessages.maxLength(L[f], max) };
  }
  for (const f of Object.keys(FORMATS) as (keyof typeof FORMATS)[]) {
    const v = (d[f] ?? '').trim();
    const message = v ? FORMATS[f](v, L[f]) : null;
    if (message) yield { field: f, message };
  }
}

// spec 000 §5, 001 §5 (dining modes), 000 §4 (no online pay without mobile payment)
function* diningRules(d: TBusinessData): Generator<TRuleViolation> {
  if (!DINING_MODES.some((m) => d[m.mode])) yield { field: 'isEatIn', message: M.atLeastOneMode };
  const bare = DINING_MODES.find((m) => d[m.mode] && !d[m.cash] && !d[m.pay]);
  if (bare) yield { field: bare.mode, message: M.modePayment };
  const pay = onlinePayWithoutMobilePayment(d);
  if (pay) yield { field: pay, message: ONLINE_PAY_NOT_ENABLED };
}

function* numberRules(d: TBusinessData): Generator<TRuleViolation> {
  for (const { field, min, optional, whole } of MINIMUMS) {
    const v = d[field] as number | null;
    if (v === null && optional) continue;
    const ok = whole ? isWhole(v, min) : v !== null && Number.isFinite(v) && v >= min;
    if (!ok) yield { field, message: fieldMessages.min(L[field], min) };
  }
  for (const meal of PRINTER_MEAL_TYPES) {
    const v = d.printerTemplates[meal];
    if (v !== null && !isWhole(v, 1)) {
      const label = {
        zh: `${L.printerTemplates.zh}（${MEAL_LABELS[meal]}）`,
        en: `${L.printerTemplates.en} (${MEAL_LABELS_EN[meal]})`,
      };
      yield { field: `printerTemplates.${meal}`, message: fieldMessages.min(label, 1) };
    }
  }
}

/** Where the shop is saved: the edit form offers days 0 to 7 (spec 000 §9), the Time tab 0 to 30 (001 §9). */
export type TRuleOptions = { maxDays?: number };

// spec 000 §5, §9, 001 §5 "Time / shop parameters save"
function* timeRules(d: TBusinessData, maxDays: number): Generator<TRuleViolation> {
  const interval = d.timeSectorLength;
  const days = d.timeSectorDays;
  const intervalOk = interval === null || isWhole(interval, 1);
  if (!intervalOk) yield { field: 'timeSectorLength', message: M.intervalPositive };
  // the interval is one of the offered options (spec 000 §9), on the server too
  else if (interval !== null && !(INTERVAL_OPTIONS as readonly number[]).includes(interval))
    yield { field: 'timeSectorLength', message: M.intervalOption };
  const daysOk = isWhole(days, 0);
  if (!daysOk) yield { field: 'timeSectorDays', message: M.daysNonNegative };
  else if ((days ?? 0) > maxDays)
    yield { field: 'timeSectorDays', message: fieldMessages.daysRange(maxDays) };
  if (daysOk && days !== 0 && interval === null)
    yield { field: 'timeSectorLength', message: M.intervalRequired };
  if (d.timeObjSectors.length === 0) yield { field: 'timeObjSectors', message: M.atLeastOneSlot };
  else if (intervalOk && daysOk && exceedsSlotCap(d.timeObjSectors, interval, days)) {
    yield { field: 'timeObjSectors', message: M.tooDense };
  }
}

/** Every broken rule, in the order of the form (at most one per field). */
export const businessViolations = (data: TBusinessData, opts: TRuleOptions = {}): TRuleViolation[] => {
  const maxDays = opts.maxDays ?? EDIT_MAX_RESERVABLE_DAYS;
  const all = [...basicRules(data), ...diningRules(data), ...numberRules(data), ...timeRules(data, maxDays)];
  const seen = new Set<string>();
  return all.filter((v) => !seen.has(v.field) && seen.add(v.field));
};

/** The first broken rule of the shop save, or null (the server answers it as 400 with its message). */
export const validateBusiness = (data: TBusinessData): TRuleViolation | null =>
  businessViolations(data)[0] ?? null;

/** spec 000 §5, 001 §5: a delivery amount or quantity threshold of 0 asks for confirmation before saving. */
export const needsZeroThresholdConfirm = (
  data: Pick<TBusinessData, 'isDelivery' | 'deliveryAmtTh' | 'deliveryQtyTh'>,
): boolean => data.isDelivery && (data.deliveryAmtTh === 0 || data.deliveryQtyTh === 0);
