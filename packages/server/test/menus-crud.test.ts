import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { build } from './helpers';
import { menuUrl, readMenu, seedSmallMenu } from './menus-fixtures';

// Menus (spec 000 §2 /menu-management; 002 §3 "Product class: sku, nameArr"): classes, products,
// option groups and options, their rules and their audit rows.
describe('menu editing', async () => {
  const t = await build();
  let headers: { cookie: string };
  let shopId: number;
  const url = (rest = '') => menuUrl('eaa', shopId, rest);
  const post = (rest: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: url(rest), headers, payload: payload as object });
  const patch = (rest: string, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: url(rest), headers, payload: payload as object });

  beforeAll(async () => {
    const eaa = await t.signedIn('eaa');
    headers = eaa.headers;
    shopId = (await t.createShop({ name: '阿嬤牛肉麵', ownerUserId: eaa.user.id, isCalorie: true })).account
      .id;
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: url() });
    expect(res.statusCode).toBe(401);
  });

  it('adds classes with an sku (given or C01, C02…) and names in zh and en; refuses a taken sku', async () => {
    const a = await post('/classes', { names: { zh: '主食', en: 'Mains' } });
    expect(a.statusCode).toBe(201);
    expect(a.json().class).toMatchObject({ sku: 'C01', names: { zh: '主食', en: 'Mains' }, position: 0 });
    const b = await post('/classes', { sku: 'DRINK', names: { zh: '飲料' } });
    expect(b.json().class).toMatchObject({ sku: 'DRINK', names: { zh: '飲料', en: '' }, position: 1 });
    const taken = await post('/classes', { sku: 'DRINK', names: { zh: '冷飲' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ message: '此分類編號已存在', field: 'sku' });
    const bad = await post('/classes', { sku: '飲料 1', names: { zh: '冷飲' } });
    expect(bad.statusCode).toBe(400);
  });

  it('requires the zh name', async () => {
    const res = await post('/classes', { names: { zh: '  ', en: 'Soup' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      message: '請輸入中文名稱',
      messageEn: 'Please enter the Chinese name',
    });
  });

  it('checks product prices (whole NT$ ≥ 0), meal types and the class', async () => {
    const menu = await readMenu(t, 'eaa', headers, shopId);
    const classId = menu.classes[0]!.id;
    const base = { classId, names: { zh: '紅燒牛肉麵' }, price: 180, mealTypes: ['to_go', 'eat_in'] };
    for (const price of [1.5, -1, '180'])
      expect((await post('/products', { ...base, price })).json().error.message).toBe(
        '價格須為 0 以上的整數',
      );
    expect((await post('/products', { ...base, names: { zh: '' } })).statusCode).toBe(400);
    expect((await post('/products', { ...base, mealTypes: [] })).json().error.message).toBe(
      '請至少選擇一種供應方式',
    );
    const other = await t.createShop({ name: '別人的店' });
    const foreignClass = (
      await queryRows<{ id: number }>(
        t.db,
        sql`insert into menu_classes (account_id, sku, names) values (${other.account.id}, 'X', '{"zh":"外","en":""}') returning id`,
      )
    )[0]!.id;
    const wrong = await post('/products', { ...base, classId: foreignClass });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.field).toBe('classId');

    const ok = await post('/products', { ...base, calories: 650, dailyStock: 20 });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().product).toMatchObject({
      price: 180,
      calories: 650,
      mealTypes: ['eat_in', 'to_go'],
      dailyStock: 20,
      stockLeft: 20,
      soldOut: false,
      optionGroups: [],
    });
  });

  it('keeps what was sold today when the daily stock changes', async () => {
    const { product } = await seedSmallMenu(t, 'eaa', headers, shopId, { dailyStock: 50 });
    expect((await patch(`/products/${product.id}`, { stockLeft: 30 })).json().product.stockLeft).toBe(30);
    const more = await patch(`/products/${product.id}`, { dailyStock: 60 });
    expect(more.json().product).toMatchObject({ dailyStock: 60, stockLeft: 40 });
    const unlimited = await patch(`/products/${product.id}`, { dailyStock: null });
    expect(unlimited.json().product).toMatchObject({ dailyStock: null, stockLeft: null });
  });

  it('checks option-group rules: min ≤ max, single choice allows at most 1', async () => {
    const { product } = await seedSmallMenu(t, 'eaa', headers, shopId);
    const groups = `/products/${product.id}/option-groups`;
    const single = await post(groups, { names: { zh: '甜度' }, kind: 'single', minSelect: 1, maxSelect: 2 });
    expect(single.statusCode).toBe(400);
    expect(single.json().error).toMatchObject({ message: '單選的最多選擇數須為 1', field: 'maxSelect' });
    const minMax = await post(groups, {
      names: { zh: '加料' },
      kind: 'multiple',
      minSelect: 3,
      maxSelect: 2,
    });
    expect(minMax.json().error).toMatchObject({
      message: '最少選擇數不可大於最多選擇數',
      field: 'minSelect',
    });

    const ok = await post(groups, {
      names: { zh: '甜度', en: 'Sweetness' },
      kind: 'single',
      minSelect: 1,
      maxSelect: 1,
    });
    expect(ok.statusCode).toBe(201);
    const groupId = ok.json().group.id as number;
    // The rules hold on the merged group too.
    expect((await patch(`/option-groups/${groupId}`, { maxSelect: 0 })).statusCode).toBe(400);
    const multi = await patch(`/option-groups/${groupId}`, { kind: 'multiple', maxSelect: 3 });
    expect(multi.json().group).toMatchObject({ kind: 'multiple', minSelect: 1, maxSelect: 3 });

    const opt = await post(`/option-groups/${groupId}/options`, { names: { zh: '珍珠' }, priceDelta: 10 });
    expect(opt.statusCode).toBe(201);
    expect(
      (await post(`/option-groups/${groupId}/options`, { names: { zh: '椰果' }, priceDelta: 2.5 }))
        .statusCode,
    ).toBe(400);
    const soldOut = await patch(`/options/${opt.json().option.id}`, { soldOut: true });
    expect(soldOut.json().option).toMatchObject({ names: { zh: '珍珠' }, priceDelta: 10, soldOut: true });

    const menu = await readMenu(t, 'eaa', headers, shopId);
    const read = menu.products.find((p) => p.id === product.id)!;
    expect(read.optionGroups).toMatchObject([
      { id: groupId, options: [{ names: { zh: '珍珠' }, soldOut: true }] },
    ]);
    expect(menu.shop).toMatchObject({ isCalorie: true, name: '阿嬤牛肉麵' });
  });

  it('reorders classes and products only with the full list', async () => {
    const menu = await readMenu(t, 'eaa', headers, shopId);
    const ids = menu.classes.map((c) => c.id);
    const stale = await t.app.inject({
      method: 'PUT',
      url: url('/classes/order'),
      headers,
      payload: { ids: ids.slice(1) },
    });
    expect(stale.statusCode).toBe(409);
    const reversed = [...ids].reverse();
    const ok = await t.app.inject({
      method: 'PUT',
      url: url('/classes/order'),
      headers,
      payload: { ids: reversed },
    });
    expect(ok.statusCode).toBe(200);
    expect((await readMenu(t, 'eaa', headers, shopId)).classes.map((c) => c.id)).toEqual(reversed);

    const classId = menu.classes[0]!.id;
    const inClass = menu.products.filter((p) => p.classId === classId).map((p) => p.id);
    const order = url(`/classes/${classId}/products/order`);
    const res = await t.app.inject({
      method: 'PUT',
      url: order,
      headers,
      payload: { ids: [...inClass].reverse() },
    });
    expect(res.statusCode).toBe(200);
    const after = (await readMenu(t, 'eaa', headers, shopId)).products.filter((p) => p.classId === classId);
    expect(after.map((p) => p.id)).toEqual([...inClass].reverse());
  });

  it('deletes a class only when empty; deleted products are archived', async () => {
    const { classId, product } = await seedSmallMenu(t, 'eaa', headers, shopId, { names: { zh: '燙青菜' } });
    const del = () => t.app.inject({ method: 'DELETE', url: url(`/classes/${classId}`), headers });
    expect((await del()).json().error.message).toBe('此分類仍有商品，請先移動或刪除商品');
    expect(
      (await t.app.inject({ method: 'DELETE', url: url(`/products/${product.id}`), headers })).statusCode,
    ).toBe(200);
    expect((await del()).statusCode).toBe(200);
    const menu = await readMenu(t, 'eaa', headers, shopId);
    expect(menu.products.some((p) => p.id === product.id)).toBe(false);
    const [row] = await queryRows<{ archived: boolean }>(
      t.db,
      sql`select archived from products where id = ${product.id}`,
    );
    expect(row!.archived).toBe(true);
  });

  it('audits every change with old and new values (spec 001 §3 "Audit record")', async () => {
    const rows = await queryRows<{
      action: string;
      display_name: string;
      display_log: string;
      old_value: unknown;
      new_value: unknown;
    }>(
      t.db,
      sql`select action, display_name, display_log, old_value, new_value from audit_records
          where account_id = ${shopId} and resource_code = 'menu' order by id`,
    );
    const names = new Set(rows.map((r) => r.display_name));
    expect(names).toEqual(new Set(['菜單分類', '商品', '選項群組', '選項']));
    expect(rows.filter((r) => r.action === 'delete')).toHaveLength(2);
    const stock = rows.find((r) => r.display_log.includes('每日庫存：50 → 60'));
    expect(stock).toMatchObject({
      old_value: { dailyStock: 50, stockLeft: 30 },
      new_value: { dailyStock: 60, stockLeft: 40 },
    });
    const optionSoldOut = rows.find((r) => r.display_log.includes('標示售完'));
    expect(optionSoldOut).toMatchObject({ old_value: { soldOut: false }, new_value: { soldOut: true } });
  });
});
