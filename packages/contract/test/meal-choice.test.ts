import { describe, expect, it } from 'vitest';
import { landingMealType } from '../src';

describe('landingMealType: the meal type a customer lands on', () => {
  it('takes the first preferred meal type the shop offers', () => {
    expect(landingMealType(['eat_in', 'to_go'], 'to_go', 'eat_in')).toBe('to_go');
    expect(landingMealType(['eat_in', 'to_go'], null, 'eat_in')).toBe('eat_in');
  });
  it('skips a default on a switched-off mode: an eat-in-only shop with default to_go lands on eat_in', () => {
    expect(landingMealType(['eat_in'], 'to_go')).toBe('eat_in');
    expect(landingMealType(['delivery'], 'delivery_x', 'none', undefined)).toBe('delivery');
  });
  it('is null when the shop offers nothing', () => {
    expect(landingMealType([], 'to_go')).toBe(null);
  });
});
