import { localToday } from '@shopdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { orderItems, orders } from '../src/db/schema';
import { itemsLine, itemsLineAgg } from '../src/features/reports/sales/items-line';
import { build } from './helpers';
import { insertOrders } from './sales-fixtures';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

// The order's items line ("滷肉飯 x2、紅茶 x1") is written when the order is placed and read by the sales page
// and its exports (docs/decisions/reports.md "Items line kept on the order"); an order written without one is
// given the line made from its items, by the same rule in SQL.
describe('items line', async () => {
  const t = await build();
  const gaa = await t.signedIn('gaa');
  const owner = await t.signedIn('eaa');
  const shop = await openShop(t, owner);
  const today = localToday();
  const get = (path: string, query: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/console/apis/gaa${path}`, query, headers: gaa.headers });
  const pageItems = async (lang?: string) => {
    const res = await get('/sales/orders', {
      from: today,
      to: today,
      shopId: String(shop.accountId),
      ...(lang ? { lang } : {}),
    });
    expect(res.statusCode).toBe(200);
    return (res.json().rows as { id: number; items: string }[]).map((r) => [r.id, r.items]);
  };
  const csvItems = async (lang?: string) => {
    const res = await get('/sales/orders/export', {
      from: today,
      to: today,
      shopId: String(shop.accountId),
      format: 'csv',
      ...(lang ? { lang } : {}),
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('the rule in JavaScript gives what the same rule in SQL makes of the items, in both languages', async () => {
    const cases: { zh: string | null; en: string | null; quantity: number }[][] = [
      [{ zh: '牛肉麵', en: 'Beef noodles', quantity: 2 }],
      [
        { zh: '牛肉麵', en: '', quantity: 1 },
        { zh: '紅茶, "大"', en: 'Black tea', quantity: 3 },
      ],
      [{ zh: '', en: '', quantity: 1 }],
      [
        { zh: null, en: 'No Chinese', quantity: 1 },
        { zh: '湯', en: null, quantity: 10 },
      ],
      [],
    ];
    const ids = await insertOrders(
      t.db,
      { accountId: shop.accountId, siAccountId: null },
      cases.map(() => ({ day: 3 })),
    );
    await t.db.delete(orderItems).where(sql`${orderItems.orderId} in ${ids}`);
    for (const [k, items] of cases.entries())
      for (const i of items)
        await t.db.insert(orderItems).values({
          orderId: ids[k]!,
          productId: 1,
          names: Object.fromEntries(Object.entries({ zh: i.zh, en: i.en }).filter(([, v]) => v !== null)) as {
            zh: string;
            en: string;
          },
          unitPrice: 10,
          quantity: i.quantity,
          lineTotal: 10 * i.quantity,
        });
    for (const lang of ['zh-TW', 'en'] as const) {
      const made = await queryRows<{ id: number; line: string | null }>(
        t.db,
        sql`select o.id::float8 as id, (select ${itemsLineAgg(lang)} from order_items i where i.order_id = o.id) as line
            from orders o where o.id in ${ids} order by o.id`,
      );
      const expected = cases.map((items) =>
        itemsLine(
          items.map((i) => ({
            names: Object.fromEntries(Object.entries({ zh: i.zh, en: i.en }).filter(([, v]) => v !== null)),
            quantity: i.quantity,
          })),
          lang,
        ),
      );
      expect(made.map((r) => r.line)).toEqual(expected);
    }
    // the cases' answers, spelled out
    expect(itemsLine([{ names: { zh: '牛肉麵', en: '' }, quantity: 1 }], 'en')).toBe('牛肉麵 x1');
    expect(itemsLine([], 'zh-TW')).toBeNull();
  });

  it('a placed order keeps its line; the page and the export read it, and an order without one gets it from its items', async () => {
    const placed = await postOrder(
      t,
      shop.accountId,
      orderBody(shop.productId, { items: [{ productId: shop.productId, quantity: 2, optionIds: [] }] }),
    );
    expect(placed.statusCode).toBe(201);
    const id = placed.json().order.id as number;
    const [row] = await t.db
      .select({ zh: orders.itemsLineZh, en: orders.itemsLineEn })
      .from(orders)
      .where(eq(orders.id, id));
    expect(row).toEqual({ zh: '滷肉飯 x2', en: 'Braised pork rice x2' });

    // the items' names changed underneath: the page and the file still show the line as ordered
    await t.db
      .update(orderItems)
      .set({ names: { zh: '改過的名字', en: 'Renamed' } })
      .where(eq(orderItems.orderId, id));
    expect(await pageItems()).toContainEqual([id, '滷肉飯 x2']);
    expect(await pageItems('en')).toContainEqual([id, 'Braised pork rice x2']);
    expect(await csvItems()).toContain(',滷肉飯 x2,');
    expect(await csvItems('en')).toContain(',Braised pork rice x2,');

    // an order stored without a line (before migration 0049): made from its items
    await t.db.update(orders).set({ itemsLineZh: null, itemsLineEn: null }).where(eq(orders.id, id));
    expect(await pageItems()).toContainEqual([id, '改過的名字 x2']);
    expect(await pageItems('en')).toContainEqual([id, 'Renamed x2']);
    expect(await csvItems()).toContain(',改過的名字 x2,');
    expect(await csvItems('en')).toContain(',Renamed x2,');
  });
});
