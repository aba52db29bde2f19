import { Parser } from 'expr-eval-fork';

/**
 * The configuration form's `formulas` and `computeModules` (spec 002 §3 "The configuration form adds formulas
 * and computeModules"; §7 "a computed-module call to an order-times promotion service … for new-member
 * rules"). The spec gives neither grammar nor variables, so the language is ours
 * (docs/decisions/marketing.md "Promotion formulas and compute modules"): an arithmetic and logic expression read by
 * expr-eval (an interpreter: no eval, no Function, so the customer app's CSP is untouched), over the order's
 * figures below and the variables the checked compute modules supply.
 */

/** Figures of the order every formula may read (whole NT$ and item counts). */
export const PROMO_FORMULA_VARIABLES = [
  'subtotal',
  'count',
  'avgPrice',
  'lowestPrice',
  'highestPrice',
  'remaining',
] as const;
/** Named built-in calculations; each supplies the variable of its name. spec 002 §7/§9: orderTimes. */
export const COMPUTE_MODULES = ['orderTimes'] as const;
export type TComputeModule = (typeof COMPUTE_MODULES)[number];
/** spec 002 §9 "new (first order, orderTimes below 1)": the customer's earlier orders at this shop. */
export const COMPUTE_MODULE_LABELS: Record<TComputeModule, { zh: string; en: string }> = {
  orderTimes: { zh: '消費次數', en: 'Order times' },
};
/** Functions a formula may call (besides the unary math of expr-eval: floor, ceil, round, abs, sqrt…). */
export const PROMO_FORMULA_FUNCTIONS = ['min', 'max'] as const;
export const PROMO_FORMULA_MAX = 200;

const msg = (zh: string, en: string) => ({ zh, en });
/** Plain texts (this file stays zod-free for the customer app); promotion-model registers their English. */
export const PROMO_FORMULA_MESSAGES = {
  syntax: msg('公式格式錯誤', 'The formula cannot be read'),
  unknown: msg('公式只能使用列出的變數與函式', 'A formula may use only the listed variables and functions'),
  needsModule: msg(
    '公式用到 orderTimes，請勾選計算模組「消費次數」',
    'The formula uses orderTimes: check the compute module "Order times"',
  ),
  notNumber: msg('折扣公式的結果須為數字', 'The discount formula must give a number'),
  tooLong: msg(`公式最多 ${PROMO_FORMULA_MAX} 字`, `A formula has at most ${PROMO_FORMULA_MAX} characters`),
} as const;

export type TFormulas = { condition: string | null; discount: string | null };
export type TFormulaVars = Record<(typeof PROMO_FORMULA_VARIABLES)[number], number> & { orderTimes?: number };

const parser = new Parser({
  allowMemberAccess: false,
  operators: {
    assignment: false,
    fndef: false,
    concatenate: false,
    in: false,
    factorial: false,
    random: false,
    length: false,
  },
});
// only min and max: no random, no array helpers (map, fold, filter), nothing that is not a pure number
parser.functions = Object.fromEntries(PROMO_FORMULA_FUNCTIONS.map((f) => [f, parser.functions[f]]));

type TParsed = ReturnType<Parser['parse']>;
const cache = new Map<string, TParsed | null>();
const parse = (text: string): TParsed | null => {
  if (!cache.has(text)) {
    let parsed: TParsed | null = null;
    try {
      parsed = parser.parse(text);
    } catch {
      parsed = null;
    }
    if (cache.size > 500) cache.clear();
    cache.set(text, parsed);
  }
  return cache.get(text) ?? null;
};

const SAMPLE: TFormulaVars = {
  subtotal: 300,
  count: 3,
  avgPrice: 100,
  lowestPrice: 50,
  highestPrice: 150,
  remaining: 300,
  orderTimes: 0,
};

/**
 * Checks one formula for the form and the server (the same function): it parses, names only known
 * variables and functions, reads orderTimes only with that module checked, and a discount gives a number.
 */
export const checkFormula = (
  text: string,
  kind: 'condition' | 'discount',
  modules: readonly TComputeModule[],
): { zh: string; en: string } | null => {
  if (text.length > PROMO_FORMULA_MAX) return PROMO_FORMULA_MESSAGES.tooLong;
  const parsed = parse(text);
  if (!parsed) return PROMO_FORMULA_MESSAGES.syntax;
  const known = new Set<string>([...PROMO_FORMULA_VARIABLES, ...COMPUTE_MODULES, ...PROMO_FORMULA_FUNCTIONS]);
  const symbols = parsed.symbols();
  if (symbols.some((s) => !known.has(s))) return PROMO_FORMULA_MESSAGES.unknown;
  if (symbols.includes('orderTimes') && !modules.includes('orderTimes'))
    return PROMO_FORMULA_MESSAGES.needsModule;
  let value: unknown;
  try {
    value = parsed.evaluate({ ...SAMPLE });
  } catch {
    return PROMO_FORMULA_MESSAGES.syntax;
  }
  if (kind === 'discount' && typeof value !== 'number') return PROMO_FORMULA_MESSAGES.notNumber;
  if (kind === 'condition' && typeof value !== 'number' && typeof value !== 'boolean')
    return PROMO_FORMULA_MESSAGES.syntax;
  return null;
};

/** A formula's value on an order: a finite number or a boolean, else null (unreadable, or not a figure). */
export const evaluateFormula = (text: string, vars: TFormulaVars): number | boolean | null => {
  const parsed = parse(text);
  if (!parsed) return null;
  try {
    const v: unknown = parsed.evaluate({ ...vars });
    if (typeof v === 'boolean') return v;
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  } catch {
    return null;
  }
};

/** Whether a rule needs the customer's earlier orders (the orderTimes module). */
export const needsOrderTimes = (r: { computeModules?: readonly TComputeModule[] | null }) =>
  (r.computeModules ?? []).includes('orderTimes');
