import dayjs from 'dayjs';
import isoWeek from 'dayjs/plugin/isoWeek';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(isoWeek);

/** Display time zone of the console (spec 000 §9, 002 §1). */
export const REPORT_TIME_ZONE = 'Asia/Taipei';

/** The weekly report's default range: the previous ISO week, Monday 00:00 to Sunday 23:59:59 in Taipei (spec 002 §9). */
export const previousIsoWeek = (now: Date = new Date()): { from: number; to: number } => {
  const lastWeek = dayjs(now).tz(REPORT_TIME_ZONE).subtract(1, 'week');
  return { from: lastWeek.startOf('isoWeek').unix(), to: lastWeek.endOf('isoWeek').unix() };
};

/**
 * The ISO week label of a calendar date (2025-W03). Computed on the plain date: isoWeek() on a
 * tz()-shifted dayjs reads the shifted internal date and can answer the week before.
 */
const isoWeekLabel = (date: string) => {
  const d = dayjs(date);
  return `${d.isoWeekYear()}-W${String(d.isoWeek()).padStart(2, '0')}`;
};

/** A period as the report names it: dates in Taipei (YYYY-MM-DD) and, for a whole ISO week, its label (2025-W03). */
export const describePeriod = (from: number, to: number) => {
  const start = dayjs.unix(from).tz(REPORT_TIME_ZONE);
  const end = dayjs.unix(to).tz(REPORT_TIME_ZONE);
  // Compared in whole seconds: the request carries unix seconds, endOf() ends at .999.
  const wholeWeek =
    start.unix() === start.startOf('isoWeek').unix() &&
    end.unix() === end.endOf('isoWeek').unix() &&
    end.diff(start, 'day') === 6;
  return {
    fromDate: start.format('YYYY-MM-DD'),
    toDate: end.format('YYYY-MM-DD'),
    isoWeek: wholeWeek ? isoWeekLabel(start.format('YYYY-MM-DD')) : null,
  };
};
