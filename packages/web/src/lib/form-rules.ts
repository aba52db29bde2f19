import type { FormRule } from 'antd';
import { createElement } from 'react';
import type { z } from 'zod';
import { LangMessage } from './lang-message';

type TSchemaSource = z.ZodType | (() => Promise<z.ZodType>);

/**
 * A refusal antd shows as the field's error: both languages, drawn in the current one (LangMessage), so an
 * error shown before the language switch follows it. antd takes a React element as a rule's message.
 */
const refusal = (zh: string, en: string) => createElement(LangMessage, { zh, en });

/**
 * An antd Form rule that validates with the contract's zod schema, so the form and the server check the
 * same shape (STYLE.md "one shape, one place"). Contract messages are zh-TW; en comes from englishFor.
 * The schema may be given as a loader, for forms that keep zod out of their first load (login).
 * `_lang` is no longer read: the message is drawn in the language of the moment it is on screen.
 */
export const zodRule = (source: TSchemaSource, _lang?: string): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const [schema, { englishFor }] = await Promise.all([
      typeof source === 'function' ? source() : source,
      import('./english-for'),
    ]);
    const result = schema.safeParse(value);
    if (result.success) return;
    const zh = result.error.issues[0]?.message ?? '';
    return Promise.reject(refusal(zh, englishFor(zh) ?? zh));
  },
});

/** What a typed number may be: bounds and wholeness, taken from the contract (constants or a zod schema). */
export type TNumberLimits = { min?: number; max?: number; integer?: boolean };

/** The bounds a contract number schema declares (zod 4 exposes them on ZodNumber). */
export const limitsOf = (schema: z.ZodNumber): TNumberLimits => ({
  min: Number.isFinite(schema.minValue) ? (schema.minValue as number) : undefined,
  max: Number.isFinite(schema.maxValue) ? (schema.maxValue as number) : undefined,
  integer: schema.isInt,
});

const NUMBER_TEXT = {
  'zh-TW': {
    notNumber: '請輸入數字',
    integer: '請輸入整數（不可有小數）',
    min: (n: number) => `不可小於 ${n}`,
    max: (n: number) => `不可大於 ${n}`,
  },
  en: {
    notNumber: 'Enter a number',
    integer: 'Enter a whole number (no decimals)',
    min: (n: number) => `Must be at least ${n}`,
    max: (n: number) => `Must be at most ${n}`,
  },
};

/**
 * Why a typed number is refused, or undefined when it is fine (empty is left to `required`). Every money and
 * count input of the console checks this way instead of antd InputNumber's min / max / precision, which
 * change what a person typed without a word (−5 became 0 and saved a free product, 65.5 became 66).
 */
export const numberProblem = (value: unknown, limits: TNumberLimits, lang: string): string | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const text = lang === 'en' ? NUMBER_TEXT.en : NUMBER_TEXT['zh-TW'];
  if (typeof value !== 'number' || !Number.isFinite(value)) return text.notNumber;
  if (limits.integer && !Number.isInteger(value)) return text.integer;
  if (limits.min !== undefined && value < limits.min) return text.min(limits.min);
  if (limits.max !== undefined && value > limits.max) return text.max(limits.max);
  return undefined;
};

/** numberProblem as an antd Form rule, its message following the language switch (`_lang` is not read). */
export const numberRule = (limits: TNumberLimits, _lang?: string): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const zh = numberProblem(value, limits, 'zh-TW');
    if (zh) return Promise.reject(refusal(zh, numberProblem(value, limits, 'en') ?? zh));
  },
});
