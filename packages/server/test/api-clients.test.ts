// /extra/app-mngmt (docs/decisions/platform.md "API clients"): keys shown once and stored hashed, scoped
// to shops, rotated and revoked; what a client reads with its key.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiClients } from '../src/db/schema';
import { hashKey } from '../src/identity/api-client-store';
import { build, scopedCast } from './helpers';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

describe('API clients', async () => {
  const t = await build();
  const cast = await scopedCast(t, { name: '串接測試店' });
  const { gaa } = cast;
  const mine = await openShop(t, cast.eaa);
  const other = await openShop(t, cast.eaa);
  const api = (method: string, url: string, payload?: object, headers = gaa.headers) =>
    t.app.inject({ method: method as 'GET', url: `/console/apis${url}`, headers, payload });
  const ext = (key: string, shopId: number, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/console/apis/ext/v1/shops/${shopId}/orders${query}`,
      headers: { authorization: `Bearer ${key}` },
    });

  let id = 0;
  let key = '';
  it('creates a client scoped to one shop; its key is shown once and stored only as a hash', async () => {
    const res = await api('POST', '/gaa/api-clients', { name: 'POS 中介', shopIds: [mine.accountId] });
    expect(res.statusCode, res.body).toBe(201);
    key = res.json().key;
    id = res.json().client.id;
    expect(key).toMatch(/^sdk_[\w-]{43}$/);
    expect(res.json().client).toMatchObject({ name: 'POS 中介', allShops: false, shopIds: [mine.accountId] });
    const list = await api('GET', '/gaa/api-clients');
    expect(list.body).not.toContain(key);
    expect(list.json().clients.find((c: { id: number }) => c.id === id).keyPrefix).toBe(key.slice(0, 12));
    const [row] = await t.db.select().from(apiClients).where(eq(apiClients.id, id));
    expect(row!.keyHash).toBe(hashKey(key));
    expect(JSON.stringify(row)).not.toContain(key);
  });

  it('the key reads its shop’s orders, not another shop’s; a wrong key is 401', async () => {
    const placed = await postOrder(t, mine.accountId, orderBody(mine.productId));
    expect(placed.statusCode).toBe(201);
    const res = await ext(key, mine.accountId);
    expect(res.statusCode, res.body).toBe(200);
    const got = res.json().orders.find((o: { id: number }) => o.id === placed.json().order.id);
    expect(got).toMatchObject({ status: placed.json().order.status, total: placed.json().order.total });
    expect(got.items[0].quantity).toBe(1);
    expect((await ext(key, mine.accountId, `?after=${placed.json().order.id}`)).json().orders).toEqual([]);
    expect((await ext(key, other.accountId)).statusCode).toBe(403);
    expect((await ext(`${key}x`, mine.accountId)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `/console/apis/ext/v1/shops/${mine.accountId}/orders` }))
        .statusCode,
    ).toBe(401);
    const [row] = await t.db.select().from(apiClients).where(eq(apiClients.id, id));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('widening the scope lets it read the other shop; rotating retires the old key at once', async () => {
    expect(
      (await api('PUT', `/gaa/api-clients/${id}`, { name: 'POS 中介', allShops: true })).statusCode,
    ).toBe(200);
    expect((await ext(key, other.accountId)).statusCode).toBe(200);
    const rotated = await api('POST', `/gaa/api-clients/${id}/rotate`);
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().key as string;
    expect(fresh).not.toBe(key);
    expect((await ext(key, mine.accountId)).statusCode).toBe(401);
    expect((await ext(fresh, mine.accountId)).statusCode).toBe(200);
    key = fresh;
  });

  it('revoking stops the key for good; a revoked client cannot be rotated', async () => {
    expect((await api('POST', `/gaa/api-clients/${id}/revoke`)).json().client.revokedAt).not.toBeNull();
    expect((await ext(key, mine.accountId)).statusCode).toBe(401);
    expect((await api('POST', `/gaa/api-clients/${id}/rotate`)).statusCode).toBe(409);
  });

  it('gaa only; bad input is 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/console/apis/gaa/api-clients' })).statusCode).toBe(
      401,
    );
    for (const who of [cast.eaa, cast.si])
      expect((await api('GET', '/gaa/api-clients', undefined, who.headers)).statusCode).toBe(403);
    for (const bad of [
      { name: '', shopIds: [mine.accountId] },
      { name: 'x' },
      { name: 'x', shopIds: [999_999_999] },
      { name: 'x'.repeat(51), allShops: true },
      { name: 'a\u0000b', allShops: true },
    ])
      expect((await api('POST', '/gaa/api-clients', bad)).statusCode, JSON.stringify(bad)).toBe(400);
  });
});
