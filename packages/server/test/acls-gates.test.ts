import { ACLS, type TAcl } from '@shopdesk/contract';
import { describe, expect, it } from 'vitest';
import { build, scopedCast } from './helpers';

const API = '/console/apis';

/**
 * the acl values shop, user, contract and admin gate real pages for a shop manager (line user):
 * without the value its calls are 403; with it they answer for its own shop and 403 for another shop.
 * spec 002 §3 "Permission values (acls)"; the mapping is docs/decisions/shops.md "Permissions".
 */
describe('acl values shop, user, contract, admin gate a manager (spec 002 §3)', async () => {
  const t = await build();
  const c = await scopedCast(t, {
    name: '權限閘門店',
    email: 'gate-shop@example.com',
    phone: '02-2345-6789',
    address: '台北市中正區忠孝西路一段 100 號',
  });
  const other = await t.createShop({ name: '隔壁的店', ownerUserId: c.otherEaa.user.id });
  const otherId = other.account.id;
  const managerWith = (acls: TAcl[]) => t.signedIn('line', { shopAccountId: c.id, acls });
  /** Every acl but one: the refusal comes from that one value, not from holding nothing. */
  const managerWithout = (acl: TAcl) => managerWith(ACLS.filter((a) => a !== acl));
  const call = (
    who: { headers: Record<string, string> },
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url: `${API}${url}`, headers: who.headers, ...(payload ? { payload } : {}) });

  it('/me tells the console a manager’s acls and its one shop (the sidebar and route guard, spec 002 §3)', async () => {
    const holder = await managerWith(['shop', 'user']);
    const me = await call(holder, 'GET', '/me');
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().user).toMatchObject({ type: 'line', acls: ['shop', 'user'], shopAccountId: c.id });
    // the other types carry neither
    const owner = await call(c.otherEaa, 'GET', '/me');
    expect(owner.json().user.shopAccountId).toBeUndefined();
  });

  it('shop: the shop info (GET /line/shops/{id}) and its edit (PUT)', async () => {
    const without = await managerWithout('shop');
    expect((await call(without, 'GET', `/line/shops/${c.id}`)).statusCode).toBe(403);
    const holder = await managerWith(['shop']);
    const own = await call(holder, 'GET', `/line/shops/${c.id}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().accountId).toBe(c.id);
    expect((await call(holder, 'GET', `/line/shops/${otherId}`)).statusCode).toBe(403);
    // the shop's public URLs on the info page (manager info)
    const urls = (who: { headers: Record<string, string> }, shopId: number) =>
      call(who, 'GET', `/line/si-accounts/${c.quick.id}?businessId=${shopId}`);
    expect((await urls(without, c.id)).statusCode).toBe(403);
    expect((await urls(holder, c.id)).statusCode).toBe(200);
    expect((await urls(holder, otherId)).statusCode).toBe(403);
    // the portal in the path is the caller's own
    expect((await call(holder, 'GET', `/eaa/shops/${c.id}`)).statusCode).toBe(403);
    const put = { businessData: { ...own.json().businessData, businessEmail: 'gate@example.com' } };
    expect((await call(without, 'PUT', `/line/shops/${c.id}`, put)).statusCode).toBe(403);
    const saved = await call(holder, 'PUT', `/line/shops/${c.id}`, put);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().businessData.businessEmail).toBe('gate@example.com');
    expect((await call(holder, 'PUT', `/line/shops/${otherId}`, put)).statusCode).toBe(403);
  });

  it('user: the order-machine (POS) users of the shop', async () => {
    const without = await managerWithout('user');
    expect((await call(without, 'GET', `/line/qcpos/users?shopId=${c.id}`)).statusCode).toBe(403);
    const body = (shopId: number, username: string) => ({ username, password: 'pos-pass-123', shopId });
    expect((await call(without, 'POST', '/qcpos/signup', body(c.id, 'gate-a'))).statusCode).toBe(403);
    const holder = await managerWith(['user']);
    const added = await call(holder, 'POST', '/qcpos/signup', body(c.id, 'gate-b'));
    expect(added.statusCode, added.body).toBe(201);
    const list = await call(holder, 'GET', `/line/qcpos/users?shopId=${c.id}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().users.map((u: { username: string }) => u.username)).toEqual(['gate-b']);
    expect((await call(holder, 'GET', `/line/qcpos/users?shopId=${otherId}`)).statusCode).toBe(403);
    expect((await call(holder, 'POST', '/qcpos/signup', body(otherId, 'gate-c'))).statusCode).toBe(403);
    // another shop's POS user: the same 404 as an unknown name
    await call(c.otherEaa, 'POST', '/qcpos/signup', body(otherId, 'gate-d'));
    const del = (who: { headers: Record<string, string> }, name: string) =>
      t.app.inject({ method: 'DELETE', url: `${API}/qcpos/users/${name}`, headers: who.headers });
    expect((await del(holder, 'gate-d')).statusCode).toBe(404);
    expect((await del(without, 'gate-b')).statusCode).toBe(403);
    expect((await del(holder, 'gate-b')).statusCode).toBe(200);
  });

  it('contract: reading the shop contract, not changing it', async () => {
    const without = await managerWithout('contract');
    expect((await call(without, 'GET', `/gaa/shops/${c.id}/contract`)).statusCode).toBe(403);
    const holder = await managerWith(['contract']);
    const own = await call(holder, 'GET', `/gaa/shops/${c.id}/contract`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ contracts: [], shopName: '權限閘門店' });
    expect((await call(holder, 'GET', `/gaa/shops/${otherId}/contract`)).statusCode).toBe(403);
    // writing stays gaa's
    expect((await call(holder, 'GET', '/gaa/contract/plans')).statusCode).toBe(403);
    expect((await call(holder, 'POST', '/gaa/shops/sys/disabled', { accountId: c.id })).statusCode).toBe(403);
  });

  it('admin: the permission page (managers and their acls)', async () => {
    const without = await managerWithout('admin');
    expect((await call(without, 'GET', `/eaa/eaa-shops/${c.id}/managers`)).statusCode).toBe(403);
    const holder = await managerWith(['admin']);
    const own = await call(holder, 'GET', `/eaa/eaa-shops/${c.id}/managers`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().managers.map((m: { userId: number }) => m.userId)).toContain(without.user.id);
    expect((await call(holder, 'GET', `/eaa/eaa-shops/${otherId}/managers`)).statusCode).toBe(403);
    const acls = (accountId: number, userId: number, values: TAcl[]) => ({ userId, accountId, acls: values });
    expect(
      (await call(without, 'POST', `/eaa/eaa-shops/${c.id}/acls`, acls(c.id, without.user.id, [...ACLS])))
        .statusCode,
    ).toBe(403);
    const saved = await call(
      holder,
      'POST',
      `/eaa/eaa-shops/${c.id}/acls`,
      acls(c.id, without.user.id, ['order']),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().manager.acls).toEqual(['order']);
    expect(
      (await call(holder, 'POST', `/eaa/eaa-shops/${otherId}/acls`, acls(otherId, without.user.id, [])))
        .statusCode,
    ).toBe(403);
  });
});
