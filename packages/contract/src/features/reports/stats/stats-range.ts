import { msg, type TMessage } from '../../../common/errors';
import { checkDateRange, daysInRange, type TDateRefusal } from '../../orders/orders/date-rules';
import { addDays } from '../../shops/shop-time/local-time';

/**
 * Date rules of the statistics pages (spec 000 §5 "Date rules from the texts"): the start is not later than
 * today nor after the end, Asia/Taipei days inclusive. Statistics read rollup tables, not orders, so a
 * range may cover a quarter (92 days) instead of the order query's 31 (docs/decisions/reports.md "Statistics").
 */
export const STATS_MAX_DAYS = 92;
export const STATS_DEFAULT_DAYS = 7;

export const STATS_MESSAGES = {
  statsRange: msg('統計區間最多 92 天', 'Statistics cover at most 92 days'),
  linkInvalid: msg('分享連結無效', 'This share link is not valid'),
  linkExpired: msg(
    '分享連結已過期，請向店家索取新的連結',
    'This share link has expired; ask the shop for a new one',
  ),
  shopRequired: msg('請選擇商店', 'Choose a shop'),
  siOrShop: msg('請選擇 SI 或商店其中之一', 'Choose either an SI account or a shop'),
} as const satisfies Record<string, TMessage>;

export const checkStatsRange = (range: { from: string; to: string }, today?: string): TDateRefusal | null =>
  checkDateRange(range, { maxDays: STATS_MAX_DAYS, rangeMessage: STATS_MESSAGES.statsRange, today });

/** The period of the same length right before the range (the comparison of every stats page). */
export const previousRange = (range: { from: string; to: string }) => {
  const n = daysInRange(range.from, range.to);
  return { from: addDays(range.from, -n), to: addDays(range.from, -1) };
};

/** Change against the previous period in percent, one decimal; null when there is nothing to compare with. */
export const deltaPct = (current: number, previous: number): number | null =>
  previous === 0 ? null : Math.round(((current - previous) / previous) * 1000) / 10;

/** Every day of the range, in order. */
export const daysOf = (range: { from: string; to: string }): string[] =>
  Array.from({ length: daysInRange(range.from, range.to) }, (_, k) => addDays(range.from, k));

/** Share links of /pub/shop-stat live 1–30 days, 7 unless chosen. */
export const SHARE_LINK_DAYS = { min: 1, max: 30, default: 7 } as const;
export const SHARE_LINK_PURPOSE = 'pub-shop-stat';
