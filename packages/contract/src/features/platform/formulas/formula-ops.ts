import { z } from 'zod';
import { zQueryId, zText } from '../../../common/bounds';
import { zDateString } from '../../../common/dates';
import { defineOperation } from '../../../common/operation';
import { FORMULA_LIMITS, FORMULA_MESSAGES, ZFormula } from './formula-rules';

/** /report/formulas is gaa's (000 §2 Report). */
const GAA = ['gaa'] as const;

export const FORMULA_STATES = ['past', 'current', 'scheduled'] as const;
export type TFormulaState = (typeof FORMULA_STATES)[number];

/** One version of a plan's formula: never edited once written (a change is a new version). */
export const ZFormulaVersion = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  version: z.number().int(),
  effectiveFrom: zText(),
  formula: ZFormula,
  note: zText(),
  createdBy: zText(),
  createdAt: zText(),
  /** past: replaced by a later version that has taken effect; current: in effect today; scheduled: later. */
  state: z.enum(FORMULA_STATES),
});
export type TFormulaVersion = z.infer<typeof ZFormulaVersion>;

export const ZPlanFormulas = z.object({
  id: z.number().int(),
  code: zText(),
  plan: zText(),
  /** Newest first. */
  versions: z.array(ZFormulaVersion),
  /** The earliest date a new version may take effect. */
  earliestEffectiveFrom: zText(),
});
export type TPlanFormulas = z.infer<typeof ZPlanFormulas>;

export const listFormulasOp = defineOperation({
  method: 'GET',
  path: '/gaa/formulas',
  summary: "Every contract plan's rate formula versions",
  spec: '000 §2 Report',
  allow: GAA,
  response: z.object({ today: zText(), plans: z.array(ZPlanFormulas) }),
});

export const ZCreateFormulaVersion = z.object({
  effectiveFrom: zDateString(FORMULA_MESSAGES.effectiveFromRequired.zh),
  formula: ZFormula,
  note: zText(FORMULA_LIMITS.noteMax).trim().default(''),
});
export type TCreateFormulaVersion = z.input<typeof ZCreateFormulaVersion>;

export const createFormulaVersionOp = defineOperation({
  method: 'POST',
  path: '/gaa/formulas/:planId/versions',
  summary: 'Add a version of a plan’s rate formula, effective from the 1st of a coming month',
  spec: '000 §2 Report',
  allow: GAA,
  params: z.object({ planId: zQueryId() }),
  body: ZCreateFormulaVersion,
  response: ZFormulaVersion,
  status: 201,
});

const zCount = () => z.number().int();
/** `TUsage` on the wire: counted orders, their sales (cents), issued e-invoices, platform deliveries. */
export const ZUsage = z.object({
  orders: zCount(),
  sales: zCount(),
  einvoices: zCount(),
  deliveries: zCount(),
});
/** `TCharge` on the wire, in cents: each part of `computeCharge` and their total. */
export const ZCharge = z.object({
  fixed: zCount(),
  perOrder: zCount(),
  percent: zCount(),
  einvoice: zCount(),
  delivery: zCount(),
  total: zCount(),
});

export const previewChargeOp = defineOperation({
  method: 'GET',
  path: '/gaa/formulas/preview',
  summary: "A shop's charge for a month: its plan, the version in effect, its usage and the amounts",
  spec: '000 §2 Report',
  allow: GAA,
  query: z.object({
    accountId: zQueryId(),
    month: zText(7, { error: FORMULA_MESSAGES.monthRequired.zh }).regex(
      /^\d{4}-(0[1-9]|1[0-2])$/,
      FORMULA_MESSAGES.monthRequired.zh,
    ),
  }),
  response: z.object({
    accountId: z.number().int(),
    shopName: zText(),
    month: zText(),
    plan: z.object({ id: z.number().int(), code: zText(), plan: zText() }),
    version: ZFormulaVersion,
    usage: ZUsage,
    charge: ZCharge,
  }),
});
