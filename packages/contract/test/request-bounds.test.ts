import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '../src';
import { PG_INT, STORABLE_TEXT, zInt, zText } from '../src/common/bounds';

type Json = Record<string, unknown>;

const operations = Object.entries(contract).filter(
  ([, v]) =>
    typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'response' in v && 'allow' in v,
) as [string, contract.TOperation][];

/**
 * Every string and number a request can carry, with what is wrong with it: a string needs a maxLength and
 * the storable-text pattern (or is an enum / constant), a number needs a minimum and a maximum within PostgreSQL
 * integer range (items 4 and 5). Walks the input-side JSON Schema the OpenAPI document is made of.
 */
const unbounded = (schema: z.ZodType): string[] => {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  const defs = (json.$defs ?? {}) as Record<string, Json>;
  const found: string[] = [];
  const walk = (node: Json | undefined, path: string, seen: Set<string>) => {
    if (!node || typeof node !== 'object') return;
    if (typeof node.$ref === 'string') {
      const name = node.$ref.replace('#/$defs/', '');
      if (seen.has(name)) return;
      walk(defs[name], path, new Set([...seen, name]));
      return;
    }
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      for (const sub of (node[key] as Json[] | undefined) ?? []) walk(sub, path, seen);
    }
    if ('enum' in node || 'const' in node) return;
    const patterns = [node.pattern, ...((node.allOf as Json[] | undefined) ?? []).map((s) => s.pattern)];
    const types = [node.type].flat();
    // zod's own formats (ISO date-time, uuid) are anchored patterns of a bounded length.
    const format = ['date-time', 'date', 'uuid'].includes(node.format as string);
    if (types.includes('string') && !format) {
      if (node.maxLength === undefined) found.push(`${path}: string without maxLength`);
      if (!patterns.includes(STORABLE_TEXT.source))
        found.push(`${path}: string without the storable-text check`);
    }
    if (types.includes('number') || types.includes('integer')) {
      const min = (node.minimum ?? node.exclusiveMinimum) as number | undefined;
      const max = (node.maximum ?? node.exclusiveMaximum) as number | undefined;
      // Every request number goes into an integer column or a bounded numeric: none needs more than int32.
      if (min === undefined || min < PG_INT.min) found.push(`${path}: number without an int32 minimum`);
      if (max === undefined || max > PG_INT.max) found.push(`${path}: number without an int32 maximum`);
    }
    if (
      node.type === 'object' &&
      node.additionalProperties &&
      typeof node.additionalProperties === 'object'
    ) {
      walk(node.additionalProperties as Json, `${path}.*`, seen);
      if (node.propertyNames) walk(node.propertyNames as Json, `${path}.<key>`, seen);
      else found.push(`${path}: record keys unbounded`);
    }
    for (const [k, sub] of Object.entries((node.properties ?? {}) as Record<string, Json>)) {
      walk(sub, `${path}.${k}`, seen);
    }
    if (node.items && typeof node.items === 'object') {
      if (node.maxItems === undefined) found.push(`${path}: array without maxItems`);
      walk(node.items as Json, `${path}[]`, seen);
    }
    for (const sub of (node.prefixItems as Json[] | undefined) ?? []) walk(sub, `${path}[]`, seen);
  };
  walk(json, '', new Set());
  return found;
};

describe('request bounds (items 4 and 5)', () => {
  it('finds the operations', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it('bounds every string, number and array of every operation’s params, query and body', () => {
    const problems: string[] = [];
    for (const [name, op] of operations) {
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = op[part];
        if (!schema) continue;
        for (const p of unbounded(schema)) problems.push(`${name} ${part}${p}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('zText refuses NUL and lone surrogates, keeps emoji, bounds the length', () => {
    const t = zText(5);
    expect(t.safeParse('a\u0000b').success).toBe(false);
    expect(t.safeParse('a\uD800b').success).toBe(false);
    expect(t.safeParse('a\uDC00').success).toBe(false);
    expect(t.safeParse('🍜麵').success).toBe(true);
    expect(t.safeParse('abcdef').success).toBe(false);
  });

  it('zInt refuses what an integer column refuses', () => {
    const n = zInt();
    expect(n.safeParse(1e20).success).toBe(false);
    expect(n.safeParse(2_147_483_648).success).toBe(false);
    expect(n.safeParse(65.5).success).toBe(false);
    expect(n.safeParse(2_147_483_647).success).toBe(true);
  });
});
