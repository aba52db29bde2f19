import { z } from 'zod';
import { zText } from '../../../common/bounds';
import { msg } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { ZCharge, ZUsage } from '../../platform/formulas/formula-ops';
import { ZExportOptions } from '../../reports/sales/sales-rules';

const GAA = ['gaa'] as const;
const SPEC = '000 §2 Accounting';

export const BILLING_MESSAGES = {
  month: msg('月份格式為 YYYY-MM', 'A month is YYYY-MM'),
  monthNotOver: msg('只能結算已結束的月份', 'Only a month that has ended can be billed'),
  ran: msg('已完成本月結算', 'Billing run done'),
} as const;

/**
 * A line's state: pending (not run yet), posted (charged in the ledger, once), insufficient (the run could
 * not charge it: not enough balance and credit; a later run retries it), zero (nothing to charge),
 * no_formula (the plan has no formula version for the month).
 */
export const BILLING_LINE_STATES = ['pending', 'posted', 'insufficient', 'zero', 'no_formula'] as const;
export type TBillingLineState = (typeof BILLING_LINE_STATES)[number];

const ZMonthParams = z.object({
  month: zText(7).regex(/^\d{4}-(0[1-9]|1[0-2])$/, BILLING_MESSAGES.month.zh),
});

export const ZBillingLine = z.object({
  accountId: z.number().int(),
  shopId: z.number().int(),
  shopName: zText(),
  plan: zText().nullable(),
  formulaVersion: z.number().int().nullable(),
  /** Counted orders, their sales (cents), issued e-invoices and platform deliveries: each priced by the formula. */
  usage: ZUsage,
  charge: ZCharge,
  state: z.enum(BILLING_LINE_STATES),
  transactionId: z.number().int().nullable(),
  /** balance + credit now. */
  available: z.number().int(),
});
export type TBillingLine = z.infer<typeof ZBillingLine>;

export const billingPreviewOp = defineOperation({
  method: 'GET',
  path: '/gaa/acct/billing/:month',
  summary: "A month's billing per shop: posted lines as charged, the others as they would be charged now",
  spec: SPEC,
  allow: GAA,
  params: ZMonthParams,
  response: z.object({
    month: zText(),
    /** The month has ended: it may be run. */
    billable: z.boolean(),
    lastRun: z.object({ at: zText(), by: zText() }).nullable(),
    rows: z.array(ZBillingLine),
    totals: z.object({ charge: z.number().int(), posted: z.number().int() }),
  }),
});

export const runBillingOp = defineOperation({
  method: 'POST',
  path: '/gaa/acct/billing/:month/run',
  summary: "Post a month's charges to the ledger; lines already posted are never charged again",
  spec: SPEC,
  allow: GAA,
  params: ZMonthParams,
  response: z.object({
    month: zText(),
    posted: z.number().int(),
    alreadyPosted: z.number().int(),
    insufficient: z.number().int(),
    zero: z.number().int(),
    amountPosted: z.number().int(),
  }),
});

export const billingStatementOp = defineOperation({
  method: 'GET',
  path: '/gaa/acct/billing/:month/statement',
  summary: "A month's statement (.xlsx or .csv): every line with its usage, charge and ledger transaction",
  spec: SPEC,
  allow: GAA,
  params: ZMonthParams,
  query: ZExportOptions,
  response: z.unknown(),
});

export const STATEMENT_COLUMNS = {
  shopId: msg('商店編號', 'Shop ID'),
  shopName: msg('商店名稱', 'Shop name'),
  plan: msg('方案', 'Plan'),
  version: msg('費率版本', 'Formula version'),
  orders: msg('訂單數', 'Orders'),
  sales: msg('營業額（NT$）', 'Sales (NT$)'),
  einvoices: msg('電子發票張數', 'E-invoices'),
  deliveries: msg('外送筆數', 'Deliveries'),
  fixed: msg('月費（NT$）', 'Monthly fee (NT$)'),
  perOrder: msg('訂單費（NT$）', 'Per-order fee (NT$)'),
  percent: msg('抽成（NT$）', 'Sales commission (NT$)'),
  einvoice: msg('電子發票費（NT$）', 'E-invoice fee (NT$)'),
  delivery: msg('平台外送費（NT$）', 'Delivery fee (NT$)'),
  total: msg('合計（NT$）', 'Total (NT$)'),
  state: msg('狀態', 'State'),
  transaction: msg('交易編號', 'Transaction'),
} as const;

export const BILLING_STATE_LABELS = {
  pending: msg('未結算', 'Not run'),
  posted: msg('已扣款', 'Charged'),
  insufficient: msg('餘額不足', 'Insufficient funds'),
  zero: msg('無費用', 'Nothing to charge'),
  no_formula: msg('無費率', 'No formula'),
} as const;
