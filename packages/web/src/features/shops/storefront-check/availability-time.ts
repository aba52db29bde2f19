import { SHOP_TIME_ZONE } from '@shopdesk/contract';
import dayjs, { type Dayjs } from 'dayjs';

// Taiwan keeps +08:00 all year (no daylight saving): the picker's wall time is read as Taipei time,
// whatever the browser's own zone, so an operator abroad checks the shop's clock, not theirs.
const TAIPEI_OFFSET = '+08:00';

/** The picked wall time as an ISO instant on the shop's clock (the availability call's `at`). */
export const pickedToIso = (picked: Dayjs): string =>
  `${picked.format('YYYY-MM-DDTHH:mm')}:00${TAIPEI_OFFSET}`;

/** An instant as the picker's value: its Taipei wall time. */
export const isoToPicked = (iso: string): Dayjs => dayjs(taipeiText(iso).replace(' ', 'T'));

const FORMAT = new Intl.DateTimeFormat('sv-SE', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** YYYY-MM-DD HH:mm in Asia/Taipei. */
export const taipeiText = (iso: string): string => FORMAT.format(new Date(iso)).replace('T', ' ');
