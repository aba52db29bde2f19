import { zText } from './bounds';
import { msg } from './errors';

/**
 * Date strings: one rule for every "YYYY-MM-DD" the API takes. 2026-02-30 and month 13 have the
 * right shape but are no day: PostgreSQL refuses them, so a schema that only checked the shape let them reach
 * the database and answer 500. Every date field of the contract is a zDateString.
 */
export const DATE_MESSAGES = {
  invalid: msg('日期格式錯誤，請輸入存在的日期（YYYY-MM-DD）', 'Please enter a real date (YYYY-MM-DD)'),
} as const;

const SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written YYYY-MM-DD (2024-02-29 yes; 2026-02-30, 2026-13-01 no). */
export const isCalendarDate = (s: string): boolean => {
  if (!SHAPE.test(s)) return false;
  const at = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === s;
};

/** A YYYY-MM-DD string that is a real day; `message` (zh-TW, registered with msg()) is the feature's own text. */
export const zDateString = (message: string = DATE_MESSAGES.invalid.zh) =>
  zText(10, { error: message }).regex(SHAPE, message).refine(isCalendarDate, message);
