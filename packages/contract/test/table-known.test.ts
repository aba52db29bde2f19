import { describe, expect, it } from 'vitest';
import { tableKnown } from '../src';

// (docs/decisions/orders.md "Unknown tables"): table links are checked against the shop's table QR codes
describe('tableKnown', () => {
  const tables = { eat_in: ['1', '2'], to_go: [] as string[] };
  it('a listed table, or no table at all, is fine', () => {
    expect(tableKnown(tables, 'eat_in', '2')).toBe(true);
    expect(tableKnown(tables, 'eat_in', ' 2 ')).toBe(true);
    expect(tableKnown(tables, 'eat_in', null)).toBe(true);
    expect(tableKnown(undefined, 'eat_in', '9')).toBe(true);
  });
  it('an unlisted table of a kind with codes is not; a kind without codes takes any; delivery has none', () => {
    expect(tableKnown(tables, 'eat_in', '9')).toBe(false);
    expect(tableKnown(tables, 'to_go', '9')).toBe(true);
    expect(tableKnown(tables, 'delivery', '9')).toBe(true);
  });
});
