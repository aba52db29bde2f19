// what staff read of one order: the board card's money, the order drawer and the printed kitchen ticket.
// Spec 000 §4 names the statuses; the layout is ours (docs/decisions/orders.md "Live order board",
// docs/decisions/printing.md "Ticket header").
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import { build } from './helpers';
import { placeOrder, pos, posShop } from './pos-board-fixtures';
import { addPrinter, startPrinterSimulator } from './printer-fixtures';

const printer = await startPrinterSimulator();
const t = await build({ printer: printer.service });
const eaa = await t.signedIn('eaa');

/** A cash-on-delivery order of NT$ subtotal + 60 delivery fee (intake's delivery rules are tested elsewhere). */
const deliveryOrder = async (shop: Awaited<ReturnType<typeof posShop>>) => {
  const order = await placeOrder(t, shop.accountId, shop.productId);
  await t.db
    .update(orders)
    .set({
      mealType: 'delivery',
      deliveryAddress: '台北市信義區松高路 1 號',
      deliveryFee: 60,
      total: sql`${orders.total} + 60`,
    })
    .where(eq(orders.id, order.id));
  const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
  return row!;
};

describe('the delivery fee, wherever the total is shown', () => {
  it('the board order carries the fee, so its lines add up to the total', async () => {
    const shop = await posShop(t, eaa);
    const o = await deliveryOrder(shop);
    const res = await pos(t, 'GET', `/qcpos/board/orders/${o.id}`, shop.auth);
    expect(res.statusCode, res.body).toBe(200);
    const card = res.json().order;
    expect(card.deliveryFee).toBe(60);
    expect(card.subtotal - card.discount + card.deliveryFee).toBe(card.total);
  });

  it('the order drawer (summary detail) carries it too', async () => {
    const shop = await posShop(t, eaa);
    const o = await deliveryOrder(shop);
    const res = await t.app.inject({
      method: 'GET',
      url: `/console/apis/eaa/summary/orders/${o.id}`,
      headers: eaa.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ deliveryFee: 60, total: o.total });
  });

  it('the printed ticket has a 外送費 line above the total (a to-go ticket has none)', async () => {
    const shop = await posShop(t, eaa);
    const { row } = await addPrinter(t, shop.accountId, { printerType: 'PT4G' });
    const o = await deliveryOrder(shop);
    expect((await pos(t, 'POST', `/qcpos/board/orders/${o.id}/reprint`, shop.auth)).statusCode).toBe(200);
    const lines = printer.control.printed(row.sn).at(-1)!;
    const fee = lines.findIndex((l) => /^外送費 +NT\$60$/.test(l));
    expect(fee, lines.join('\n')).toBeGreaterThan(0);
    expect(lines[fee + 1]).toMatch(new RegExp(`^貨到付款 合計 +NT\\$${o.total}$`));
    const toGo = await placeOrder(t, shop.accountId, shop.productId);
    await pos(t, 'POST', `/qcpos/board/orders/${toGo.id}/reprint`, shop.auth);
    expect(printer.control.printed(row.sn).at(-1)!.join('\n')).not.toContain('外送費');
  });
});
