import { randomUUID } from 'node:crypto';
import { SAVE_PATHS, SETTINGS_FIELDS } from '@shopdesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from './helpers';
import { addGroup, openShop, orderBody, postOrder } from './storefront-fixtures';

/**
 * "Done means": every operation of the OpenAPI document (generated from the contract), called by a
 * caller who gets past the session check, with hostile params, query values, bodies and (for uploads)
 * multipart bodies, never answers 5xx. The baseline request of each operation is built from its schema so
 * that one mutated value at a time reaches validation and, when validation lets it through, the handler
 * and the database.
 */

type Schema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  $ref?: string;
};
type Param = { in: 'path' | 'query'; name: string; required?: boolean; schema: Schema };
type Operation = {
  method: string;
  path: string;
  allow: 'public' | 'pos' | 'client' | string[];
  params: Param[];
  body?: Schema;
  multipartFile?: string;
};
type Caller = 'anon' | 'pos' | 'gaa' | 'eaa' | 'si' | 'line';
type Case = {
  name: string;
  path?: Record<string, string>;
  query?: Record<string, string | string[]>;
  body?: unknown;
  raw?: { type: string; payload: string | Buffer };
};

const t = await build({ config: { storefrontRateLimit: 1_000_000 } });
let components: Record<string, Schema> = {};

const resolve = (s: Schema | undefined): Schema => {
  let node = s ?? {};
  while (node.$ref) node = components[node.$ref.split('/').pop()!] ?? {};
  return node;
};
const typeOf = (s: Schema): string | undefined =>
  Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
const notNull = (s: Schema) => !(s.type === 'null' || (s.enum?.length === 1 && s.enum[0] === null));

/** Ten days ahead: dates a rule wants in the future. */
const FUTURE = new Date(Date.now() + 10 * 86_400_000).toISOString();
const TEXT_SAMPLES = [
  'a',
  'fuzz@example.com',
  '0912345678',
  '12345675',
  FUTURE.slice(0, 10),
  '12:00',
  '1200',
  '12:00:00',
  FUTURE,
  'https://example.com/a',
  'abc123',
  '1',
  'A1',
  '#ffffff',
  'eat_in',
];
const sampleText = (s: Schema, name: string): string => {
  const min = (s.minLength as number | undefined) ?? 0;
  if (s.format === 'email' || /email|recipient/i.test(name)) return 'fuzz@example.com';
  if (s.format === 'date') return FUTURE.slice(0, 10);
  if (s.format === 'date-time') return FUTURE;
  if (s.format === 'uuid') return randomUUID();
  const patterns = [s.pattern, ...(s.allOf ?? []).map((x) => x.pattern)].filter(Boolean) as string[];
  const fits = (v: string) =>
    v.length >= min &&
    v.length <= ((s.maxLength as number | undefined) ?? Infinity) &&
    patterns.every((p) => new RegExp(p, 'u').test(v));
  if (/phone/i.test(name) && fits('0912345678')) return '0912345678';
  const found = TEXT_SAMPLES.find(fits);
  return found ?? 'a'.repeat(Math.max(min, 1));
};

/** Values the schema cannot tell (a rule in a refinement): what a real client sends there. */
const TODAY = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10); // Asia/Taipei
const HINTS: Record<string, unknown> = {
  session_time: 30,
  image: null,
  optionIds: [],
  bccs: [],
  openTime: '0900',
  closeTime: '1800',
  start: '12:00',
  end: '18:00',
};
/** Report ranges end today at the latest. */
const DATE_HINTS: Record<string, string> = { from: TODAY, to: TODAY };

/** A value the schema accepts (as far as a schema can tell), and its leaves with their schemas. */
const sample = (
  raw: Schema | undefined,
  name: string,
  path: string[],
  leaves: [string[], Schema][],
): unknown => {
  const s = resolve(raw);
  if (name in HINTS && name !== 'body') {
    leaves.push([path, s]);
    return HINTS[name];
  }
  if (name in DATE_HINTS && typeOf(s) === 'string' && !s.enum) {
    leaves.push([path, s]);
    return DATE_HINTS[name];
  }
  const choice = (s.anyOf ?? s.oneOf)?.map(resolve).find(notNull);
  if (choice) return sample(choice, name, path, leaves);
  if ('const' in s) return s.const;
  if (s.enum) return s.enum.find((v) => v !== null);
  if (s.default !== undefined && typeOf(s) !== 'object' && typeOf(s) !== 'array') {
    leaves.push([path, s]);
    return s.default;
  }
  switch (typeOf(s)) {
    case 'string':
      leaves.push([path, s]);
      return sampleText(s, name);
    case 'integer':
    case 'number': {
      leaves.push([path, s]);
      const min =
        (s.minimum as number | undefined) ?? (s.exclusiveMinimum as number | undefined) ?? -Infinity;
      const max = (s.maximum as number | undefined) ?? Infinity;
      return Math.min(Math.max(1, Math.ceil(min)), max);
    }
    case 'boolean':
      leaves.push([path, s]);
      return true;
    case 'array': {
      leaves.push([path, s]);
      const n = Math.max((s.minItems as number | undefined) ?? 0, s.maxItems === 0 ? 0 : 1);
      return Array.from({ length: n }, (_, i) => sample(s.items, name, [...path, String(i)], leaves));
    }
    default: {
      if (!s.properties) return {};
      leaves.push([path, s]);
      return Object.fromEntries(
        Object.entries(s.properties).map(([k, v]) => [k, sample(v, k, [...path, k], leaves)]),
      );
    }
  }
};

const setAt = (root: unknown, path: string[], value: unknown): unknown => {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path.at(-1)!] = value;
  return copy;
};

const deepNest = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i += 1) v = i % 2 ? [v] : { a: v };
  return v;
};

/** Hostile values for one leaf, by what the schema expects there. */
const hostile = (s: Schema): [string, unknown][] => {
  const type = typeOf(resolve(s));
  const common: [string, unknown][] = [
    ['nul', 'a\u0000b'],
    ['lone surrogate', 'a\uD800b'],
    ['nested', deepNest(200)],
  ];
  if (s.type === undefined && !s.anyOf && !s.oneOf) {
    // An unknown-typed value (a settings value): everything.
    return [
      ...common,
      ['long string', 'x'.repeat(100_000)],
      ['1e20', 1e20],
      ['int32 + 1', 2_147_483_648],
      ['65.5', 65.5],
    ];
  }
  if (type === 'string' || type === undefined) {
    const max = s.maxLength as number | undefined;
    return [
      ...common,
      ['long string', 'x'.repeat(100_000)],
      ...(max ? ([['longest allowed, 3-byte', '字'.repeat(max)]] as [string, unknown][]) : []),
      ['number for text', 12345],
    ];
  }
  if (type === 'number' || type === 'integer') {
    const bounds = [s.maximum, s.minimum].filter((v) => typeof v === 'number') as number[];
    return [
      ...common,
      ['1e20', 1e20],
      ['int32 + 1', 2_147_483_648],
      ['2^53', 2 ** 53],
      ['smallint + 1', 32_768],
      ['65.5', 65.5],
      ['-1', -1],
      ...bounds.map((b) => [`bound ${b}`, b] as [string, unknown]),
      ['text for number', '12'],
    ];
  }
  if (type === 'boolean') return [...common, ['text for boolean', 'true'], ['number for boolean', 1]];
  if (type === 'array')
    return [...common, ['object for array', { a: 1 }], ['huge array', Array.from({ length: 5000 }, () => 1)]];
  return [...common, ['array for object', [1]], ['text for object', 'a']];
};

const QUERY_VALUES: [string, string | string[]][] = [
  ['nul', 'a\u0000b'],
  ['lone surrogate', 'a\uD800b'],
  ['long', 'x'.repeat(20_000)],
  ['1e20', '1e20'],
  ['int32 + 1', '2147483648'],
  ['65.5', '65.5'],
  ['-1', '-1'],
  ['text', 'abc'],
  ['repeated', ['1', '2']],
];
const PATH_VALUES: [string, string][] = [
  ['nul', 'a\u0000b'],
  ['lone surrogate', 'a\uD800b'],
  ['1e20', '1e20'],
  ['int32 + 1', '2147483648'],
  ['65.5', '65.5'],
  ['-1', '-1'],
  ['text', 'abc'],
  ['long', 'x'.repeat(90)],
];

/** The cases of one operation: params, then query values, then body leaves, then whole bodies or multipart. */
const casesFor = (op: Operation, base: { path: Record<string, string> }): Case[] => {
  const cases: Case[] = [];
  const query: Record<string, string> = {};
  for (const p of op.params.filter((x) => x.in === 'query' && x.required)) {
    query[p.name] = String(sample(p.schema, p.name, [], []));
  }
  const leaves: [string[], Schema][] = [];
  const body = op.body ? sample(op.body, 'body', [], leaves) : undefined;
  cases.push({ name: 'baseline', query, body });
  for (const p of op.params.filter((x) => x.in === 'path')) {
    for (const [name, value] of PATH_VALUES) {
      cases.push({ name: `path ${p.name}: ${name}`, path: { ...base.path, [p.name]: value }, query, body });
    }
  }
  for (const p of op.params.filter((x) => x.in === 'query')) {
    for (const [name, value] of QUERY_VALUES) {
      cases.push({ name: `query ${p.name}: ${name}`, query: { ...query, [p.name]: value }, body });
    }
  }
  if (op.body) {
    for (const [path, schema] of leaves) {
      for (const [name, value] of hostile(schema)) {
        cases.push({
          name: `body ${path.join('.') || '(root)'}: ${name}`,
          query,
          body: setAt(body, path, value),
        });
      }
    }
    cases.push({ name: 'body null', query, raw: { type: 'application/json', payload: 'null' } });
    cases.push({ name: 'body truncated JSON', query, raw: { type: 'application/json', payload: '{"a":' } });
    cases.push({
      name: 'body NUL escape',
      query,
      raw: { type: 'application/json', payload: '{"\\u0000":"\\u0000"}' },
    });
    const deep = `${'{"a":['.repeat(5000)}1${']}'.repeat(5000)}`;
    cases.push({ name: 'body deep nesting', query, raw: { type: 'application/json', payload: deep } });
  }
  const savePath = /\/console\/\{id\}\/([a-z-]+)$/.exec(op.path)?.[1] as keyof typeof SAVE_PATHS | undefined;
  if (op.method === 'PUT' && savePath && savePath in SAVE_PATHS) {
    // The save's value is typed by the field the key names (the catalogue), not by the OpenAPI document.
    const tables = SAVE_PATHS[savePath] as readonly string[];
    for (const f of SETTINGS_FIELDS.filter((x) => tables.includes(x.table))) {
      for (const [name, value] of hostile({})) {
        cases.push({
          name: `setting ${f.table}.${f.key}: ${name}`,
          query,
          body: { label: 'fuzz', table: f.table, key: f.key, value },
        });
      }
    }
  }
  if (op.multipartFile) cases.push(...multipartCases(op.multipartFile, query));
  return cases;
};

const multipartCases = (field: string, query: Record<string, string>): Case[] => {
  const b = 'fuzzboundary';
  const part = (name: string, filename: string, content: string) =>
    `--${b}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n${content}`;
  const whole = `${part(field, 'a.xlsx', 'PK\u0003\u0004xx')}\r\n--${b}--\r\n`;
  const typed = `multipart/form-data; boundary=${b}`;
  return [
    { name: 'multipart without boundary', query, raw: { type: 'multipart/form-data', payload: whole } },
    { name: 'multipart truncated in content', query, raw: { type: typed, payload: whole.slice(0, -20) } },
    { name: 'multipart truncated in headers', query, raw: { type: typed, payload: whole.slice(0, 40) } },
    { name: 'multipart empty', query, raw: { type: typed, payload: '' } },
    { name: 'multipart garbage', query, raw: { type: typed, payload: 'garbage\r\n\r\n' } },
    {
      name: 'multipart wrong field',
      query,
      raw: { type: typed, payload: `${part('other', 'a.png', 'x')}\r\n--${b}--\r\n` },
    },
    {
      name: 'multipart NUL in file name',
      query,
      raw: { type: typed, payload: `${part(field, 'a\u0000.xlsx', 'PK\u0003\u0004xx')}\r\n--${b}--\r\n` },
    },
    {
      name: 'multipart long file name',
      query,
      raw: { type: typed, payload: `${part(field, `${'x'.repeat(5000)}.png`, '\u0089PNG')}\r\n--${b}--\r\n` },
    },
  ];
};

describe('fuzz every OpenAPI operation', () => {
  const headers: Record<Caller, Record<string, string>> = {
    anon: {},
    pos: {},
    gaa: {},
    eaa: {},
    si: {},
    line: {},
  };
  const ids: Record<string, string> = {};
  let operations: Operation[] = [];

  beforeAll(async () => {
    const quick = await t.createSiAccount('quickclick');
    const gaa = await t.signedIn('gaa');
    const owner = await t.signedIn('eaa');
    const si = await t.signedIn('si', { siAccountId: quick.id });
    const shop = await openShop(t, owner, { siAccountId: quick.id });
    const line = await t.signedIn('line', { shopAccountId: shop.accountId });
    const { groupId, optionIds } = await addGroup(
      t,
      owner.headers,
      shop.accountId,
      shop.productId,
      { names: { zh: '辣度' }, kind: 'single', minSelect: 0, maxSelect: 1 },
      [{ zh: '小辣', priceDelta: 0 }],
    );
    const username = `pos-${randomUUID().slice(0, 8)}`;
    const added = await t.app.inject({
      method: 'POST',
      url: '/console/apis/qcpos/signup',
      headers: owner.headers,
      payload: { username, password: 'pos-password', shopId: shop.accountId },
    });
    expect(added.statusCode, added.body).toBe(201);
    const signin = await t.app.inject({
      method: 'POST',
      url: '/console/apis/qcpos/signin',
      payload: { username, password: 'pos-password' },
    });
    expect(signin.statusCode, signin.body).toBe(200);
    const order = await postOrder(t, shop.accountId, orderBody(shop.productId));
    expect(order.statusCode, order.body).toBe(201);
    Object.assign(headers, {
      pos: { authorization: `Bearer ${signin.json().user.token}` },
      gaa: gaa.headers,
      eaa: owner.headers,
      si: si.headers,
      line: line.headers,
    });
    HINTS.optionIds = optionIds.slice(0, 1);
    const id = String(shop.accountId);
    Object.assign(ids, {
      id,
      accountId: id,
      shopId: id,
      businessId: id,
      classId: String(shop.classId),
      productId: String(shop.productId),
      groupId: String(groupId),
      optionId: String(optionIds[0]),
      orderId: String(order.json().order.id),
      siAccountId: String(quick.id),
      recordId: '1',
      username: 'nobody-here',
      search: 'a',
      file: 'nothing.png',
      onOff: 'on',
    });

    const res = await t.app.inject({ method: 'GET', url: '/console/apis/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
      components?: { schemas?: Record<string, Schema> };
    };
    components = doc.components?.schemas ?? {};
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (!path.startsWith('/console/apis/')) continue;
      for (const [method, o] of Object.entries(methods)) {
        const content = (o.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)
          ?.content;
        operations.push({
          method: method.toUpperCase(),
          path,
          allow: (o['x-allow'] as Operation['allow'] | undefined) ?? ['gaa', 'eaa'],
          params: ((o.parameters as Param[] | undefined) ?? []).filter(
            (p) => p.in === 'path' || p.in === 'query',
          ),
          body: content?.['application/json']?.schema,
          multipartFile: o['x-multipart-file'] as string | undefined,
        });
      }
    }
    // What ends a session or deletes the fixture goes last.
    const last = (op: Operation) => (/signout/.test(op.path) ? 2 : op.method === 'DELETE' ? 1 : 0);
    operations = operations.sort((a, b) => last(a) - last(b));
  });

  const callersOf = (op: Operation): Caller[] => {
    if (op.allow === 'public') return ['anon'];
    if (op.allow === 'pos') return ['pos'];
    if (op.allow === 'client') return ['anon']; // no key: every bad input must still be a 4xx
    const main = (['gaa', 'eaa'] as const).filter((c) => op.allow.includes(c));
    if (main.length > 0) return main;
    return (['si', 'line'] as const).filter((c) => op.allow.includes(c)).slice(0, 1);
  };

  const pathValue = (p: Param, caller: Caller): string => {
    const s = resolve(p.schema);
    if (s.enum) return String(s.enum.includes(caller) ? caller : s.enum[0]);
    return ids[p.name] ?? String(sample(s, p.name, [], []));
  };

  /** encodeURIComponent, except that a lone surrogate goes as its WTF-8 bytes (as a hostile client sends it). */
  const enc = (value: string): string => {
    let out = '';
    for (const ch of value) {
      const code = ch.charCodeAt(0);
      if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
        out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('');
      } else out += encodeURIComponent(ch);
    }
    return out;
  };

  const SECOND_CALLER = /baseline|nul|surrogate|1e20|int32|65\.5|multipart/;
  let address = 0;
  const send = (op: Operation, caller: Caller, pathParams: Record<string, string>, c: Case) => {
    const url = op.path.replace(/\{(\w+)\}/g, (_, n: string) => enc(c.path?.[n] ?? pathParams[n]!));
    const qs = Object.entries(c.query ?? {})
      .flatMap(([k, v]) => [v].flat().map((x) => `${enc(k)}=${enc(x)}`))
      .join('&');
    address += 1;
    return t.app.inject({
      method: op.method as 'GET',
      url: qs ? `${url}?${qs}` : url,
      // A new client address per request: the per-address rate limits must not hide what validation does.
      remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
      headers: {
        ...headers[caller],
        'idempotency-key': randomUUID(),
        ...(c.raw ? { 'content-type': c.raw.type } : {}),
      },
      ...(c.raw ? { payload: c.raw.payload } : c.body !== undefined ? { payload: c.body as object } : {}),
    });
  };

  it('answers no 5xx to any hostile input of any operation', { timeout: 300_000 }, async () => {
    expect(operations.length).toBeGreaterThan(100);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let requests = 0;
    let reached = 0;
    const started = Date.now();
    for (const op of operations) {
      for (const caller of callersOf(op)) {
        const pathParams = Object.fromEntries(
          op.params.filter((p) => p.in === 'path').map((p) => [p.name, pathValue(p, caller)]),
        );
        // A second caller of the same operation repeats only what reaches the database differently.
        const all = casesFor(op, { path: pathParams });
        const cases = caller === callersOf(op)[0] ? all : all.filter((c) => SECOND_CALLER.test(c.name));
        if (process.env.FUZZ_DEBUG)
          console.info(`cases ${cases.length}: ${op.method} ${op.path} as ${caller}`);
        for (const c of cases) {
          const res = await send(op, caller, pathParams, c);
          requests += 1;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (c.name === 'baseline' && res.statusCode !== 400 && res.statusCode < 500) reached += 1;
          if (c.name === 'baseline' && res.statusCode === 400 && process.env.FUZZ_DEBUG)
            console.info(`baseline 400: ${op.method} ${op.path} as ${caller}: ${res.body.slice(0, 200)}`);
          if (res.statusCode >= 500) {
            failures.push(
              `${op.method} ${op.path} as ${caller}: ${c.name} → ${res.statusCode} ${res.body.slice(0, 160)}`,
            );
          }
        }
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const byStatus = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    console.info(
      `fuzz: ${operations.length} operations, ${requests} requests in ${seconds} s; ${reached} baselines got past validation; ` +
        `statuses ${byStatus.join(' ')}; ${failures.length} answered 5xx`,
    );
    expect(failures).toEqual([]);
  });
});
