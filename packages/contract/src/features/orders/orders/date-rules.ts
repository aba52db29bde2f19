import { zText } from '../../../common/bounds';
import { isCalendarDate } from '../../../common/dates';
import { msg, type TMessage } from '../../../common/errors';
import { addDays, localToday } from '../../shops/shop-time/local-time';

/**
 * spec 000 §5 "Date rules from the texts": a query start may not be later than today or after the end;
 * order queries are limited to 31 days; sales export to 7 days (some to 31); phone search covers the last
 * 3 months. Days are Asia/Taipei calendar days, inclusive at both ends. The same functions run in the
 * forms and on the server.
 */
export const DATE_RULE_MESSAGES = {
  wrongDate: msg('日期錯誤', 'Wrong date'),
  startAfterToday: msg('開始日期不可晚於今天', 'The start date cannot be later than today'),
  startAfterEnd: msg('開始日期不可晚於結束日期', 'The start date cannot be after the end date'),
  queryRange: msg('查詢區間最多 31 天', 'Queries cover at most 31 days'),
  exportRange: msg('匯出區間最多 7 天', 'Exports cover at most 7 days'),
  exportRange31: msg('匯出區間最多 31 天', 'Exports cover at most 31 days'),
  phoneRange: msg('電話查詢僅限最近 3 個月', 'Phone search covers the last 3 months only'),
} as const satisfies Record<string, TMessage>;

export const ORDER_QUERY_MAX_DAYS = 31;
export const SALES_EXPORT_MAX_DAYS = 7;
export const LONG_EXPORT_MAX_DAYS = 31;
export const PHONE_SEARCH_MONTHS = 3;

/** A calendar day "YYYY-MM-DD". */
export const ZDay = zText().regex(/^\d{4}-\d{2}-\d{2}$/, DATE_RULE_MESSAGES.wrongDate.zh);

const isRealDay = isCalendarDate;

/** Whole days from a to b inclusive ("2026-11-01".."2026-11-01" = 1). */
export const daysInRange = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The day three calendar months before `today` (phone search may start there at the earliest). */
export const phoneSearchEarliest = (today: string): string => {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const back = new Date(Date.UTC(y, m - 1 - PHONE_SEARCH_MONTHS, 1));
  const lastDay = new Date(Date.UTC(back.getUTCFullYear(), back.getUTCMonth() + 1, 0)).getUTCDate();
  back.setUTCDate(Math.min(d, lastDay));
  return back.toISOString().slice(0, 10);
};

export type TDateRuleField = 'from' | 'to';
export type TDateRefusal = { field: TDateRuleField; message: TMessage };

/**
 * Checks a day range against the rules; null when it passes. `maxDays` is the range limit of the screen
 * (31 for order queries, 7 or 31 for exports); `phone` applies the 3-month phone-search window.
 */
export const checkDateRange = (
  range: { from: string; to: string },
  opts: { maxDays: number; rangeMessage?: TMessage; phone?: boolean; today?: string },
): TDateRefusal | null => {
  const today = opts.today ?? localToday();
  if (!isRealDay(range.from)) return { field: 'from', message: DATE_RULE_MESSAGES.wrongDate };
  if (!isRealDay(range.to)) return { field: 'to', message: DATE_RULE_MESSAGES.wrongDate };
  if (range.from > today) return { field: 'from', message: DATE_RULE_MESSAGES.startAfterToday };
  if (range.from > range.to) return { field: 'from', message: DATE_RULE_MESSAGES.startAfterEnd };
  if (daysInRange(range.from, range.to) > opts.maxDays)
    return { field: 'to', message: opts.rangeMessage ?? DATE_RULE_MESSAGES.queryRange };
  if (opts.phone && range.from < phoneSearchEarliest(today))
    return { field: 'from', message: DATE_RULE_MESSAGES.phoneRange };
  return null;
};

/** The default range of a report screen: the last `days` days up to today. */
export const lastDays = (days: number, today: string = localToday()) => ({
  from: addDays(today, -(days - 1)),
  to: today,
});
