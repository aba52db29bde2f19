/**
 * A sign-in's browser and device as a person names them ("Chrome · Windows", "LINE · iPhone") from its
 * user-agent string. Only these two names are shown, so a short table of the agents in use stands in for a
 * user-agent library (docs/decisions/foundation.md "Web shell"); the raw string stays in the cell's tooltip.
 */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/ Line\//i, 'LINE'],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const first = (table: typeof BROWSERS, ua: string) => table.find(([re]) => re.test(ua))?.[1];

export const deviceText = (ua: string | null | undefined): string | null => {
  if (!ua) return null;
  const names = [first(BROWSERS, ua), first(SYSTEMS, ua)].filter(Boolean);
  return names.length ? names.join(' · ') : null;
};
