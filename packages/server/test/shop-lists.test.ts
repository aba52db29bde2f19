// The gaa shop list: filters, sorting and paging on the server (spec 002 §2 screen 1, §3, §7 Shops, §9).
import { GAA_SHOP_SORT_KEYS, type TGaaShopRow } from '@shopdesk/contract';
import { describe, expect, it } from 'vitest';
import { cachedCount, forgetCounts } from '../src/features/shops/shop-lists/sql-helpers';
import { build } from './helpers';

const t = await build();
const alpha = await t.createSiAccount('alpha');
const beta = await t.createSiAccount('beta');
const ann = await t.createUser({ type: 'eaa', email: 'ann@owners.test', name: 'Ann Owner' });
const bob = await t.createUser({ type: 'eaa', email: 'bob@owners.test', name: 'Bob Owner' });

// Created in id order; names, tax ids, SI and owners vary so that every sort key gives its own order.
const seed = [
  {
    name: 'Cherry 牛肉麵',
    invoice: '30000003',
    si: alpha.id,
    owner: ann.id,
    live: true,
    tags: ['夜市', 'VIP'],
  },
  { name: 'Apple 便當', invoice: '10000001', si: beta.id, owner: bob.id, live: false, tags: ['夜市'] },
  { name: 'Banana 牛肉麵', invoice: null, si: null, owner: null, live: true, tags: ['早餐'] },
  { name: 'Durian, Inc', invoice: '40000004', si: alpha.id, owner: bob.id, live: false, tags: [] },
  {
    name: 'Elder 50%_off',
    invoice: '20000002',
    si: beta.id,
    owner: ann.id,
    live: true,
    tags: ['VIP', '早餐'],
  },
];
const ids: number[] = [];
for (const s of seed) {
  const shop = await t.createShop({
    name: s.name,
    email: `${s.name.split(' ')[0]!.toLowerCase()}@shops.test`,
    invoice: s.invoice,
    siAccountId: s.si,
    ownerUserId: s.owner,
    isInitialized: s.live,
    tags: s.tags,
  });
  ids.push(shop.account.id);
}
const retail = await t.createShop({ name: 'Fig Retail', kind: 'retail', siAccountId: alpha.id });
const gaa = await t.signedIn('gaa');

const list = async (params: Record<string, string> = {}, path = 'query') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/console/apis/gaa/shops/${path}?${new URLSearchParams(params)}`,
    headers: gaa.headers,
  });
  return { status: res.statusCode, body: res.json() as { data: { total: number; shops: TGaaShopRow[] } } };
};
const namesOf = async (params: Record<string, string>) =>
  (await list(params)).body.data.shops.map((s) => s.name);

describe('gaa shop list rows (spec 002 §3)', () => {
  it('lists catering shops newest first, with every gaa row field and tags as a list', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.data.total).toBe(5);
    expect(body.data.shops.map((s) => s.id)).toEqual([...ids].reverse());
    expect(body.data.shops.at(-1)).toEqual({
      id: ids[0],
      accountId: ids[0],
      name: 'Cherry 牛肉麵',
      email: 'cherry@shops.test',
      invoice: '30000003',
      siAccountId: alpha.id,
      siAccountName: 'alpha',
      eaaAccountName: 'Ann Owner',
      eaaAccountEmail: 'ann@owners.test',
      isInitialized: true,
      isOaDisabled: false,
      tags: ['VIP', '夜市'],
    });
    expect(body.data.shops.find((s) => s.id === ids[2])).toMatchObject({
      siAccountId: null,
      siAccountName: null,
      eaaAccountName: null,
      invoice: null,
      tags: ['早餐'],
    });
  });

  it('type=retail on /gaa/shops/bulk lists the retail shops only (spec 002 §7)', async () => {
    const { body } = await list({ type: 'retail' }, 'bulk');
    expect(body.data).toMatchObject({ total: 1, shops: [{ id: retail.account.id, name: 'Fig Retail' }] });
    expect((await list({}, 'bulk')).body.data.total).toBe(5);
  });
});

describe('paging (spec 002 §2 screen 1: total, jumper, sizes 15/25/50)', () => {
  it('offset and limit page through the list; total stays the whole count', async () => {
    const p1 = await list({ limit: '2', offset: '0' });
    const p2 = await list({ limit: '2', offset: '2' });
    const p3 = await list({ limit: '2', offset: '4' });
    expect([p1, p2, p3].map((p) => p.body.data.total)).toEqual([5, 5, 5]);
    expect(p1.body.data.shops.map((s) => s.id)).toEqual([ids[4], ids[3]]);
    expect(p2.body.data.shops.map((s) => s.id)).toEqual([ids[2], ids[1]]);
    expect(p3.body.data.shops.map((s) => s.id)).toEqual([ids[0]]);
    expect((await list({ offset: '10' })).body.data).toEqual({ total: 5, shops: [] });
  });

  it('refuses a negative offset and a limit over 200', async () => {
    expect((await list({ offset: '-1' })).status).toBe(400);
    expect((await list({ limit: '500' })).status).toBe(400);
  });
});

describe('sorting (spec 002 §9: every key, both directions)', () => {
  const all = seed.map((s, i) => ({ ...s, id: ids[i]! }));
  const ownerName = (id: number | null) => (id === ann.id ? 'Ann Owner' : id === bob.id ? 'Bob Owner' : null);
  const siName = (id: number | null) => (id === alpha.id ? 'alpha' : id === beta.id ? 'beta' : null);
  const key: Record<
    (typeof GAA_SHOP_SORT_KEYS)[number],
    (s: (typeof all)[number]) => string | number | null
  > = {
    accountId: (s) => s.id,
    name: (s) => s.name,
    isInitialized: (s) => (s.live ? 1 : 0),
    eaaName: (s) => ownerName(s.owner),
    invoice: (s) => s.invoice,
    siName: (s) => siName(s.si),
  };
  // PostgreSQL's order: nulls sort as the largest value; ties fall back to the account id, same direction.
  const expected = (k: keyof typeof key, desc: boolean) =>
    [...all]
      .sort((a, b) => {
        const [x, y] = [key[k](a), key[k](b)];
        const c = x === y ? 0 : x === null ? 1 : y === null ? -1 : x < y ? -1 : 1;
        return (c || a.id - b.id) * (desc ? -1 : 1);
      })
      .map((s) => s.id);

  for (const k of GAA_SHOP_SORT_KEYS)
    for (const desc of [false, true])
      it(`sort=${desc ? '-' : ''}${k}`, async () => {
        const { body } = await list({ sort: `${desc ? '-' : ''}${k}` });
        expect(body.data.shops.map((s) => s.id)).toEqual(expected(k, desc));
      });

  it('sorts before paging: page 2 by name continues page 1', async () => {
    const p1 = (await list({ sort: 'name', limit: '2' })).body.data.shops.map((s) => s.id);
    const p2 = (await list({ sort: 'name', limit: '2', offset: '2' })).body.data.shops.map((s) => s.id);
    expect([...p1, ...p2]).toEqual(expected('name', false).slice(0, 4));
  });

  it('an unknown sort key falls back to account id descending', async () => {
    expect((await list({ sort: 'password' })).body.data.shops.map((s) => s.id)).toEqual([...ids].reverse());
  });
});

describe('filters (spec 002 §2 screen 1 search boxes, §7 query + queryByTag)', () => {
  it('id: the exact account id', async () => {
    expect(await namesOf({ query: `id:${ids[1]}` })).toEqual(['Apple 便當']);
    expect(await namesOf({ query: 'id:999999' })).toEqual([]);
  });

  it('name: contains, case-insensitive, CJK too', async () => {
    expect(await namesOf({ query: 'name:牛肉麵' })).toEqual(['Banana 牛肉麵', 'Cherry 牛肉麵']);
    expect(await namesOf({ query: 'name:apple' })).toEqual(['Apple 便當']);
  });

  it('name: a comma or a pattern character in the value is plain text', async () => {
    expect(await namesOf({ query: 'name:Durian, Inc' })).toEqual(['Durian, Inc']);
    expect(await namesOf({ query: 'name:50%_' })).toEqual(['Elder 50%_off']);
    expect(await namesOf({ query: 'name:%' })).toEqual(['Elder 50%_off']);
  });

  it('tag: a tag name containing the text', async () => {
    expect(await namesOf({ query: 'tag:夜' })).toEqual(['Apple 便當', 'Cherry 牛肉麵']);
    expect(await namesOf({ query: 'tag:vip' })).toEqual(['Elder 50%_off', 'Cherry 牛肉麵']);
  });

  it('queryByTag: one tag, several tags (all required, comma or repeated), an unknown tag', async () => {
    expect(await namesOf({ queryByTag: '早餐' })).toEqual(['Elder 50%_off', 'Banana 牛肉麵']);
    expect(await namesOf({ queryByTag: '早餐,VIP' })).toEqual(['Elder 50%_off']);
    const repeated = await t.app.inject({
      method: 'GET',
      url: `/console/apis/gaa/shops/query?queryByTag=${encodeURIComponent('夜市')}&queryByTag=VIP`,
      headers: gaa.headers,
    });
    expect(repeated.json().data.shops.map((s: TGaaShopRow) => s.name)).toEqual(['Cherry 牛肉麵']);
    expect((await list({ queryByTag: '不存在' })).body.data).toEqual({ total: 0, shops: [] });
  });

  it('siName: the SI account name contains the text', async () => {
    expect(await namesOf({ query: 'siName:ALP' })).toEqual(['Durian, Inc', 'Cherry 牛肉麵']);
  });

  it('eaaName: the owner name or e-mail contains the text', async () => {
    expect(await namesOf({ query: 'eaaName:bob' })).toEqual(['Durian, Inc', 'Apple 便當']);
    expect(await namesOf({ query: 'eaaName:ann@owners' })).toEqual(['Elder 50%_off', 'Cherry 牛肉麵']);
  });

  it('filters combine, and total counts the filtered shops', async () => {
    const { body } = await list({ query: 'name:牛肉麵,siName:alpha', queryByTag: 'VIP' });
    expect(body.data.total).toBe(1);
    expect(body.data.shops.map((s) => s.name)).toEqual(['Cherry 牛肉麵']);
    expect((await list({ query: 'eaaName:Owner', limit: '1' })).body.data.total).toBe(4);
  });

  it('an unknown field or a non-numeric id is a 400 with the zh-TW message', async () => {
    const unknown = await list({ query: 'password:x' });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('不支援的搜尋欄位');
    const badId = await list({ query: 'id:abc' });
    expect(badId.status).toBe(400);
    expect(JSON.stringify(badId.body)).toContain('商店ID請輸入數字');
  });
});

describe('who may list (spec 002 §6: the shop lists are for gaa only)', () => {
  it('401 without a session; 403 for si, eaa and line, on query and bulk', async () => {
    for (const path of ['query', 'bulk']) {
      const url = `/console/apis/gaa/shops/${path}`;
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      for (const type of ['si', 'eaa', 'line'] as const) {
        const { headers } = await t.signedIn(type, type === 'si' ? { siAccountId: alpha.id } : {});
        expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(403);
      }
    }
  });
});

describe('totals of large lists (docs/decisions/shops.md "Shop lists")', () => {
  it('caches a total of 1 000 or more for a short while, never a smaller one, and forgets on demand', async () => {
    const scope = {};
    let calls = 0;
    const count = (n: number) => async () => {
      calls += 1;
      return n;
    };
    expect(await cachedCount(scope, 'small', count(999))).toBe(999);
    expect(await cachedCount(scope, 'small', count(998))).toBe(998);
    expect(await cachedCount(scope, 'big', count(5000))).toBe(5000);
    expect(await cachedCount(scope, 'big', count(5001))).toBe(5000);
    expect(calls).toBe(3);
    forgetCounts(scope);
    expect(await cachedCount(scope, 'big', count(5001))).toBe(5001);
  });

  it('runs one count for concurrent requests of the same list', async () => {
    const scope = {};
    let calls = 0;
    const slow = async () => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 20)); // a slow count: the time is the subject
      return 42;
    };
    expect(await Promise.all([1, 2, 3].map(() => cachedCount(scope, 'k', slow)))).toEqual([42, 42, 42]);
    expect(calls).toBe(1);
  });
});
