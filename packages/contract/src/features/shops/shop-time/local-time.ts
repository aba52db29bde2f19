/**
 * Clock arithmetic for service time and order limits. Shops live in Asia/Taipei (spec 001 §1: all display
 * is in Asia/Taipei); every rule here takes the zone as a parameter so a shop's local_time_zone can be used.
 */
export const SHOP_TIME_ZONE = 'Asia/Taipei';
export const MINUTES_PER_DAY = 1440;
export const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

/** A moment as the shop's wall clock reads it. */
export type TLocalTime = {
  /** YYYY-MM-DD */
  date: string;
  /** 0 = Sunday … 6 = Saturday (spec 001 §3). */
  weekday: number;
  /** Minutes since local midnight, 0–1439. */
  minute: number;
  /** Milliseconds into the current minute. */
  msInMinute: number;
};

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (timeZone: string) => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
};

/** Weekday of a YYYY-MM-DD calendar date (0 = Sunday). */
export const weekdayOf = (date: string): number => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
};

/** The calendar date `days` after (or before, when negative) a YYYY-MM-DD date. */
export const addDays = (date: string, days: number): string => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

const readClock = (at: Date, timeZone: string): TLocalTime => {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(at)) parts[p.type] = p.value;
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return {
    date,
    weekday: weekdayOf(date),
    minute: Number(parts.hour) * 60 + Number(parts.minute),
    msInMinute: Number(parts.second) * 1000 + (at.getTime() % 1000),
  };
};

/** The wall clock at the start of UTC minutes already read, by zone and minute (formatToParts is costly). */
const minuteStarts = new Map<string, TLocalTime>();
const MINUTES_KEPT = 4096;

export const localTime = (at: Date, timeZone: string = SHOP_TIME_ZONE): TLocalTime => {
  const ms = at.getTime();
  if (!(ms >= 0)) return readClock(at, timeZone);
  // where a zone's offset is whole minutes (every zone today), a UTC minute is one wall-clock minute: its
  // reading at the minute's start serves every moment in it. A start that does not read :00 (an old offset
  // with seconds, such as Monrovia's before 1972) is not kept, and the moment is read itself.
  const start = ms - (ms % 60_000);
  const key = `${timeZone} ${start}`;
  let s = minuteStarts.get(key);
  if (!s) {
    s = readClock(new Date(start), timeZone);
    if (s.msInMinute !== 0) return readClock(at, timeZone);
    if (minuteStarts.size >= MINUTES_KEPT) minuteStarts.clear();
    minuteStarts.set(key, s);
  }
  return { date: s.date, weekday: s.weekday, minute: s.minute, msInMinute: ms - start };
};

/** Today's date on the shop's clock (YYYY-MM-DD). */
export const localToday = (now: Date = new Date(), timeZone: string = SHOP_TIME_ZONE): string =>
  localTime(now, timeZone).date;

/** Opening times are HHmm strings (spec 001 §3 Opening period), 0000–2359. */
export const HHMM_COMPACT = /^([01]\d|2[0-3])[0-5]\d$/;
export const compactToMinutes = (hhmm: string): number =>
  Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(2, 4));

/** Order-limit and slot times are HH:mm strings (spec 001 §3 Order limit). */
export const colonToMinutes = (hhmm: string): number =>
  Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const minutesToColon = (minutes: number): string => {
  const m = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
/** HHmm ⇄ HH:mm for pickers that speak HH:mm. */
export const compactToColon = (hhmm: string): string => `${hhmm.slice(0, 2)}:${hhmm.slice(2, 4)}`;
export const colonToCompact = (hhmm: string): string => hhmm.replace(':', '');
