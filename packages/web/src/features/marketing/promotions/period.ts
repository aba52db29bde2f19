import type { Dayjs } from 'dayjs';
import { taipeiToday } from '../../../lib/taipei-date';

/** Dates the forms send (YYYY-MM-DD, spec 002 §1); the period runs 00:00 to 00:00 Asia/Taipei. */
export const ymd = (d: Dayjs) => d.format('YYYY-MM-DD');

/** spec 002 §9: shortcuts one week, one month (30 days) and three months (90 days). */
export const PERIOD_SHORTCUTS = [
  { key: 'oneWeek', days: 7 },
  { key: 'oneMonth', days: 30 },
  { key: 'threeMonths', days: 90 },
] as const;

export const presets = (t: (k: 'oneWeek' | 'oneMonth' | 'threeMonths') => string) =>
  PERIOD_SHORTCUTS.map((s) => ({
    label: t(s.key),
    value: [taipeiToday(), taipeiToday().add(s.days, 'day')] as [Dayjs, Dayjs],
  }));
