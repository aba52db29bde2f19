// The compiled response check (plugins/app/response-check.ts) answers exactly what the zod serializer answers:
// the same JSON for what zod accepts, and zod's own error for what it refuses.
import * as contract from '@shopdesk/contract';
import { ZQueryShopsResponse } from '@shopdesk/contract';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkedSerializerCompiler, compileCheck } from '../src/plugins/app/response-check';

const route = { method: 'GET', url: '/console/apis/gaa/shops/query', httpStatus: '200' };
const both = (schema: z.ZodType) => ({
  zod: serializerCompiler({ schema, ...route } as never) as (d: unknown) => string,
  fast: checkedSerializerCompiler({ schema, ...route } as never) as (d: unknown) => string,
});
const outcome = (f: (d: unknown) => string, d: unknown) => {
  try {
    return { json: f(d) };
  } catch (err) {
    return { error: String(err), cause: JSON.stringify((err as { cause?: unknown }).cause) };
  }
};

const row = {
  id: 7,
  accountId: 7,
  name: '阿嬤牛肉麵',
  email: 'shop@example.test',
  invoice: null,
  siAccountId: 3,
  siAccountName: 'SI 三',
  eaaAccountName: null,
  eaaAccountEmail: 'owner@example.test',
  isInitialized: true,
  isOaDisabled: false,
  tags: ['夜市', '麵'],
};
const page = (shops: unknown[], total: unknown = shops.length) => ({ data: { total, shops } });

describe('compiled response check', () => {
  const { zod, fast } = both(ZQueryShopsResponse);

  it('the gaa shop list schema is compiled', () => {
    expect(compileCheck(ZQueryShopsResponse)).toBeTypeOf('function');
  });

  it('answers the same JSON as zod, unknown keys dropped, keys in the schema order', () => {
    const shuffled = Object.fromEntries(Object.entries(row).reverse());
    for (const d of [
      page([]),
      page([row, { ...row, id: 8, accountId: 8, tags: [] }], 100_000),
      page([{ ...shuffled, extra: 'secret', password: 'x' }]),
      { data: { total: 1, shops: [row], more: 1 }, other: true },
      page([{ ...row, name: '😀'.repeat(10) }]),
      page([{ ...row, name: '\uD83D\uDE00 \uFFFF \u0001 \uDBFF\uDFFF' }]),
    ])
      expect(outcome(fast, d)).toEqual(outcome(zod, d));
    expect(fast(page([{ ...row, extra: 'secret' }]))).not.toContain('secret');
  });

  it('refuses what zod refuses, with zod’s error', () => {
    const bad: unknown[] = [
      null,
      'text',
      [],
      { data: null },
      page([row], 1.5),
      page([row], Number.POSITIVE_INFINITY),
      page([row], Number.NaN),
      page([row], 2 ** 60),
      page([row], '1'),
      page([{ ...row, name: 'a\u0000b' }]),
      page([{ ...row, name: '\uD800' }]),
      page([{ ...row, name: 'a\uDC00' }]),
      page([{ ...row, name: '\uDBFF\uDBFF\uDC00' }]),
      page([{ ...row, name: '\uD83D' }]),
      page([{ ...row, tags: ['ok', '\u0000'] }]),
      page([{ ...row, name: 'x'.repeat(10_001) }]),
      page([{ ...row, invoice: undefined }]),
      page([{ ...row, isInitialized: 'true' }]),
      page([{ ...row, tags: 'a,b' }]),
      page([{ ...row, tags: [1] }]),
      page([{ ...row, siAccountId: 1.5 }]),
      page([new Date()]),
    ];
    for (const d of bad) {
      const z1 = outcome(zod, d);
      expect(z1.error).toBeDefined();
      expect(outcome(fast, d)).toEqual(z1);
    }
  });

  it('zText’s character rule is decided as its regex decides it', () => {
    const { STORABLE_TEXT } = contract;
    const strings = [
      '',
      'a',
      '\u0000',
      'a\u0000',
      '\uD800',
      '\uDC00',
      '\uD800\uDC00',
      '\uDC00\uD800',
      '😀',
      '\uFFFF',
    ];
    const check = compileCheck(contract.zText())!;
    for (const a of strings)
      for (const b of strings) {
        const s = a + b;
        expect(check(s) === s, JSON.stringify(s)).toBe(STORABLE_TEXT.test(s));
      }
  });

  it('leaves undecided cases to zod: a string within the limit in code points, not in UTF-16 units', () => {
    const s = z.object({
      a: z.string().max(3),
      b: z.string().min(2).optional(),
      c: z.array(z.number()).max(2),
    });
    const { zod: zs, fast: fs } = both(s);
    for (const d of [
      { a: '😀😀😀' },
      { a: '😀😀😀😀' },
      { a: 'abc', b: '😀' },
      { a: 'abc', b: 'x' },
      { a: 'abc', b: undefined },
      { a: 'abc', c: [1, 2] },
      { a: 'abc', c: [1, 2, 3] },
    ])
      expect(outcome(fs, d)).toEqual(outcome(zs, d));
  });

  it('enums, literals and number bounds as zod', () => {
    const s = z.object({
      e: z.enum(['a', 'b']),
      l: z.literal(3),
      n: z.number().int().min(0).max(10),
      g: z.number().gt(1).lt(2),
    });
    const { zod: zs, fast: fs } = both(s);
    const ok = { e: 'a', l: 3, n: 10, g: 1.5 };
    for (const d of [
      ok,
      { ...ok, e: 'c' },
      { ...ok, l: 4 },
      { ...ok, n: 11 },
      { ...ok, n: -1 },
      { ...ok, g: 2 },
    ])
      expect(outcome(fs, d)).toEqual(outcome(zs, d));
  });

  it('a schema without optional parts is checked by code generated for it, with the same answers as zod', () => {
    // the generated checker is named `check`; the closures (kept for optional parts) are anonymous
    expect(compileCheck(ZQueryShopsResponse)?.name).toBe('check');
    const s = z.object({
      'a-b': z.string().regex(/^x+$/),
      'it\'s "q"': z.array(z.string().min(2)).min(1).max(2),
      constructor: z.object({ n: z.number().nullable(), e: z.enum(['a', 'b']).nullable() }).nullable(),
      list: z.array(z.object({ t: contract.zText().nullable(), b: z.boolean() })).length(1),
    });
    expect(compileCheck(s)?.name).toBe('check');
    const { zod: zs, fast: fs } = both(s);
    const ok = {
      'a-b': 'xx',
      'it\'s "q"': ['ab', '😀😀'],
      constructor: { n: null, e: 'b', extra: 1 },
      list: [{ t: null, b: true }],
    };
    for (const d of [
      ok,
      { ...ok, constructor: null },
      { ...ok, constructor: { n: 1.5, e: null } },
      { ...ok, 'a-b': 'xy' },
      { ...ok, 'it\'s "q"': [] },
      { ...ok, 'it\'s "q"': ['a'] },
      { ...ok, 'it\'s "q"': ['ab', 'cd', 'ef'] },
      { ...ok, constructor: { n: Number.NaN, e: 'a' } },
      { ...ok, constructor: { n: 1, e: 'c' } },
      { ...ok, list: [] },
      { ...ok, list: [{ t: 'a\u0000', b: true }] },
      { ...ok, list: [{ t: 'ok', b: 1 }] },
      { ...ok, list: {} },
      [],
      null,
    ])
      expect(outcome(fs, d)).toEqual(outcome(zs, d));
    // an optional part keeps the closures, with zod's answers too
    const o = z.object({ a: z.string().optional(), b: z.number() });
    expect(compileCheck(o)?.name).toBe('');
    const { zod: zo, fast: fo } = both(o);
    for (const d of [{ b: 1 }, { a: 'x', b: 1 }, { a: 1, b: 1 }])
      expect(outcome(fo, d)).toEqual(outcome(zo, d));
  });

  it('schemas it cannot decide stay with zod alone', () => {
    expect(compileCheck(z.object({ d: z.date() }))).toBeNull();
    expect(compileCheck(z.object({ s: z.string().transform((x) => x.length) }))).toBeNull();
    expect(compileCheck(z.object({ s: z.string().refine((x) => x !== 'x') }))).toBeNull();
    expect(compileCheck(z.object({ s: z.string().default('x') }))).toBeNull();
    expect(compileCheck(z.object({ s: z.email() }))).toBeNull();
    expect(compileCheck(z.object({ s: z.string().email() }))).toBeNull();
    expect(compileCheck(z.object({ n: z.int() }))).toBeNull();
    expect(compileCheck(z.object({ a: z.string() }).strict())).toBeNull();
    expect(compileCheck(z.object({ a: z.string() }).passthrough())).toBeNull();
    expect(compileCheck(z.union([z.string(), z.number()]))).toBeNull();
  });

  it('every operation of the contract compiles its serializer', () => {
    let compiled = 0;
    let ops = 0;
    for (const value of Object.values(contract)) {
      const op = value as { method?: unknown; path?: unknown; response?: unknown };
      if (
        typeof op?.path !== 'string' ||
        typeof op.method !== 'string' ||
        !(op.response instanceof z.ZodType)
      )
        continue;
      ops += 1;
      expect(() => checkedSerializerCompiler({ schema: op.response, ...route } as never)).not.toThrow();
      if (compileCheck(op.response)) compiled += 1;
    }
    expect(ops).toBeGreaterThan(100);
    expect(compiled).toBeGreaterThan(0);
  });
});
