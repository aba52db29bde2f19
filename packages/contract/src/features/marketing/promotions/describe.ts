import { COMPUTE_MODULE_LABELS } from './promotion-formula';
import type { TMealSetting, TPromoMealKey, TPromotionRule } from './promotion-model';
import { PROMO_MEAL_KEYS } from './promotion-model';

export type TLang = 'zh' | 'en';

/** Tab labels (spec 002 §5: 「全部」、「內用」、「自取」、「外帶」). */
export const PROMO_MEAL_LABELS: Record<TPromoMealKey, { zh: string; en: string }> = {
  all: { zh: '全部', en: 'All' },
  eatIn: { zh: '內用', en: 'Eat-in' },
  toGo: { zh: '自取', en: 'Pickup' },
  delivery: { zh: '外帶', en: 'Takeout' },
};

/** 20 (% off) is 八折 in the spec's hint: shown as "8折"; 15 → "85折"; 100 → free. */
export const zheDiscount = (percentOff: number): string => {
  const pay = 100 - percentOff;
  if (pay <= 0) return '免費';
  return pay % 10 === 0 ? `${pay / 10}折` : `${pay}折`;
};

const CARRY_LABEL = {
  round: { zh: '四捨五入', en: 'rounded' },
  floor: { zh: '無條件捨去', en: 'rounded down' },
  ceil: { zh: '無條件進位', en: 'rounded up' },
} as const;

const condition = (s: TMealSetting, lang: TLang): string => {
  const { restrictionType: t, value: v } = s.usageRestrctions;
  if (t === 'amount') return lang === 'zh' ? `滿 ${v} 元` : `orders of NT$${v} or more`;
  if (t === 'qty') return lang === 'zh' ? `滿 ${v} 件` : `orders of ${v} items or more`;
  if (t === 'perItems') return lang === 'zh' ? `每 ${v} 件` : `every ${v} items`;
  return lang === 'zh' ? '全單' : 'every order';
};

const benefit = (s: TMealSetting, lang: TLang): string => {
  const { discountType: d, amount: a, carryMethod } = s.general;
  const zh = lang === 'zh';
  if (d === 'fixed') return zh ? `折 ${a} 元` : `NT$${a} off`;
  if (d === 'percentage')
    return zh
      ? `打 ${zheDiscount(a)}（${CARRY_LABEL[carryMethod].zh}）`
      : `${a}% off (${CARRY_LABEL[carryMethod].en})`;
  const what = {
    discountPerItemsAvg: zh ? '以均價計' : 'at the average price',
    discountPerItems5: zh ? '以均價（5 的倍數）計' : 'at the average price rounded down to 5',
    discountPerItemsLow: zh ? '以最低價商品計' : 'the cheapest ones',
  }[d];
  return zh ? `${a} 件免費（${what}）` : `${a} item${a > 1 ? 's' : ''} free (${what})`;
};

const limits = (s: TMealSetting, lang: TLang): string[] => {
  const out: string[] = [];
  const zh = lang === 'zh';
  if (s.roleRestrictions.userType === 'new') out.push(zh ? '限首次消費' : 'first order only');
  if (s.general.totalUsage !== null)
    out.push(zh ? `限量 ${s.general.totalUsage} 次` : `${s.general.totalUsage} uses in total`);
  if (s.usageLimits.limitPerUser !== null)
    out.push(zh ? `每人限用 ${s.usageLimits.limitPerUser} 次` : `${s.usageLimits.limitPerUser} per customer`);
  return out;
};

/** One meal type's line, e.g. 「內用：滿 300 元 折 50 元（限首次消費）」. */
export const describeSetting = (key: TPromoMealKey, s: TMealSetting, lang: TLang = 'zh'): string => {
  const extra = limits(s, lang);
  const tail = extra.length ? (lang === 'zh' ? `（${extra.join('，')}）` : ` (${extra.join(', ')})`) : '';
  const sep = lang === 'zh' ? '：' : ': ';
  const label = PROMO_MEAL_LABELS[key][lang];
  return `${label}${sep}${condition(s, lang)} ${benefit(s, lang)}${tail}`;
};

/**
 * The promotion's auto-generated description (spec 002 §3 "description (auto-generated text)"): one line per
 * checked meal type, then the period (the end date is the first day it no longer runs).
 */
export const describePromotion = (
  rule: Pick<TPromotionRule, 'settings' | 'start' | 'end' | 'formulas' | 'computeModules'>,
  lang: TLang = 'zh',
): string => {
  const zh = lang === 'zh';
  const lines = PROMO_MEAL_KEYS.flatMap((k) => {
    const s = rule.settings[k];
    return s?.checked ? [describeSetting(k, s, lang)] : [];
  });
  const f = rule.formulas;
  if (f?.condition) lines.push(`${zh ? '條件公式：' : 'condition formula: '}${f.condition}`);
  if (f?.discount) lines.push(`${zh ? '折扣公式：' : 'discount formula: '}${f.discount}`);
  for (const m of rule.computeModules ?? [])
    lines.push(`${zh ? '計算模組：' : 'compute module: '}${COMPUTE_MODULE_LABELS[m][lang]}`);
  const period = lang === 'zh' ? `${rule.start} 起至 ${rule.end} 前` : `from ${rule.start} until ${rule.end}`;
  return `${lines.join(lang === 'zh' ? '；' : '; ')}${lang === 'zh' ? '；' : '; '}${period}`;
};
