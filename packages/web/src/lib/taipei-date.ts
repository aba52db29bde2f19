import { localToday } from '@shopdesk/contract';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * Today's date in Asia/Taipei as a picker date, whatever the browser's time zone: the shops' days are Taipei
 * days (spec 000 §5, spec 002 §1), so a default range or a "today" limit computed from `dayjs()` would be a day
 * off for an operator abroad between 16:00 and 24:00 UTC. The picker works with calendar dates (YYYY-MM-DD),
 * so the Taipei date is parsed as local midnight.
 */
export const taipeiToday = (now: Date = new Date()): Dayjs => dayjs(localToday(now));

/** taipeiToday as YYYY-MM-DD. */
export const taipeiTodayYmd = (now: Date = new Date()): string => localToday(now);
