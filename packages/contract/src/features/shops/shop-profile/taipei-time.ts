/** Display zone and format of the binding-code expiry (spec 000 §9: Asia/Taipei, year-month-day h:m:s). */
export const SHOP_PROFILE_TIME_ZONE = 'Asia/Taipei';

const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_PROFILE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** "YYYY-MM-DD HH:mm:ss" in Asia/Taipei, e.g. 2026-12-31T16:00:00Z → "2027-01-01 00:00:00". */
export const formatTaipeiTime = (at: string | Date): string => {
  const parts: Record<string, string> = {};
  for (const p of formatter.formatToParts(new Date(at))) parts[p.type] = p.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
};
