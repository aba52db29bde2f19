import { z } from 'zod';
import { zText } from '../../../common/bounds';
import { zDateString } from '../../../common/dates';
import { msg } from '../../../common/errors';
import {
  COMPUTE_MODULES,
  checkFormula,
  PROMO_FORMULA_MAX,
  PROMO_FORMULA_MESSAGES,
  type TComputeModule,
  type TFormulas,
} from './promotion-formula';
// the zod-free constants live in promotion-types.ts (the customer app's bundle reads them without zod)
import { DISCOUNT_TYPES, PER_ITEM_TYPES, PROMO_MEAL_KEYS, type TPromoMealKey } from './promotion-types';

export type { TDiscountType, TPromoMealKey } from './promotion-types';
export { DISCOUNT_TYPES, PER_ITEM_TYPES, PROMO_MEAL_KEYS };
/** spec 002 §9: usage restriction types. */
export const RESTRICTION_TYPES = ['amount', 'qty', 'perItems', 'none'] as const;
export type TRestrictionType = (typeof RESTRICTION_TYPES)[number];
/** spec 002 §9: member restriction (new = first order) or none. */
export const MEMBER_TYPES = ['new', 'none'] as const;
/** spec 002 §9: rounding of the configuration form (floor default). */
export const CARRY_METHODS = ['round', 'floor', 'ceil'] as const;
export type TCarryMethod = (typeof CARRY_METHODS)[number];
/** spec 002 §5 simple form: 1 = round half up, 0 = round down (default). */
export const SIMPLE_ROUNDING = [0, 1] as const;

export const PROMOTION_LIMITS = {
  nameMax: 50,
  /** NT$ and counts: far above any real order, inside int4. */
  valueMax: 1_000_000,
  usageMax: 10_000_000,
  simplePercentMax: 99,
  configPercentMax: 100,
  /** Page sizes of the list (spec 002 §9: 15/25/50, default 15). */
  pageSizes: [15, 25, 50],
} as const;

export const PROMOTION_MESSAGES = {
  // spec 002 §5 / §8
  required: msg('必填', 'Required'),
  positive: msg('填入大於0的數字', 'Enter a number greater than 0'),
  percent99: msg('填入數字1-99', 'Enter a number from 1 to 99'),
  percent100: msg('填入數字1-100', 'Enter a number from 1 to 100'),
  atLeastOne: msg('填入至少1的數字', 'Enter a number of at least 1'),
  notNegative: msg('填入0以上的數字', 'Enter a number of 0 or more'),
  mealTypeRequired: msg(
    '「全部」、「內用」、「自取」、「外帶」至少需選取一種',
    'Choose at least one of All, Eat-in, Pickup, Takeout',
  ),
  startBeforeEnd: msg('優惠開始時間須早於優惠結束時間', 'The start must be before the end'),
  dateRequired: msg('請選擇日期區間', 'Choose a date range'),
  perItemsNeeded: msg(
    '每件折扣需設定「每幾件」的使用條件',
    'Per-item discounts need the "per N items" restriction',
  ),
  created: msg('新增成功', 'Created'),
  deleted: msg('刪除成功！', 'Deleted!'),
  deleteConfirm: msg('確定要刪除優惠活動嗎？', 'Delete this promotion?'),
  toggled: msg('已更改', 'Changed'),
  defaultName: msg('一般折扣', 'General discount'),
  notFound: msg('找不到優惠活動', 'Promotion not found'),
} as const;
const M = PROMOTION_MESSAGES;

const ZDate = zDateString(M.dateRequired.zh);
const num = (min: number, max: number, tooSmall: string, tooBig = tooSmall) =>
  z.coerce.number({ error: M.required.zh }).int(tooSmall).min(min, tooSmall).max(max, tooBig);

/** spec 002 §3 Promotion content (simple form) with the §5 rules. */
export const ZSimpleContent = z
  .object({
    type: z.enum(['percentage', 'fixed']),
    target: z.enum(['amount', 'number']),
    th: num(1, PROMOTION_LIMITS.valueMax, M.positive.zh),
    value: num(1, PROMOTION_LIMITS.valueMax, M.positive.zh),
    start: ZDate,
    end: ZDate,
  })
  .superRefine((c, ctx) => {
    if (c.type === 'percentage' && c.value > PROMOTION_LIMITS.simplePercentMax)
      ctx.addIssue({ code: 'custom', path: ['value'], message: M.percent99.zh });
    if (c.start >= c.end) ctx.addIssue({ code: 'custom', path: ['end'], message: M.startBeforeEnd.zh });
  });
export type TSimpleContent = z.infer<typeof ZSimpleContent>;

const ZLimit = z.union([z.null(), num(1, PROMOTION_LIMITS.usageMax, M.atLeastOne.zh)]);

/** spec 002 §3 per meal-type settings of the configuration form (its shape; the rules follow). */
export const ZMealSettingShape = z.object({
  checked: z.boolean(),
  general: z.object({
    discountType: z.enum(DISCOUNT_TYPES),
    amount: num(1, PROMOTION_LIMITS.valueMax, M.atLeastOne.zh),
    /** null = no total (spec 002 §9 "usage total default is none"). */
    totalUsage: ZLimit.default(null),
    carryMethod: z.enum(CARRY_METHODS).default('floor'),
  }),
  usageRestrctions: z.object({
    restrictionType: z.enum(RESTRICTION_TYPES),
    value: num(0, PROMOTION_LIMITS.valueMax, M.notNegative.zh).default(0),
  }),
  roleRestrictions: z
    .object({ userType: z.enum(MEMBER_TYPES).default('none') })
    .default({ userType: 'none' }),
  usageLimits: z.object({ limitPerUser: ZLimit.default(null) }).default({ limitPerUser: null }),
});
export const ZMealSetting = ZMealSettingShape.superRefine((s, ctx) => {
  if (!s.checked) return;
  if (s.general.discountType === 'percentage' && s.general.amount > PROMOTION_LIMITS.configPercentMax)
    ctx.addIssue({ code: 'custom', path: ['general', 'amount'], message: M.percent100.zh });
  const perItems = PER_ITEM_TYPES.includes(s.general.discountType);
  if (perItems && s.usageRestrctions.restrictionType !== 'perItems')
    ctx.addIssue({
      code: 'custom',
      path: ['usageRestrctions', 'restrictionType'],
      message: M.perItemsNeeded.zh,
    });
  if (s.usageRestrctions.restrictionType === 'perItems' && s.usageRestrctions.value < 1)
    ctx.addIssue({ code: 'custom', path: ['usageRestrctions', 'value'], message: M.atLeastOne.zh });
});
export type TMealSetting = z.infer<typeof ZMealSetting>;
export type TMealSettingInput = z.input<typeof ZMealSetting>;

export const ZDuration = z
  .object({ start: ZDate, end: ZDate })
  .refine((d) => d.start < d.end, { path: ['end'], message: M.startBeforeEnd.zh });

const ZName = zText()
  .trim()
  .max(PROMOTION_LIMITS.nameMax)
  .transform((s) => s || M.defaultName.zh)
  .default(M.defaultName.zh);

/** The simple form (spec 002 §5 "Promotion (simple form)"). */
export const ZSimplePromotion = z.object({
  form: z.literal('simple'),
  displayName: ZName,
  class: z.literal('common').default('common'),
  roundingType: z.union([z.literal(0), z.literal(1)]).default(0),
  content: ZSimpleContent,
});
// the formula texts' English for englishFor (the formula file itself stays zod-free)
for (const m of Object.values(PROMO_FORMULA_MESSAGES)) msg(m.zh, m.en);

/** A formula as entered: trimmed, blank = none. */
const ZFormula = zText(PROMO_FORMULA_MAX)
  .trim()
  .nullable()
  .default(null)
  .transform((s) => s || null);
/** spec 002 §3 "The configuration form adds formulas and computeModules" (their grammar is ours). */
export const ZFormulas = z
  .object({ condition: ZFormula, discount: ZFormula })
  .default({ condition: null, discount: null });
export const ZComputeModules = z
  .array(z.enum(COMPUTE_MODULES))
  .max(COMPUTE_MODULES.length)
  .default([])
  .transform((m) => [...new Set(m)]);

/** The configuration form (spec 002 §5 "Promotion (configuration form)"). */
export const ZConfigPromotion = z
  .object({
    form: z.literal('config'),
    displayName: ZName,
    class: z.literal('common').default('common'),
    duration: ZDuration,
    settings: z
      .object({
        all: ZMealSetting.optional(),
        eatIn: ZMealSetting.optional(),
        toGo: ZMealSetting.optional(),
        delivery: ZMealSetting.optional(),
      })
      .superRefine((s, ctx) => {
        const checked = PROMO_MEAL_KEYS.filter((k) => s[k]?.checked);
        if (checked.length === 0) ctx.addIssue({ code: 'custom', message: M.mealTypeRequired.zh });
        // spec 002 §4: 'all' excludes the others
        if (checked.includes('all') && checked.length > 1)
          ctx.addIssue({ code: 'custom', message: M.mealTypeRequired.zh });
      }),
    formulas: ZFormulas,
    computeModules: ZComputeModules,
  })
  .superRefine((p, ctx) => {
    for (const kind of ['condition', 'discount'] as const) {
      const text = p.formulas[kind];
      const problem = text ? checkFormula(text, kind, p.computeModules) : null;
      if (problem) ctx.addIssue({ code: 'custom', path: ['formulas', kind], message: problem.zh });
    }
  });
export const ZPromotionInput = z.discriminatedUnion('form', [ZSimplePromotion, ZConfigPromotion]);
export type TPromotionInput = z.infer<typeof ZPromotionInput>;
export type TPromotionInputRaw = z.input<typeof ZPromotionInput>;

/**
 * What the engine prices with: both forms normalised to one shape. A simple form is one 'all' setting
 * (threshold by amount or item count; rounding 1 → round, 0 → floor).
 */
export type TPromotionRule = {
  id: number;
  name: string;
  start: string;
  end: string;
  settings: Partial<Record<TPromoMealKey, TMealSetting>>;
  /** Configuration form only: a condition that must hold and a discount that replaces the setting's. */
  formulas?: TFormulas | null;
  computeModules?: readonly TComputeModule[] | null;
};

export const toRule = (id: number, p: TPromotionInput): TPromotionRule => {
  if (p.form === 'config')
    return {
      id,
      name: p.displayName,
      start: p.duration.start,
      end: p.duration.end,
      settings: p.settings,
      formulas: p.formulas,
      computeModules: p.computeModules,
    };
  const c = p.content;
  return {
    id,
    name: p.displayName,
    start: c.start,
    end: c.end,
    settings: {
      all: {
        checked: true,
        general: {
          discountType: c.type,
          amount: c.value,
          totalUsage: null,
          carryMethod: p.roundingType === 1 ? 'round' : 'floor',
        },
        usageRestrctions: { restrictionType: c.target === 'amount' ? 'amount' : 'qty', value: c.th },
        roleRestrictions: { userType: 'none' },
        usageLimits: { limitPerUser: null },
      },
    },
  };
};
