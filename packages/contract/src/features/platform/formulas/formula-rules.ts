import { z } from 'zod';
import { zInt } from '../../../common/bounds';
import { msg } from '../../../common/errors';
import { addDays } from '../../shops/shop-time/local-time';

/**
 * Rate formulas (/report/formulas; the spec names the route only: docs/decisions/platform.md): what a shop
 * on a contract plan pays for a month. Money is integer cents of NT$ (like the ledger), percentages are
 * basis points (1 bp = 0.01 %), so every charge is exact integer arithmetic rounded once per component.
 */
export const FORMULA_LIMITS = {
  /** NT$1,000,000 a month at most, in cents. */
  fixedMonthlyMax: 100_000_000,
  /** NT$1,000 an order at most, in cents. */
  perOrderMax: 100_000,
  /** NT$1,000 an e-invoice or a platform delivery at most, in cents. */
  perUnitMax: 100_000,
  /** 100 % at most, in basis points. */
  rateMax: 10_000,
  /** Tier bounds: orders a month, or sales in cents (NT$20,000,000, within an int32 like every request number). */
  ordersUpToMax: 10_000_000,
  salesUpToMax: 2_000_000_000,
  tiersMax: 5,
  noteMax: 200,
} as const;

export const TIER_MODES = ['graduated', 'volume'] as const;
export type TTierMode = (typeof TIER_MODES)[number];

export const FORMULA_MESSAGES = {
  effectiveFromRequired: msg('請選擇生效日', 'Choose the effective date'),
  effectiveFromFirstOfMonth: msg('生效日須為每月 1 日', 'A formula takes effect on the 1st of a month'),
  effectiveFromFuture: msg(
    '生效日須晚於今天：已開始的月份不可變更費率',
    'The effective date must be after today: a month that has begun keeps its formula',
  ),
  effectiveFromAfterLatest: msg(
    '生效日須晚於目前最新版本的生效日',
    'The effective date must be after the latest version’s',
  ),
  tiersRequired: msg('至少需要一個級距', 'At least one tier'),
  tiersTooMany: msg(`級距最多 ${FORMULA_LIMITS.tiersMax} 個`, `At most ${FORMULA_LIMITS.tiersMax} tiers`),
  tiersIncreasing: msg('級距上限須由小到大', 'Tier limits must increase'),
  lastTierOpen: msg('最後一個級距不可設上限', 'The last tier has no upper limit'),
  onlyLastOpen: msg('只有最後一個級距可不設上限', 'Only the last tier may have no upper limit'),
  unknownPlan: msg('找不到方案', 'Unknown plan'),
  versionTaken: msg(
    '此方案剛新增了另一個版本，請重新整理後再試',
    'Another version was just added: reload and retry',
  ),
  noContract: msg('此商店在該月份沒有合約', 'The shop has no contract in that month'),
  noFormula: msg('該月份沒有生效的費率公式', 'No formula is in effect for that month'),
  monthRequired: msg('請選擇月份', 'Choose a month'),
  created: msg('已新增費率版本', 'Formula version added'),
} as const;
const M = FORMULA_MESSAGES;

/** A tier: the usage up to `upTo` (inclusive; null = no limit, the last tier) is priced at `price`. */
const zTiers = (upToMax: number, priceMax: number) =>
  z
    .array(z.object({ upTo: zInt(1, upToMax).nullable(), price: zInt(0, priceMax) }))
    .min(1, M.tiersRequired.zh)
    .max(FORMULA_LIMITS.tiersMax, M.tiersTooMany.zh)
    .superRefine((tiers, ctx) => {
      const problem = tierProblem(tiers);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.zh });
    });

/** What is wrong with a list of tiers, or null (spec: ours). */
export const tierProblem = (tiers: readonly { upTo: number | null }[]) => {
  for (let k = 0; k < tiers.length; k += 1) {
    const upTo = tiers[k]!.upTo;
    const last = k === tiers.length - 1;
    if (last && upTo !== null) return M.lastTierOpen;
    if (!last && upTo === null) return M.onlyLastOpen;
    const before = k > 0 ? tiers[k - 1]!.upTo : 0;
    if (upTo !== null && before !== null && upTo <= before) return M.tiersIncreasing;
  }
  return null;
};

export const ZFormula = z.object({
  /** Cents a month, whatever the usage. */
  fixedMonthly: zInt(0, FORMULA_LIMITS.fixedMonthlyMax),
  /** Cents per counted order, by tiers of the month's order count. */
  perOrder: z.object({
    mode: z.enum(TIER_MODES),
    tiers: zTiers(FORMULA_LIMITS.ordersUpToMax, FORMULA_LIMITS.perOrderMax),
  }),
  /** Basis points of the month's sales (cents), by tiers of sales. */
  percentOfSales: z.object({
    mode: z.enum(TIER_MODES),
    tiers: zTiers(FORMULA_LIMITS.salesUpToMax, FORMULA_LIMITS.rateMax),
  }),
  /**
   * Cents per issued e-invoice and per platform delivery. Added after the first versions were stored (jsonb):
   * a stored version without them reads as 0, so it prices exactly as before.
   */
  perEinvoice: zInt(0, FORMULA_LIMITS.perUnitMax).default(0),
  perDelivery: zInt(0, FORMULA_LIMITS.perUnitMax).default(0),
});
export type TFormula = z.infer<typeof ZFormula>;
/** A formula as stored or sent: the per-unit prices may be missing (versions written before they existed). */
export type TFormulaInput = z.input<typeof ZFormula>;
export type TTier = TFormula['perOrder']['tiers'][number];

/** A month's usage of one shop: counted orders, their sales in cents, issued e-invoices, platform deliveries. */
export type TUsage = { orders: number; sales: number; einvoices: number; deliveries: number };

/**
 * Σ quantity × price over the tiers, as an exact integer (price units × quantity), before any division.
 * graduated: each slice of the usage at its own tier's price; volume: the whole usage at the price of the
 * tier it reaches.
 */
export const tieredSum = (quantity: number, mode: TTierMode, tiers: readonly TTier[]): number => {
  if (quantity <= 0) return 0;
  if (mode === 'volume') {
    const tier = tiers.find((t) => t.upTo === null || quantity <= t.upTo) ?? tiers[tiers.length - 1]!;
    return quantity * tier.price;
  }
  let sum = 0;
  let from = 0;
  for (const t of tiers) {
    const to = t.upTo === null ? quantity : Math.min(quantity, t.upTo);
    if (to > from) sum += (to - from) * t.price;
    if (t.upTo === null || quantity <= t.upTo) break;
    from = t.upTo;
  }
  return sum;
};

/** Half up, for non-negative integers: n / d. */
const divRound = (n: number, d: number) => Math.floor((2 * n + d) / (2 * d));

export type TCharge = {
  fixed: number;
  perOrder: number;
  percent: number;
  einvoice: number;
  delivery: number;
  total: number;
};

export const ZERO_CHARGE: TCharge = { fixed: 0, perOrder: 0, percent: 0, einvoice: 0, delivery: 0, total: 0 };

/** A month's charge in cents for a shop's usage under one formula version. */
export const computeCharge = (f: TFormulaInput, usage: TUsage): TCharge => {
  const fixed = f.fixedMonthly;
  const perOrder = tieredSum(usage.orders, f.perOrder.mode, f.perOrder.tiers);
  // bp × cents / 10 000: the percentage is rounded once, to the cent
  const percent = divRound(tieredSum(usage.sales, f.percentOfSales.mode, f.percentOfSales.tiers), 10_000);
  // a version stored before the per-unit prices existed has none: 0, so its bills never change
  const einvoice = Math.max(0, usage.einvoices) * (f.perEinvoice ?? 0);
  const delivery = Math.max(0, usage.deliveries) * (f.perDelivery ?? 0);
  return {
    fixed,
    perOrder,
    percent,
    einvoice,
    delivery,
    total: fixed + perOrder + percent + einvoice + delivery,
  };
};

export const isMonth = (s: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(s);

/**
 * Whether a new version may take effect on `effectiveFrom` (a YYYY-MM-DD): the 1st of a month after today
 * (Asia/Taipei) and after the plan's latest version, so no month that has begun, and so no bill, ever reads
 * a different formula. Returns the message, or null when it may.
 */
export const effectiveFromProblem = (effectiveFrom: string, today: string, latest: string | null) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(effectiveFrom) || Number.isNaN(Date.parse(`${effectiveFrom}T00:00:00Z`)))
    return M.effectiveFromRequired;
  if (!effectiveFrom.endsWith('-01')) return M.effectiveFromFirstOfMonth;
  if (effectiveFrom <= today) return M.effectiveFromFuture;
  if (latest !== null && effectiveFrom <= latest) return M.effectiveFromAfterLatest;
  return null;
};

/** The earliest date a new version may take effect: the 1st of next month, or after the latest version. */
export const earliestEffectiveFrom = (today: string, latest: string | null) => {
  const next = (d: string) => `${addDays(`${d.slice(0, 7)}-28`, 5).slice(0, 7)}-01`;
  const a = next(today);
  return latest !== null && latest >= a ? next(latest) : a;
};

/** The version in effect for a month (YYYY-MM): the latest that took effect on or before its 1st. */
export const versionForMonth = <V extends { effectiveFrom: string }>(versions: readonly V[], month: string) =>
  [...versions]
    .filter((v) => v.effectiveFrom <= `${month}-01`)
    .sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? 1 : -1))[0] ?? null;
