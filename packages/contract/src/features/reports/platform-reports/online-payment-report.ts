import { z } from 'zod';
import { zText } from '../../../common/bounds';
import { msg, type TMessage } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { ZPagingQuery } from '../../../common/paging';
import { ZShopKindFilter } from '../../../common/user-types';
import { PAYMENT_SERVICES, PAYMENT_TYPES } from '../../payments/qrpay/qrpay';

/**
 * /report/online-payment-configs (spec 000 §2 Report: route named, no screen): every shop's
 * configured QR payment services and their state, across the platform (docs/decisions/reports.md "Platform
 * reports"). One row per configured service of a shop.
 */

/** Days of payments the report looks back on. */
export const PAYMENT_REPORT_DAYS = 30;

export const PAYMENT_CONFIG_STATES = ['working', 'failing', 'untested', 'off'] as const;
export type TPaymentConfigState = (typeof PAYMENT_CONFIG_STATES)[number];

export const PAYMENT_CONFIG_STATE_LABELS: Record<TPaymentConfigState, TMessage> = {
  working: msg('正常', 'Working'),
  failing: msg('異常', 'Failing'),
  untested: msg('未測試', 'Not tested'),
  off: msg('未開啟', 'Off'),
};

/**
 * A configured service's state, in this order: off when none of its types is on (orders cannot use it);
 * failing when its last connection test failed or a payment or refund failed in the window; working when it
 * was tested or paid successfully; otherwise untested.
 */
export const paymentConfigState = (f: {
  enabledTypes: readonly string[];
  lastTestOk: boolean | null;
  failed: number;
  paid: number;
}): TPaymentConfigState => {
  if (f.enabledTypes.length === 0) return 'off';
  if (f.lastTestOk === false || f.failed > 0) return 'failing';
  if (f.lastTestOk === true || f.paid > 0) return 'working';
  return 'untested';
};

export const ZOnlinePaymentRow = z.object({
  shopId: z.number().int(),
  shopName: zText(),
  isEnabled: z.boolean(),
  merchantName: zText(),
  service: z.enum(PAYMENT_SERVICES),
  name: zText(),
  enabledTypes: z.array(z.enum(PAYMENT_TYPES)),
  lastTest: z.object({ ok: z.boolean(), answer: zText(), at: zText() }).nullable(),
  /** Payments of the last PAYMENT_REPORT_DAYS days through the service: paid, failed (payment or refund). */
  paid: z.number().int(),
  failed: z.number().int(),
  state: z.enum(PAYMENT_CONFIG_STATES),
});
export type TOnlinePaymentRow = z.infer<typeof ZOnlinePaymentRow>;

export const ZOnlinePaymentFilters = z.object({
  /** A shop id or part of its name. */
  q: zText(40).optional(),
  service: z.enum(PAYMENT_SERVICES).optional(),
  state: z.enum(PAYMENT_CONFIG_STATES).optional(),
  kind: ZShopKindFilter,
});
export type TOnlinePaymentFilters = z.infer<typeof ZOnlinePaymentFilters>;

export const getOnlinePaymentReportOp = defineOperation({
  method: 'GET',
  path: '/gaa/reports/online-payment-configs',
  summary: "Every shop's configured QR payment services, their types, last test, recent payments and state",
  spec: '000 §2 Report',
  allow: ['gaa'],
  query: ZOnlinePaymentFilters.extend(ZPagingQuery.pick({ offset: true, limit: true }).shape),
  response: z.object({
    total: z.number().int(),
    rows: z.array(ZOnlinePaymentRow),
    /** Over every configured service of the kind: per state, and QRPay merchants without any service. */
    counts: z.record(z.enum(PAYMENT_CONFIG_STATES), z.number().int()),
    merchantsWithoutService: z.number().int(),
  }),
});
