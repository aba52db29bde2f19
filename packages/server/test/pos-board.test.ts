// live order board: the POS user's calls (board, transitions with 409, switches, sold-out,
// reprint, pickup display). Spec 000 §4 (statuses), §8 (reprint failed); the rules are ours (docs/decisions/orders.md).
import { ORDER_MESSAGES, POS_BOARD_MESSAGES } from '@shopdesk/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, auditRecords, businesses, orderEvents, orders, products } from '../src/db/schema';
import { build } from './helpers';
import { placeOrder, pos, posShop } from './pos-board-fixtures';
import { addPrinter, startPrinterSimulator } from './printer-fixtures';

const printer = await startPrinterSimulator();
const t = await build({ printer: printer.service });
const eaa = await t.signedIn('eaa');
const a = await posShop(t, eaa);
const { row: aPrinter } = await addPrinter(t, a.accountId, { printerType: 'PTE' });
const lastTicket = () => printer.control.printed(aPrinter.sn).at(-1)?.join('\n') ?? '';
const b = await posShop(t, await t.signedIn('eaa'));

const act = (orderId: number, action: string, reason?: string, auth = a.auth) =>
  pos(t, 'POST', `/qcpos/board/orders/${orderId}/${action}`, auth, reason ? { reason } : {});

describe('POS board calls', () => {
  it('need a POS sign-in: no token 401, a console session 401', async () => {
    expect((await pos(t, 'GET', '/qcpos/board')).statusCode).toBe(401);
    expect((await pos(t, 'GET', '/qcpos/board', eaa.headers)).statusCode).toBe(401);
    expect((await pos(t, 'GET', '/qcpos/board', { authorization: 'Bearer nope' })).statusCode).toBe(401);
  });

  it('the board lists the shop’s open orders with items and the feed cursor', async () => {
    const order = await placeOrder(t, a.accountId, a.productId);
    const res = await pos(t, 'GET', '/qcpos/board', a.auth);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.shop).toMatchObject({ accountId: a.accountId, isEnabled: true, isManual: true });
    const card = body.orders.find((o: { id: number }) => o.id === order.id);
    expect(card).toMatchObject({ serial: order.serial, status: 'new', mealType: 'to_go', total: 45 });
    expect(card.items[0]).toMatchObject({ names: { zh: '滷肉飯' }, quantity: 1 });
    const [max] = await t.db.select().from(orderEvents).where(eq(orderEvents.accountId, a.accountId));
    expect(body.lastEventId).toBeGreaterThanOrEqual(max!.id);
  });

  it('legal transitions: accept then complete; reject and cancel need a reason', async () => {
    const one = await placeOrder(t, a.accountId, a.productId);
    expect((await act(one.id, 'complete')).statusCode).toBe(409); // new cannot be completed
    const accepted = await act(one.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().order.status).toBe('accepted');
    const done = await act(one.id, 'complete');
    expect(done.json().order).toMatchObject({ status: 'completed' });
    expect(done.json().order.finishedAt).not.toBeNull();

    const two = await placeOrder(t, a.accountId, a.productId);
    const noReason = await act(two.id, 'reject');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe(ORDER_MESSAGES.reasonRequired.zh);
    const rejected = await act(two.id, 'reject', '商品已售完');
    expect(rejected.json().order).toMatchObject({ status: 'rejected', statusReason: '商品已售完' });
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, two.id));
    expect(events.map((e) => e.actor)).toContain(`pos:${a.username}`);
  });

  it('an illegal move answers 409 with the order’s current status in the message', async () => {
    const order = await placeOrder(t, a.accountId, a.productId);
    await act(order.id, 'reject', '即將打烊');
    const res = await act(order.id, 'accept');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'ORDER_STATE_CONFLICT',
      message: '此訂單目前為「已拒單」，無法接單',
    });
  });

  it('two boards accepting at once: one 200, one 409', async () => {
    const order = await placeOrder(t, a.accountId, a.productId);
    const codes = (await Promise.all([act(order.id, 'accept'), act(order.id, 'accept')])).map(
      (r) => r.statusCode,
    );
    expect(codes.sort()).toEqual([200, 409]);
  });

  it('a POS user of shop B cannot see or touch shop A’s order (404)', async () => {
    const order = await placeOrder(t, a.accountId, a.productId);
    expect((await pos(t, 'GET', `/qcpos/board/orders/${order.id}`, b.auth)).statusCode).toBe(404);
    expect((await act(order.id, 'accept', undefined, b.auth)).statusCode).toBe(404);
    expect((await pos(t, 'POST', `/qcpos/board/orders/${order.id}/reprint`, b.auth)).statusCode).toBe(404);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('new');
    const board = (await pos(t, 'GET', '/qcpos/board', b.auth)).json();
    expect(board.orders.map((o: { id: number }) => o.id)).not.toContain(order.id);
  });

  it('accepting prints the kitchen ticket; a printer failure keeps the acceptance and marks the card', async () => {
    const order = await placeOrder(t, a.accountId, a.productId);
    const accepted = await pos(t, 'POST', `/qcpos/board/orders/${order.id}/accept`, a.auth);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(lastTicket()).toContain(`#${order.serial} 外帶`);
    expect(accepted.json().order.lastPrint).toBe('printed');

    const next = await placeOrder(t, a.accountId, a.productId);
    printer.control.setState(aPrinter.sn, 'paper_out');
    const stillAccepted = await pos(t, 'POST', `/qcpos/board/orders/${next.id}/accept`, a.auth);
    expect(stillAccepted.statusCode).toBe(200);
    expect(stillAccepted.json().order).toMatchObject({ status: 'accepted', lastPrint: 'failed' });
    // the ticket waits in the printer's queue and prints when paper is back
    expect(printer.control.queue(aPrinter.sn)).toHaveLength(1);
    printer.control.setState(aPrinter.sn, 'online');
    expect(lastTicket()).toContain(`#${next.serial} 外帶`);
  });

  it('reprint: sent to the printer; a printer failure answers 502 reprint failed', async () => {
    const order = await placeOrder(t, a.accountId, a.productId);
    const ok = await pos(t, 'POST', `/qcpos/board/orders/${order.id}/reprint`, a.auth);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(lastTicket()).toContain(`【補印】#${order.serial}`);
    printer.control.setState(aPrinter.sn, 'offline');
    const failed = await pos(t, 'POST', `/qcpos/board/orders/${order.id}/reprint`, a.auth);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toMatchObject({
      code: 'REPRINT_FAILED',
      message: ORDER_MESSAGES.reprintFailed.zh,
      messageEn: ORDER_MESSAGES.reprintFailed.en,
    });
    // the card says so until a reprint works
    const lastPrint = async () =>
      (await pos(t, 'GET', `/qcpos/board/orders/${order.id}`, a.auth)).json().order.lastPrint;
    expect(await lastPrint()).toBe('failed');
    printer.control.setState(aPrinter.sn, 'online');
    expect((await pos(t, 'POST', `/qcpos/board/orders/${order.id}/reprint`, a.auth)).statusCode).toBe(200);
    expect(await lastPrint()).toBe('printed');
  });

  it('switches: manual acceptance and online ordering, audited as the POS user, each a shop feed event', async () => {
    const off = await pos(t, 'POST', '/qcpos/board/manual-accept/off', a.auth);
    expect(off.json().shop.isManual).toBe(false);
    const [acc] = await t.db.select().from(accounts).where(eq(accounts.id, a.accountId));
    expect(acc!.isManual).toBe(false);
    // an order now arrives accepted
    expect((await placeOrder(t, a.accountId, a.productId)).status).toBe('accepted');
    await pos(t, 'POST', '/qcpos/board/manual-accept/on', a.auth);

    const offline = await pos(t, 'POST', '/qcpos/board/online/off', a.auth);
    expect(offline.json().shop.isEnabled).toBe(false);
    const [biz] = await t.db.select().from(businesses).where(eq(businesses.accountId, a.accountId));
    expect(biz!.isEnabled).toBe(false);
    await pos(t, 'POST', '/qcpos/board/online/on', a.auth);

    const audit = await t.db.select().from(auditRecords).where(eq(auditRecords.accountId, a.accountId));
    expect(audit.filter((r) => r.userName === `pos:${a.username}`).map((r) => r.targetKey)).toEqual([
      'is_manual',
      'is_manual',
      'is_enabled',
      'is_enabled',
    ]);
    const shopEvents = await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.accountId, a.accountId), eq(orderEvents.kind, 'shop')));
    expect(shopEvents.map((e) => e.data)).toEqual([
      { isManual: false },
      { isManual: true },
      { isEnabled: false },
      { isEnabled: true },
    ]);
  });

  it('sold out from the board: the product list shows it and another shop’s product is 404', async () => {
    const list = (await pos(t, 'GET', '/qcpos/board/products', a.auth)).json().products;
    expect(list.map((p: { id: number }) => p.id)).toEqual([a.productId]);
    const res = await pos(t, 'POST', `/qcpos/board/products/${a.productId}/sold-out/on`, a.auth);
    expect(res.json().product).toMatchObject({ id: a.productId, soldOut: true });
    const [row] = await t.db.select().from(products).where(eq(products.id, a.productId));
    expect(row!.soldOut).toBe(true);
    await pos(t, 'POST', `/qcpos/board/products/${a.productId}/sold-out/off`, a.auth);
    expect(
      (await pos(t, 'POST', `/qcpos/board/products/${a.productId}/sold-out/on`, b.auth)).statusCode,
    ).toBe(404);
  });

  it('pickup display: a signed link shows numbers preparing and ready; a forged token is refused', async () => {
    const order = await placeOrder(t, a.accountId, a.productId);
    await act(order.id, 'accept');
    const link = (await pos(t, 'POST', '/qcpos/board/display-link', a.auth)).json();
    expect(link.path).toMatch(/^\/console\/pub\/qcpos\?token=/);
    const show = () => pos(t, 'GET', `/pub/qcpos?token=${encodeURIComponent(link.token)}`);
    expect((await show()).json().preparing).toContain(order.serial);
    await act(order.id, 'complete');
    const after = (await show()).json();
    expect(after.ready).toContain(order.serial);
    expect(after.preparing).not.toContain(order.serial);
    const forged = await pos(t, 'GET', `/pub/qcpos?token=${link.token.slice(0, -2)}xx`);
    expect(forged.statusCode).toBe(403);
  });

  it('pickup display without its token: 400 saying how to open it, not a schema message', async () => {
    for (const path of ['/pub/qcpos', '/pub/qcpos?token=']) {
      const res = await pos(t, 'GET', path);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(POS_BOARD_MESSAGES.linkMissing.zh);
    }
  });

  it('sign-out ends the token', async () => {
    const c = await posShop(t, eaa);
    expect((await pos(t, 'POST', '/qcpos/signout', c.auth)).statusCode).toBe(200);
    expect((await pos(t, 'GET', '/qcpos/board', c.auth)).statusCode).toBe(401);
  });
});
