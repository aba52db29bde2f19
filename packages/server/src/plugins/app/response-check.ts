import { STORABLE_TEXT } from '@shopdesk/contract';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The response check of every route, faster (docs/decisions/shops.md "Shop list speed: Response check"):
 * each answer is still checked against the contract's zod schema, but a schema built only of objects,
 * arrays, strings, numbers, booleans, enums, literals, nullable and optional parts is first walked by a
 * checker compiled from it once. The checker is conservative: it accepts only what zod accepts, and then
 * returns what zod would return (unknown keys dropped, keys in the schema's order), so the JSON is the same.
 * Anything it does not accept (a wrong value, or a case it does not decide, such as a string longer in
 * UTF-16 units than the limit in code points) goes to zod itself, which answers or throws exactly as before.
 * A schema with anything else (transforms, refinements, defaults, unions, records, dates, …) keeps zod alone.
 */

const FAIL = Symbol('fail');
type Checker = (v: unknown) => unknown;

type Def = {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  coerce?: boolean;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
};
type CheckDef = {
  check: string;
  maximum?: number;
  minimum?: number;
  length?: number;
  format?: string;
  pattern?: RegExp;
  value?: unknown;
  inclusive?: boolean;
};

const defOf = (s: unknown): Def | undefined => (s as { _zod?: { def?: Def } })?._zod?.def;

/**
 * The parts of a definition the checker reads; any other part (a string format such as z.email(), a number
 * format of z.int(), a default, a transform…) means zod alone decides. `error` only shapes zod's messages.
 */
const KNOWN_PARTS = new Set([
  'type',
  'checks',
  'coerce',
  'shape',
  'catchall',
  'element',
  'innerType',
  'entries',
  'values',
  'error',
]);

/** Number formats of zod (util.NUMBER_FORMAT_RANGES): integer or not, and the range. */
const NUMBER_FORMATS: Record<string, [boolean, number, number]> = {
  safeint: [true, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  int32: [true, -2147483648, 2147483647],
  uint32: [true, 0, 4294967295],
  float32: [false, -3.4028234663852886e38, 3.4028234663852886e38],
  float64: [false, -Number.MAX_VALUE, Number.MAX_VALUE],
};

/** String.prototype.isWellFormed (Node 20; the ES2024 library types are not in the project's lib). */
const wellFormed = (s: string): boolean => (s as unknown as { isWellFormed: () => boolean }).isWellFormed();

/** Length checks of strings and arrays; a string is measured in UTF-16 units and decided only when that is sure. */
const lengthTests = (checks: CheckDef[], string: boolean): ((v: { length: number }) => boolean)[] | null => {
  const tests: ((v: { length: number }) => boolean)[] = [];
  for (const c of checks) {
    if (c.check === 'max_length' && typeof c.maximum === 'number') {
      const max = c.maximum;
      tests.push((v) => v.length <= max); // code points ≤ units
    } else if (c.check === 'min_length' && typeof c.minimum === 'number') {
      const min = c.minimum;
      // a code point is one or two units: 2·min units are surely min code points
      tests.push(string ? (v) => v.length >= 2 * min : (v) => v.length >= min);
    } else if (c.check === 'length_equals' && typeof c.length === 'number') {
      const n = c.length;
      if (string) return null;
      tests.push((v) => v.length === n);
    } else if (string && c.check === 'string_format' && c.format === 'regex' && c.pattern instanceof RegExp) {
      const re = c.pattern;
      if (re.source === STORABLE_TEXT.source && re.flags === STORABLE_TEXT.flags) {
        // zText's rule (contract bounds.ts), the same test without the per-character regex: no NUL and no
        // lone surrogate (the regex works on UTF-16 units: a high surrogate only before a low one, and back)
        tests.push((v) => wellFormed(v as unknown as string) && !(v as unknown as string).includes('\u0000'));
        continue;
      }
      tests.push((v) => {
        re.lastIndex = 0;
        return re.test(v as unknown as string);
      });
    } else return null;
  }
  return tests;
};

const numberTests = (checks: CheckDef[]): ((v: number) => boolean)[] | null => {
  const tests: ((v: number) => boolean)[] = [];
  for (const c of checks) {
    if (c.check === 'number_format' && c.format && NUMBER_FORMATS[c.format]) {
      const [int, lo, hi] = NUMBER_FORMATS[c.format]!;
      tests.push(int ? (v) => Number.isInteger(v) && v >= lo && v <= hi : (v) => v >= lo && v <= hi);
    } else if ((c.check === 'less_than' || c.check === 'greater_than') && typeof c.value === 'number') {
      const x = c.value;
      if (c.check === 'less_than') tests.push(c.inclusive ? (v) => v <= x : (v) => v < x);
      else tests.push(c.inclusive ? (v) => v >= x : (v) => v > x);
    } else return null;
  }
  return tests;
};

/**
 * The checker of one schema, or null where zod alone decides. Where the schema allows (no optional parts),
 * the checker is one function generated for the schema (`generateCheck`): the same tests as the closures
 * below, but with the keys, tests and output shape written into its code, so V8 runs each route's check as
 * its own monomorphic code instead of closures shared by every schema of the app (docs/decisions/shops.md
 * "Shop list speed: response check as generated code").
 */
export const compileCheck = (schema: unknown): Checker | null => {
  const closures = compileClosures(schema);
  if (!closures) return null;
  return generateCheck(schema) ?? closures;
};

/**
 * Code of one schema's check: statements that test the value in `v` and leave zod's output in the returned
 * expression, or `return FAIL` from the whole checker. Constants (limits, sets, regexes) go to `K`. Only for
 * schemas compileClosures accepts (it decides which parts and checks are known); optional parts are not
 * generated (an absent key must stay absent), nor is a key zod could read differently from a plain property.
 */
type Gen = { code: string[]; k: unknown[]; n: number };
const fresh = (g: Gen) => `v${g.n++}`;
const konst = (g: Gen, value: unknown) => {
  g.k.push(value);
  return `K[${g.k.length - 1}]`;
};

const generateTests = (g: Gen, v: string, checks: CheckDef[], string: boolean): string[] | null => {
  const tests: string[] = [];
  for (const c of checks) {
    if (c.check === 'max_length' && typeof c.maximum === 'number')
      tests.push(`${v}.length <= ${konst(g, c.maximum)}`);
    else if (c.check === 'min_length' && typeof c.minimum === 'number')
      // as lengthTests: 2·min UTF-16 units are surely min code points
      tests.push(`${v}.length >= ${konst(g, string ? 2 * c.minimum : c.minimum)}`);
    else if (!string && c.check === 'length_equals' && typeof c.length === 'number')
      tests.push(`${v}.length === ${konst(g, c.length)}`);
    else if (string && c.check === 'string_format' && c.format === 'regex' && c.pattern instanceof RegExp) {
      const re = c.pattern;
      if (re.source === STORABLE_TEXT.source && re.flags === STORABLE_TEXT.flags)
        tests.push(`${v}.isWellFormed() && !${v}.includes('\\u0000')`);
      else {
        const r = konst(g, re);
        tests.push(`((${r}.lastIndex = 0), ${r}.test(${v}))`);
      }
    } else return null;
  }
  return tests;
};

const generate = (g: Gen, schema: unknown, v: string): string | null => {
  const def = defOf(schema);
  if (!def) return null;
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  const fail = (cond: string) => g.code.push(`if (${cond}) return FAIL;`);
  switch (def.type) {
    case 'string': {
      const tests = generateTests(g, v, checks, true);
      if (!tests) return null;
      fail([`typeof ${v} !== 'string'`, ...tests.map((t) => `!(${t})`)].join(' || '));
      return v;
    }
    case 'number': {
      const tests: string[] = [];
      for (const c of checks) {
        if (c.check === 'number_format' && c.format && NUMBER_FORMATS[c.format]) {
          const [int, lo, hi] = NUMBER_FORMATS[c.format]!;
          tests.push(
            `${int ? `Number.isInteger(${v}) && ` : ''}${v} >= ${konst(g, lo)} && ${v} <= ${konst(g, hi)}`,
          );
        } else if ((c.check === 'less_than' || c.check === 'greater_than') && typeof c.value === 'number') {
          const op = c.check === 'less_than' ? (c.inclusive ? '<=' : '<') : c.inclusive ? '>=' : '>';
          tests.push(`${v} ${op} ${konst(g, c.value)}`);
        } else return null;
      }
      fail(
        [`typeof ${v} !== 'number'`, `!Number.isFinite(${v})`, ...tests.map((t) => `!(${t})`)].join(' || '),
      );
      return v;
    }
    case 'boolean':
      fail(`typeof ${v} !== 'boolean'`);
      return v;
    case 'enum':
      fail(`!${konst(g, new Set(Object.values(def.entries ?? {})))}.has(${v})`);
      return v;
    case 'literal':
      fail(`!${konst(g, new Set(def.values))}.has(${v})`);
      return v;
    case 'nullable': {
      const out = fresh(g);
      g.code.push(`let ${out} = null;`, `if (${v} !== null) {`);
      const inner = generate(g, def.innerType, v);
      if (inner === null) return null;
      g.code.push(`${out} = ${inner};`, '}');
      return out;
    }
    case 'array': {
      const tests = generateTests(g, v, checks, false);
      if (!tests) return null;
      fail([`!Array.isArray(${v})`, ...tests.map((t) => `!(${t})`)].join(' || '));
      const out = fresh(g);
      const i = fresh(g);
      const e = fresh(g);
      g.code.push(
        `const ${out} = new Array(${v}.length);`,
        `for (let ${i} = 0; ${i} < ${v}.length; ${i}++) {`,
        `const ${e} = ${v}[${i}];`,
      );
      const inner = generate(g, def.element, e);
      if (inner === null) return null;
      g.code.push(`${out}[${i}] = ${inner};`, '}');
      return out;
    }
    case 'object': {
      fail(`typeof ${v} !== 'object' || ${v} === null || Array.isArray(${v})`);
      const fields: string[] = [];
      for (const [key, s] of Object.entries(def.shape ?? {})) {
        if (key === '__proto__') return null;
        const f = fresh(g);
        g.code.push(`const ${f} = ${v}[${JSON.stringify(key)}];`);
        const out = generate(g, s, f);
        if (out === null) return null;
        fields.push(`${JSON.stringify(key)}: ${out}`);
      }
      const out = fresh(g);
      g.code.push(`const ${out} = { ${fields.join(', ')} };`);
      return out;
    }
    default:
      return null; // optional parts among them: the closures decide
  }
};

/** The generated checker of a schema compileClosures accepts, or null where the closures stay. */
const generateCheck = (schema: unknown): Checker | null => {
  const g: Gen = { code: [], k: [], n: 1 };
  const out = generate(g, schema, 'v0');
  if (out === null) return null;
  const body = `${g.code.join('\n')}\nreturn ${out};`;
  return new Function('FAIL', 'K', `return function check(v0) {\n${body}\n};`)(FAIL, g.k) as Checker;
};

/** The checker of one schema as closures, or null where zod alone decides. */
const compileClosures = (schema: unknown): Checker | null => {
  const def = defOf(schema);
  if (!def || def.coerce || Object.keys(def).some((k) => !KNOWN_PARTS.has(k))) return null;
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  switch (def.type) {
    case 'string': {
      const tests = lengthTests(checks, true);
      if (!tests) return null;
      return (v) => {
        if (typeof v !== 'string') return FAIL;
        for (const t of tests) if (!t(v)) return FAIL;
        return v;
      };
    }
    case 'number': {
      const tests = numberTests(checks);
      if (!tests) return null;
      return (v) => {
        if (typeof v !== 'number' || !Number.isFinite(v)) return FAIL;
        for (const t of tests) if (!t(v)) return FAIL;
        return v;
      };
    }
    case 'boolean':
      return checks.length ? null : (v) => (typeof v === 'boolean' ? v : FAIL);
    case 'enum': {
      if (checks.length || !def.entries) return null;
      const values = new Set(Object.values(def.entries));
      return (v) => (values.has(v) ? v : FAIL);
    }
    case 'literal': {
      if (checks.length || !def.values) return null;
      const values = new Set(def.values);
      return (v) => (values.has(v) ? v : FAIL);
    }
    case 'nullable': {
      const inner = checks.length ? null : compileClosures(def.innerType);
      if (!inner) return null;
      return (v) => (v === null ? null : inner(v));
    }
    case 'optional': {
      const inner = checks.length ? null : compileClosures(def.innerType);
      if (!inner) return null;
      return (v) => (v === undefined ? undefined : inner(v));
    }
    case 'array': {
      const tests = lengthTests(checks, false);
      const element = compileClosures(def.element);
      if (!tests || !element) return null;
      return (v) => {
        if (!Array.isArray(v)) return FAIL;
        for (const t of tests) if (!t(v)) return FAIL;
        const out = new Array(v.length);
        for (let i = 0; i < v.length; i++) {
          const e = element(v[i]);
          if (e === FAIL) return FAIL;
          out[i] = e;
        }
        return out;
      };
    }
    case 'object': {
      // only zod's default (unknown keys dropped); passthrough and strict objects keep zod
      if (checks.length || def.catchall !== undefined || !def.shape) return null;
      const fields: [string, Checker, boolean][] = [];
      for (const [key, s] of Object.entries(def.shape)) {
        const c = compileClosures(s);
        if (!c) return null;
        fields.push([key, c, defOf(s)?.type === 'optional']);
      }
      return (v) => {
        if (typeof v !== 'object' || v === null || Array.isArray(v)) return FAIL;
        const input = v as Record<string, unknown>;
        const out: Record<string, unknown> = {};
        for (const [key, check, optional] of fields) {
          const value = input[key];
          // an optional key that is absent stays absent (zod's output has no such key either)
          if (value === undefined && optional) continue;
          const r = check(value);
          if (r === FAIL) return FAIL;
          out[key] = r;
        }
        return out;
      };
    }
    default:
      return null;
  }
};

const isZod = (s: unknown): s is z.ZodType => s instanceof z.ZodType;

/** fastify-type-provider-zod's serializer, with the compiled checker in front where the schema allows one. */
export const checkedSerializerCompiler: FastifySerializerCompiler<unknown> = (routeSchema) => {
  const zodOnly = serializerCompiler(routeSchema as Parameters<typeof serializerCompiler>[0]);
  const schema = routeSchema.schema as unknown;
  const target = isZod(schema)
    ? schema
    : isZod((schema as { properties?: unknown })?.properties)
      ? (schema as { properties: unknown }).properties
      : undefined;
  const check = target ? compileCheck(target) : null;
  if (!check) return zodOnly;
  return (data: unknown) => {
    const out = check(data);
    return out === FAIL ? zodOnly(data) : JSON.stringify(out);
  };
};
