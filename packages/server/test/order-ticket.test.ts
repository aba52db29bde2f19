// what staff read of one order: the board card's money, the order drawer and the printed kitchen ticket.
// Spec 000 §4 names the statuses; the layout is ours (docs/decisions/orders.md "Live order board",
// docs/decisions/printing.md "Ticket header").
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { decodeEscPos, renderEscPos } from '../src/adapters/printer';
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

describe('the ticket header on 58 mm and 80 mm paper (docs/decisions/printing.md "Ticket header")', () => {
  /** Eat-in order #287 at table A1, printed on a new printer of the given paper: the printed lines. */
  const header = async (printerType: 'PT4G' | 'PTE', kind: 'order' | 'reprint') => {
    const shop = await posShop(t, eaa);
    const { row } = await addPrinter(t, shop.accountId, { printerType });
    const o = await placeOrder(t, shop.accountId, shop.productId);
    await t.db
      .update(orders)
      .set({ mealType: 'eat_in', tableNumber: 'A1', serial: 287 })
      .where(eq(orders.id, o.id));
    if (kind === 'order')
      expect((await pos(t, 'POST', `/qcpos/board/orders/${o.id}/accept`, shop.auth)).statusCode).toBe(200);
    else
      expect((await pos(t, 'POST', `/qcpos/board/orders/${o.id}/reprint`, shop.auth)).statusCode).toBe(200);
    const lines = printer.control.printed(row.sn).at(-1)!;
    return lines.slice(1, lines.indexOf('桌號 A1') + 1);
  };

  it('58 mm (16 big columns): order number and meal type on one line, the table whole on its own', async () => {
    expect(await header('PT4G', 'order')).toEqual(['#287 內用', '桌號 A1']);
  });

  it('58 mm reprint: the mark wraps between words, never inside the meal type or the table', async () => {
    expect(await header('PT4G', 'reprint')).toEqual(['【補印】#287', '內用', '桌號 A1']);
  });

  it('80 mm (24 big columns): the same two lines, the reprint mark fits on the first', async () => {
    expect(await header('PTE', 'order')).toEqual(['#287 內用', '桌號 A1']);
    expect(await header('PTE', 'reprint')).toEqual(['【補印】#287 內用', '桌號 A1']);
  });
});

describe('ticket lines wrap between words', () => {
  const print = (text: string, columns: number, big = false) =>
    decodeEscPos(renderEscPos({ lines: [{ text, big }] }, columns));

  it('a word that does not fit starts the next line (a table number is never cut)', () => {
    expect(print('#287 內用 桌號 A1', 32, true)).toEqual(['#287 內用 桌號', 'A1']);
  });

  it('only a word longer than a line is cut by character, from where the line is', () => {
    expect(print('外送 台北市信義區松高路一號', 16)).toEqual(['外送 台北市信義', '區松高路一號']);
    expect(print('  + 加蛋', 16)).toEqual(['  + 加蛋']);
  });
});
