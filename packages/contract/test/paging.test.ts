import { describe, expect, it } from 'vitest';
import { buildPath, englishFor, msg, parseSort, ZPagingQuery } from '../src';

describe('paging', () => {
  it('defaults to the first page of 15 (spec 002 §9)', () => {
    expect(ZPagingQuery.parse({})).toEqual({ offset: 0, limit: 15 });
  });
  it('coerces query strings and refuses negative offsets', () => {
    expect(ZPagingQuery.parse({ offset: '30', limit: '50' })).toMatchObject({ offset: 30, limit: 50 });
    expect(ZPagingQuery.safeParse({ offset: '-1' }).success).toBe(false);
  });
  it('parses sort keys against the allowed list, falling back on unknown keys', () => {
    const fallback = { key: 'accountId' as const, desc: true };
    expect(parseSort('-name', ['accountId', 'name'] as const, fallback)).toEqual({ key: 'name', desc: true });
    expect(parseSort('name', ['accountId', 'name'] as const, fallback)).toEqual({ key: 'name', desc: false });
    expect(parseSort('password', ['accountId', 'name'] as const, fallback)).toEqual(fallback);
  });
});

describe('paths and messages', () => {
  it('fills path parameters and encodes them', () => {
    expect(buildPath('/:type/shops/:id', { type: 'gaa', id: 12 })).toBe('/gaa/shops/12');
    expect(buildPath('/users/:name', { name: 'a b/c' })).toBe('/users/a%20b%2Fc');
    expect(() => buildPath('/:type/x', {})).toThrow(/type/);
  });
  it('finds the English text of a zh-TW message', () => {
    msg('桌號重複', 'Duplicate table number');
    expect(englishFor('桌號重複')).toBe('Duplicate table number');
  });
});
