// spec 002 §2 (the gaa shop list per kind) and docs/decisions/platform.md "Users and accounts pages": the SI list
// links its shop counts to the gaa shop list filtered by that SI; each number is what its link shows.
import { describe, expect, it } from 'vitest';
import { build } from './helpers';

const t = await build();
const si = await t.createSiAccount('countsi');
const gaa = await t.signedIn('gaa');
for (const name of ['餐飲一', '餐飲二', '餐飲三']) await t.createShop({ name, siAccountId: si.id });
await t.createShop({ name: '零售一', kind: 'retail', siAccountId: si.id });

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/console/apis${url}`, headers: gaa.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('an SI’s shop counts agree with the shop lists they link to', () => {
  it('catering and retail counted apart, each equal to its list filtered by the SI', async () => {
    const { siAccount } = await get(`/gaa/admin/si-accounts/${si.id}`);
    const listed = async (kind: 'catering' | 'retail') =>
      (
        await get(
          `/gaa/shops/query?type=${kind}&query=${encodeURIComponent(`siName:${siAccount.displayName}`)}`,
        )
      ).data.total;
    expect(siAccount).toMatchObject({ shopCount: 4, cateringShopCount: 3, retailShopCount: 1 });
    expect(siAccount.cateringShopCount).toBe(await listed('catering'));
    expect(siAccount.retailShopCount).toBe(await listed('retail'));
    const page = await get(`/gaa/admin/si-accounts?q=${si.name}`);
    expect(page.rows[0]).toMatchObject({ cateringShopCount: 3, retailShopCount: 1 });
  });
});
