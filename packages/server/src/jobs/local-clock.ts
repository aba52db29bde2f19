/** Shops keep Taiwan time (spec 000 §9: times shown in Asia/Taipei); reset_time is read on this clock. */
export const SHOP_TIME_ZONE = 'Asia/Taipei';

const format = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The local date (YYYY-MM-DD) and time (HH:mm) of an instant in Asia/Taipei. */
export const shopClock = (now: Date) => {
  const part = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  return { date: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}` };
};
