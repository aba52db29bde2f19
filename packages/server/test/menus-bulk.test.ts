import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { build } from './helpers';
import { menuUrl, readMenu, seedSmallMenu } from './menus-fixtures';

// Menu bulk actions and copying a menu between shops.
describe('menu bulk actions and copy', async () => {
  const t = await build();
  const si1 = await t.createSiAccount('bulk-si-1');
  const si2 = await t.createSiAccount('bulk-si-2');
  const eaa = await t.signedIn('eaa');
  const shop = (await t.createShop({ name: '台南麵線', ownerUserId: eaa.user.id, siAccountId: si1.id }))
    .account.id;
  const sister = (
    await t.createShop({ name: '台南麵線 二店', ownerUserId: eaa.user.id, siAccountId: si1.id })
  ).account.id;
  const foreign = (await t.createShop({ name: '美食通 測試店', siAccountId: si2.id })).account.id;
  const si = await t.signedIn('si', { siAccountId: si1.id });
  const gaa = await t.signedIn('gaa');
  const post = (
    type: string,
    headers: { cookie: string },
    accountId: number,
    rest: string,
    payload: object,
  ) => t.app.inject({ method: 'POST', url: menuUrl(type, accountId, rest), headers, payload });

  const a = await seedSmallMenu(t, 'eaa', eaa.headers, shop, {
    names: { zh: '大腸麵線' },
    price: 65,
    dailyStock: 10,
  });
  const b = await seedSmallMenu(t, 'eaa', eaa.headers, shop, { names: { zh: '蚵仔麵線' }, price: 75 });
  const group = await post('eaa', eaa.headers, shop, `/products/${b.product.id}/option-groups`, {
    names: { zh: '辣度', en: 'Spiciness' },
    kind: 'single',
    minSelect: 0,
    maxSelect: 1,
  });
  const groupId = group.json().group.id as number;
  await post('eaa', eaa.headers, shop, `/option-groups/${groupId}/options`, { names: { zh: '小辣' } });

  it('marks products sold out and back in one call, audited', async () => {
    const ids = [a.product.id, b.product.id];
    const out = await post('eaa', eaa.headers, shop, '/bulk/sold-out', { productIds: ids, soldOut: true });
    expect(out.statusCode).toBe(200);
    expect(out.json().products.map((p: { soldOut: boolean }) => p.soldOut)).toEqual([true, true]);
    expect((await readMenu(t, 'eaa', eaa.headers, shop)).products.every((p) => p.soldOut)).toBe(true);
    const back = await post('eaa', eaa.headers, shop, '/bulk/sold-out', {
      productIds: [b.product.id],
      soldOut: false,
    });
    expect(back.json().products[0].soldOut).toBe(false);
    const [audit] = await queryRows<{ display_log: string; old_value: unknown }>(
      t.db,
      sql`select display_log, old_value from audit_records where account_id = ${shop} and display_log like '%標示售完%'`,
    );
    expect(audit!.display_log).toBe('商品：標示售完：大腸麵線、蚵仔麵線');
    expect(audit!.old_value).toEqual([
      { id: a.product.id, soldOut: false },
      { id: b.product.id, soldOut: false },
    ]);
  });

  it('refuses an empty selection and a product of another shop', async () => {
    expect(
      (await post('eaa', eaa.headers, shop, '/bulk/sold-out', { productIds: [], soldOut: true })).statusCode,
    ).toBe(400);
    const foreignProduct = await seedSmallMenu(t, 'gaa', gaa.headers, foreign);
    const res = await post('eaa', eaa.headers, shop, '/bulk/sold-out', {
      productIds: [a.product.id, foreignProduct.product.id],
      soldOut: true,
    });
    expect(res.statusCode).toBe(404);
  });

  it('moves products to another class, at its end', async () => {
    const res = await post('eaa', eaa.headers, shop, '/bulk/move', {
      productIds: [b.product.id],
      classId: a.classId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().products[0]).toMatchObject({ id: b.product.id, classId: a.classId, position: 1 });
    const badClass = await post('eaa', eaa.headers, shop, '/bulk/move', {
      productIds: [a.product.id],
      classId: 999_999,
    });
    expect(badClass.statusCode).toBe(400);
  });

  it('restores today’s stock on demand, clearing sold-out marks', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: menuUrl('eaa', shop, `/products/${a.product.id}`),
      headers: eaa.headers,
      payload: { stockLeft: 2, soldOut: true },
    });
    const res = await post('eaa', eaa.headers, shop, '/bulk/restore-stock', {});
    expect(res.statusCode).toBe(200);
    const product = (await readMenu(t, 'eaa', eaa.headers, shop)).products.find(
      (p) => p.id === a.product.id,
    )!;
    expect(product).toMatchObject({ dailyStock: 10, stockLeft: 10, soldOut: false });
  });

  it('si copies a menu between its own shops: classes, products, option groups and options', async () => {
    await seedSmallMenu(t, 'eaa', eaa.headers, sister, { names: { zh: '舊菜單' } });
    const res = await post('si', si.headers, sister, '/copy', { fromAccountId: shop });
    expect(res.statusCode).toBe(200);
    const source = await readMenu(t, 'eaa', eaa.headers, shop);
    const copy = await readMenu(t, 'eaa', eaa.headers, sister);
    expect(res.json()).toEqual({ classes: source.classes.length, products: source.products.length });
    const shape = (m: typeof copy) =>
      m.products.map((p) => ({
        names: p.names,
        price: p.price,
        cls: m.classes.find((c) => c.id === p.classId)?.sku,
        groups: p.optionGroups.map((g) => ({ names: g.names, options: g.options.map((o) => o.names.zh) })),
      }));
    expect(shape(copy)).toEqual(shape(source));
    expect(copy.products.some((p) => p.names.zh === '舊菜單')).toBe(false);
    expect(copy.products[0]!.id).not.toBe(source.products[0]!.id);
    const [audit] = await queryRows<{ display_log: string; console_type: string }>(
      t.db,
      sql`select display_log, console_type from audit_records where account_id = ${sister} and display_name = '菜單'`,
    );
    expect(audit!.display_log).toContain(`從「台南麵線」（#${shop}）複製菜單`);
    expect(audit!.console_type).toBe('si');
  });

  it('si may not copy from or to another SI’s shop; gaa copies between any; not onto itself', async () => {
    expect((await post('si', si.headers, sister, '/copy', { fromAccountId: foreign })).statusCode).toBe(403);
    expect((await post('si', si.headers, foreign, '/copy', { fromAccountId: shop })).statusCode).toBe(403);
    expect((await post('gaa', gaa.headers, foreign, '/copy', { fromAccountId: shop })).statusCode).toBe(200);
    const self = await post('gaa', gaa.headers, shop, '/copy', { fromAccountId: shop });
    expect(self.json().error.message).toBe('不可從同一間商店複製菜單');
  });
});
