import { describe, expect, it } from 'vitest';
import { localTime } from '../src';

/** The wall clock as Intl reads it for that very moment: what localTime answers without its minute cache. */
const read = (at: Date, timeZone: string) => {
  const parts: Record<string, string> = {};
  for (const p of new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at))
    parts[p.type] = p.value;
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return {
    date,
    weekday: new Date(`${date}T00:00:00Z`).getUTCDay(),
    minute: Number(parts.hour) * 60 + Number(parts.minute),
    msInMinute: Number(parts.second) * 1000 + (at.getTime() % 1000),
  };
};

describe('localTime (docs/decisions/shops.md "Shop time: local time read once per minute (order intake)")', () => {
  it('reads every moment of a minute as Intl does, twice over (the second time from its cache)', () => {
    const zones = ['Asia/Taipei', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'UTC'];
    const moments = [
      Date.UTC(2026, 10, 27, 15, 59, 59, 999),
      Date.UTC(2026, 10, 27, 16, 0, 0, 0),
      Date.UTC(2026, 10, 27, 16, 0, 30, 123),
      // New York's daylight-saving change (2026-11-01 06:00 UTC) and the minute before
      Date.UTC(2026, 10, 1, 5, 59, 59, 500),
      Date.UTC(2026, 10, 1, 6, 0, 0, 1),
      Date.UTC(2024, 1, 29, 23, 59, 1, 7),
    ];
    for (let k = 0; k < 2; k += 1)
      for (const tz of zones)
        for (const ms of moments) expect(localTime(new Date(ms), tz)).toEqual(read(new Date(ms), tz));
  });

  it('reads an offset with seconds (Monrovia, −0:44:30 until 1972) moment by moment', () => {
    for (const s of [0, 15, 29, 30, 31, 59]) {
      const at = new Date(Date.UTC(1971, 5, 1, 12, 0, s, 250));
      expect(localTime(at, 'Africa/Monrovia')).toEqual(read(at, 'Africa/Monrovia'));
    }
  });
});
