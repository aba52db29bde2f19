import { z } from 'zod';
import { zText } from '../../../common/bounds';
import { msg, type TMessage } from '../../../common/errors';
import { compactToMinutes, HHMM_COMPACT, MINUTES_PER_DAY, MINUTES_PER_WEEK } from './local-time';

/**
 * Opening periods (spec 001 §3 "Opening period"): openDay/closeDay 0–6 (Sunday = 0), openTime/closeTime
 * HHmm. A period whose closing time is not after its opening time ends the next day, so equal times are a
 * full 24 hours and 0000–0000 is 'all open' (the whole day). closeDay is therefore never chosen by a
 * person: `closeDayFor` derives it, and a stored closeDay that disagrees is refused.
 */
export const OPENING_MESSAGES = {
  // spec 001 §8 Opening hours
  saved: msg('服務時間已更新', 'Service time updated'),
  saveFailed: msg('無法儲存商店 {id} 的營業時段', 'Cannot save opening periods for shop {id}'),
  timeFormat: msg('時間格式錯誤，請輸入 HHmm', 'Times are HHmm, 0000 to 2359'),
  dayRange: msg('星期須為 0（日）到 6（六）', 'Weekdays are 0 (Sunday) to 6 (Saturday)'),
  closeDay: msg(
    '結束日與時間不符：結束時間早於開始時間時，時段於隔天結束',
    'The closing day does not match the times: a period closing earlier than it opens ends the next day',
  ),
  overlap: msg('營業時段重疊', 'Opening periods overlap'),
} as const;

/** Fills the {id} of a message such as "cannot save opening periods for shop {id}". */
export const withShopId = (m: TMessage, id: number | string): TMessage => ({
  zh: m.zh.replace('{id}', String(id)),
  en: m.en.replace('{id}', String(id)),
});

export const ZOpeningPeriod = z.object({
  openDay: z.number().int().min(0, OPENING_MESSAGES.dayRange.zh).max(6, OPENING_MESSAGES.dayRange.zh),
  closeDay: z.number().int().min(0, OPENING_MESSAGES.dayRange.zh).max(6, OPENING_MESSAGES.dayRange.zh),
  openTime: zText().regex(HHMM_COMPACT, OPENING_MESSAGES.timeFormat.zh),
  closeTime: zText().regex(HHMM_COMPACT, OPENING_MESSAGES.timeFormat.zh),
});
export type TOpeningPeriod = z.infer<typeof ZOpeningPeriod>;

/** 'All open' (spec 001 §3): the whole day. */
export const ALL_OPEN = { openTime: '0000', closeTime: '0000' } as const;
export const isAllOpen = (p: Pick<TOpeningPeriod, 'openTime' | 'closeTime'>): boolean =>
  p.openTime === ALL_OPEN.openTime && p.closeTime === ALL_OPEN.closeTime;

/** Ends the next day when it does not close after it opens (spec 001 §3). */
export const endsNextDay = (p: Pick<TOpeningPeriod, 'openTime' | 'closeTime'>): boolean =>
  compactToMinutes(p.closeTime) <= compactToMinutes(p.openTime);

export const closeDayFor = (openDay: number, openTime: string, closeTime: string): number =>
  endsNextDay({ openTime, closeTime }) ? (openDay + 1) % 7 : openDay;

/** A period built from what a person picks: a weekday and two times. */
export const makePeriod = (openDay: number, openTime: string, closeTime: string): TOpeningPeriod => ({
  openDay,
  closeDay: closeDayFor(openDay, openTime, closeTime),
  openTime,
  closeTime,
});

/** The period as minutes of the week [start, end); end may pass the week's end (Saturday night). */
export const weekSpan = (p: TOpeningPeriod): { start: number; end: number } => {
  const open = compactToMinutes(p.openTime);
  const close = compactToMinutes(p.closeTime);
  const start = p.openDay * MINUTES_PER_DAY + open;
  return { start, end: start + (close > open ? close - open : MINUTES_PER_DAY - open + close) };
};

const spansOverlap = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  [-MINUTES_PER_WEEK, 0, MINUTES_PER_WEEK].some(
    (shift) => a.start < b.end + shift && b.start + shift < a.end,
  );

/** Adds the list's rule issues: a closeDay that disagrees with the times, and overlapping periods. */
const checkList = (list: TOpeningPeriod[], ctx: z.RefinementCtx) => {
  list.forEach((p, i) => {
    if (p.closeDay !== closeDayFor(p.openDay, p.openTime, p.closeTime))
      ctx.addIssue({ code: 'custom', path: [i, 'closeDay'], message: OPENING_MESSAGES.closeDay.zh });
  });
  for (let i = 0; i < list.length; i++)
    for (let j = 0; j < i; j++)
      if (spansOverlap(weekSpan(list[i]!), weekSpan(list[j]!))) {
        ctx.addIssue({ code: 'custom', path: [i, 'openTime'], message: OPENING_MESSAGES.overlap.zh });
        break;
      }
};

/** One list of periods; at most a few per weekday in practice, capped against oversized bodies. */
export const ZOpeningPeriodList = z.array(ZOpeningPeriod).max(70).superRefine(checkList);

/** The three lists (spec 001 §7). An empty togo or delivery list means 'same as default' (general). */
export const ZOpeningHours = z.object({
  general: ZOpeningPeriodList,
  togo: ZOpeningPeriodList,
  delivery: ZOpeningPeriodList,
});
export type TOpeningHours = z.infer<typeof ZOpeningHours>;
export const OPENING_LISTS = ['general', 'togo', 'delivery'] as const;
export type TOpeningList = (typeof OPENING_LISTS)[number];

/** A shop that never saved its service time is open all day, every day (docs/decisions/shops.md Shop time). */
export const DEFAULT_OPENING_HOURS: TOpeningHours = {
  general: [0, 1, 2, 3, 4, 5, 6].map((d) => makePeriod(d, ALL_OPEN.openTime, ALL_OPEN.closeTime)),
  togo: [],
  delivery: [],
};

/** Periods sorted for display and storage: by weekday, then opening time. */
export const sortPeriods = (list: TOpeningPeriod[]): TOpeningPeriod[] =>
  [...list].sort((a, b) => a.openDay - b.openDay || a.openTime.localeCompare(b.openTime));
