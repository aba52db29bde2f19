import { beforeAll, describe, expect, it } from 'vitest';
import { build } from './helpers';
import { menuUrl, seedSmallMenu } from './menus-fixtures';

// Who may edit a menu (spec 000 §2: /menu-management for gaa si eaa line; line users edit their one shop).
describe('menu access by role', async () => {
  const t = await build();
  const si1 = await t.createSiAccount('menu-si-1');
  const si2 = await t.createSiAccount('menu-si-2');
  const owner = await t.signedIn('eaa');
  const stranger = await t.signedIn('eaa');
  const mine = (await t.createShop({ name: '小林便當', ownerUserId: owner.user.id, siAccountId: si1.id }))
    .account.id;
  const other = (await t.createShop({ name: '老王雞排', ownerUserId: stranger.user.id, siAccountId: si2.id }))
    .account.id;
  const line = await t.signedIn('line', { shopAccountId: mine });
  const si = await t.signedIn('si', { siAccountId: si1.id });
  const gaa = await t.signedIn('gaa');
  let productId: number;

  beforeAll(async () => {
    productId = (await seedSmallMenu(t, 'eaa', owner.headers, mine)).product.id;
    await seedSmallMenu(t, 'eaa', stranger.headers, other);
  });

  const get = (type: string, headers: { cookie: string } | undefined, shop: number) =>
    t.app.inject({ method: 'GET', url: menuUrl(type, shop), headers });

  it('answers 401 without a session, on reads and writes', async () => {
    expect((await get('eaa', undefined, mine)).statusCode).toBe(401);
    const write = await t.app.inject({
      method: 'POST',
      url: menuUrl('eaa', mine, '/classes'),
      payload: { names: { zh: 'x' } },
    });
    expect(write.statusCode).toBe(401);
  });

  it('eaa edits its own shops and gets 403 for another owner’s', async () => {
    expect((await get('eaa', owner.headers, mine)).statusCode).toBe(200);
    expect((await get('eaa', owner.headers, other)).statusCode).toBe(403);
    const write = await t.app.inject({
      method: 'POST',
      url: menuUrl('eaa', other, '/classes'),
      headers: owner.headers,
      payload: { names: { zh: '偷加' } },
    });
    expect(write.statusCode).toBe(403);
  });

  it('line edits its one shop and gets 403 for any other', async () => {
    expect((await get('line', line.headers, mine)).statusCode).toBe(200);
    const sold = await t.app.inject({
      method: 'PATCH',
      url: menuUrl('line', mine, `/products/${productId}`),
      headers: line.headers,
      payload: { soldOut: true },
    });
    expect(sold.statusCode).toBe(200);
    expect((await get('line', line.headers, other)).statusCode).toBe(403);
  });

  it('si reaches its SI account’s shops, not another SI’s', async () => {
    expect((await get('si', si.headers, mine)).statusCode).toBe(200);
    expect((await get('si', si.headers, other)).statusCode).toBe(403);
  });

  it('gaa reaches any shop; an unknown shop is 404', async () => {
    expect((await get('gaa', gaa.headers, other)).statusCode).toBe(200);
    expect((await get('gaa', gaa.headers, 999_999)).statusCode).toBe(404);
  });

  it('the {type} of the path must be the caller’s own portal', async () => {
    expect((await get('gaa', owner.headers, mine)).statusCode).toBe(403);
  });

  it('a row of another shop named through my shop’s URL is 404', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: menuUrl('eaa', other, `/products/${productId}`),
      headers: stranger.headers,
      payload: { price: 1 },
    });
    expect(res.statusCode).toBe(404);
  });

  it('copying a menu is for gaa and si only', async () => {
    for (const who of [owner, line]) {
      const res = await t.app.inject({
        method: 'POST',
        url: menuUrl(who.user.type, mine, '/copy'),
        headers: who.headers,
        payload: { fromAccountId: other },
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it('the shop picker lists only the caller’s shops', async () => {
    const list = async (type: string, headers: { cookie: string }, q = '') =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/console/apis/${type}/menu/shops?q=${encodeURIComponent(q)}`,
          headers,
        })
      ).json();
    expect((await list('eaa', owner.headers)).rows).toEqual([{ accountId: mine, name: '小林便當' }]);
    expect((await list('line', line.headers)).rows).toEqual([{ accountId: mine, name: '小林便當' }]);
    expect((await list('si', si.headers)).rows.map((r: { accountId: number }) => r.accountId)).toEqual([
      mine,
    ]);
    const gaaRows = (await list('gaa', gaa.headers, '雞排')).rows;
    expect(gaaRows).toEqual([{ accountId: other, name: '老王雞排' }]);
    expect((await list('gaa', gaa.headers, String(mine))).rows[0]).toEqual({
      accountId: mine,
      name: '小林便當',
    });
    const wrongPortal = await t.app.inject({
      method: 'GET',
      url: '/console/apis/gaa/menu/shops',
      headers: owner.headers,
    });
    expect(wrongPortal.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/console/apis/eaa/menu/shops' })).statusCode).toBe(401);
  });
});
