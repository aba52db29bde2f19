import { describe, expect, it } from 'vitest';
import { build } from './helpers';
import { addGroup, openShop, someClient, storefrontUrl } from './storefront-fixtures';

type TMenu = {
  classes: {
    name: string;
    nameEn?: string;
    products: {
      id: number;
      name: string;
      nameEn?: string;
      optionGroups: { name: string; nameEn?: string; options: { name: string; nameEn?: string }[] }[];
    }[];
  }[];
};

// What the customer app's storefront menu carries (docs/decisions/menus.md "Names").
describe('storefront menu', async () => {
  const t = await build();
  const eaa = await t.signedIn('eaa');
  const menu = async (accountId: number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: storefrontUrl(accountId, '/menu?mealType=to_go'),
      remoteAddress: someClient(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TMenu;
  };

  it('carries the English names beside the Chinese ones (en may be empty: the app falls back to zh)', async () => {
    const s = await openShop(t, eaa);
    await addGroup(
      t,
      eaa.headers,
      s.accountId,
      s.productId,
      { names: { zh: '容量', en: 'Size' }, kind: 'single', minSelect: 1, maxSelect: 1 },
      [{ zh: '中杯', priceDelta: 0 }],
    );
    const [cls] = (await menu(s.accountId)).classes;
    expect(cls).toMatchObject({ name: '主食', nameEn: 'Mains' });
    const [product] = cls!.products;
    expect(product).toMatchObject({ name: '滷肉飯', nameEn: 'Braised pork rice' });
    expect(product!.optionGroups[0]).toMatchObject({ name: '容量', nameEn: 'Size' });
    // the option was given no English name
    expect(product!.optionGroups[0]!.options[0]).toMatchObject({ name: '中杯', nameEn: '' });
  });

  it('leaves out a product whose required option group has no options (nobody could order it)', async () => {
    // docs/decisions/menus.md "Option groups": intake refuses every order of it (OPTION_COUNT)
    const s = await openShop(t, eaa);
    const ids = () =>
      (menu(s.accountId) as Promise<TMenu>).then((m) =>
        m.classes.flatMap((c) => c.products.map((p) => p.id)),
      );
    expect(await ids()).toContain(s.productId);
    const empty = await addGroup(
      t,
      eaa.headers,
      s.accountId,
      s.productId,
      { names: { zh: '甜度' }, kind: 'single', minSelect: 1, maxSelect: 1 },
      [],
    );
    expect(await ids()).not.toContain(s.productId);
    // an optional empty group does not stop the product
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/console/apis/eaa/shops/${s.accountId}/menu/option-groups/${empty.groupId}`,
      headers: eaa.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await addGroup(
      t,
      eaa.headers,
      s.accountId,
      s.productId,
      { names: { zh: '加料' }, kind: 'multiple', minSelect: 0, maxSelect: 2 },
      [],
    );
    expect(await ids()).toContain(s.productId);
  });
});
