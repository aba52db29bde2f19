import { previousIsoWeek, REPORT_TIME_ZONE } from '@shopdesk/contract';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * The date picker works in the browser's time zone; the report's days are Taipei days (spec 002 §1, §9).
 * Dates cross between them as calendar dates (YYYY-MM-DD), never as instants.
 */
export type TDateRange = [Dayjs, Dayjs];

/** The previous ISO week as picker dates (spec 002 §9). */
export const defaultRange = (now = new Date()): TDateRange => {
  const { from, to } = previousIsoWeek(now);
  const day = (s: number) => dayjs(dayjs.unix(s).tz(REPORT_TIME_ZONE).format('YYYY-MM-DD'));
  return [day(from), day(to)];
};

/** Picker dates to the request's unix seconds: first day 00:00:00 to last day 23:59:59, Taipei time. */
export const rangeToUnix = ([start, end]: TDateRange) => ({
  from: dayjs.tz(start.format('YYYY-MM-DD'), REPORT_TIME_ZONE).startOf('day').unix(),
  to: dayjs.tz(end.format('YYYY-MM-DD'), REPORT_TIME_ZONE).endOf('day').unix(),
});
