import { isValidTaxId } from '@shopdesk/contract';

/** Deterministic pseudo-random numbers (mulberry32), so every seed run makes the same demo data. */
export const createRandom = (seed: number) => {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
};
export type Random = ReturnType<typeof createRandom>;

/** A Taiwanese unified business number (統一編號) with a valid checksum. */
export const taxId = (r: Random): string => {
  for (;;) {
    const digits = Array.from({ length: 8 }, () => r.int(0, 9));
    if (digits[6] === 7) continue; // the same demo numbers as before the rule moved to the contract
    if (isValidTaxId(digits.join(''))) return digits.join('');
  }
};
