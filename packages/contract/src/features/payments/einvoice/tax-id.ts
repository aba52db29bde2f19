/**
 * The Taiwan unified business number (統一編號) checksum: digits weighted 1,2,1,2,1,2,4,1, each product's
 * digits summed; the total divisible by 5 (the 2023 rule, which keeps every number valid under the old
 * divisible-by-10 one), or, when the seventh digit is 7, the total plus one.
 */
export const isValidTaxId = (value: string): boolean => {
  if (!/^\d{8}$/.test(value)) return false;
  const weights = [1, 2, 1, 2, 1, 2, 4, 1];
  const sum = [...value]
    .map((d, i) => Number(d) * weights[i]!)
    .reduce((acc, p) => acc + Math.floor(p / 10) + (p % 10), 0);
  return sum % 5 === 0 || (value[6] === '7' && (sum + 1) % 5 === 0);
};
