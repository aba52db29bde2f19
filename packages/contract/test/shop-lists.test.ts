// The gaa list's query grammar (spec 002 §7 Shops: "query (comma-separated field:value pairs)").
import { describe, expect, it } from 'vitest';
import { formatShopQuery, parseShopQuery, ZQueryShopsRequest } from '../src';

describe('shop list query parameter', () => {
  it('reads field:value pairs; a value may hold a comma or a colon', () => {
    expect(parseShopQuery('id:12,name:Durian, Inc,siName:a:b,eaaName: 陳 ')).toEqual({
      ok: true,
      query: { id: '12', name: 'Durian, Inc', siName: 'a:b', eaaName: '陳' },
    });
  });
  it('refuses an unknown field and skips empty values', () => {
    expect(parseShopQuery('password:x')).toEqual({ ok: false, field: 'password' });
    expect(parseShopQuery('name:,tag:夜')).toEqual({ ok: true, query: { tag: '夜' } });
  });
  it('formats what it parses', () => {
    const query = { id: '7', name: '牛肉, 麵', tag: 'VIP', siName: 'quick', eaaName: 'ann' };
    expect(parseShopQuery(formatShopQuery(query))).toEqual({ ok: true, query });
    expect(formatShopQuery({ name: ' ', siName: 'x' })).toBe('siName:x');
  });
  it('the request takes tags comma-separated or repeated, and defaults to catering, 15, offset 0', () => {
    expect(ZQueryShopsRequest.parse({ queryByTag: ['a,b', 'b'] })).toMatchObject({
      queryByTag: ['a', 'b'],
      type: 'catering',
      limit: 15,
      offset: 0,
    });
    expect(ZQueryShopsRequest.safeParse({ query: 'id:x' }).success).toBe(false);
  });
});
