// the order core every board and report builds on — transitions, the live feed, the banned list
// at intake, auto-print. Spec 000 §4 names the statuses; the rules are ours (docs/decisions/orders.md "Order flow").
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditRecords,
  bannedCustomers,
  businesses,
  orderEvents,
  orders,
  printJobs,
  products,
} from '../src/db/schema';
import type { OrderEventRow } from '../src/features/orders/order-flow/order-events';
import { eventsAfter, eventsOfOrder, lastEventId } from '../src/features/orders/order-flow/order-events';
import { transitionOrder } from '../src/features/orders/order-flow/transition';
import { signLink, verifyLink } from '../src/lib/signed-link';
import { build } from './helpers';
import { addPrinter, startPrinterSimulator } from './printer-fixtures';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

const printer = await startPrinterSimulator();
const t = await build({ printer: printer.service });
const eaa = await t.signedIn('eaa');
const pos = { kind: 'pos' as const, username: 'counter-1' };

const place = async (accountId: number, productId: number, extra: Record<string, unknown> = {}) => {
  const res = await postOrder(t, accountId, orderBody(productId, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as { id: number; status: string; serial: number };
};
const statusOf = async (id: number) =>
  (await t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.s;

describe('order transitions', () => {
  it('new → accepted → completed, each stamped, each a feed event with its actor', async () => {
    const shop = await openShop(t, eaa, {}, {}, { manual: true });
    const order = await place(shop.accountId, shop.productId);
    expect(order.status).toBe('new');
    const accepted = await transitionOrder(t.db, {
      orderId: order.id,
      accountId: shop.accountId,
      action: 'accept',
      actor: pos,
    });
    expect(accepted.status).toBe('accepted');
    expect(accepted.acceptedAt).toBeInstanceOf(Date);
    const done = await transitionOrder(t.db, {
      orderId: order.id,
      accountId: shop.accountId,
      action: 'complete',
      actor: pos,
    });
    expect(done.status).toBe('completed');
    const history = await eventsOfOrder(t.db, order.id);
    expect(history.map((e) => [e.kind, e.status, e.actor])).toEqual([
      ['created', 'new', 'customer'],
      ['status', 'accepted', 'pos:counter-1'],
      ['status', 'completed', 'pos:counter-1'],
    ]);
  });

  // decided: docs/decisions/orders.md "Cash is paid on completion" (spec 000 §4 names the statuses only)
  it('completing a cash order records it paid, in the same move (feed event and audit say so)', async () => {
    const shop = await openShop(t, eaa, {}, {}, { manual: true });
    const order = await place(shop.accountId, shop.productId);
    const step = (action: 'accept' | 'complete') =>
      transitionOrder(t.db, {
        orderId: order.id,
        accountId: shop.accountId,
        action,
        actor: { kind: 'user', user: { id: eaa.user.id, name: eaa.user.name, type: 'eaa' } },
      });
    expect((await step('accept')).paymentStatus).toBe('unpaid');
    const done = await step('complete');
    expect(done.paymentStatus).toBe('paid');
    const history = await eventsOfOrder(t.db, order.id);
    expect(history.at(-1)?.data).toMatchObject({ action: 'complete', payment: 'paid' });
    const audits = await t.db
      .select({ log: auditRecords.displayLog })
      .from(auditRecords)
      .where(eq(auditRecords.accountId, shop.accountId));
    expect(audits.map((a) => a.log)).toContain(`訂單 #${order.serial}：已接單 → 已完成，現金已收款`);
  });

  it('a canceled or rejected cash order stays unpaid', async () => {
    const shop = await openShop(t, eaa, {}, {}, { manual: true });
    const a = await place(shop.accountId, shop.productId);
    const b = await place(shop.accountId, shop.productId);
    await transitionOrder(t.db, { orderId: a.id, accountId: shop.accountId, action: 'accept', actor: pos });
    const canceled = await transitionOrder(t.db, {
      orderId: a.id,
      accountId: shop.accountId,
      action: 'cancel',
      reason: '客人取消',
      actor: pos,
    });
    const rejected = await transitionOrder(t.db, {
      orderId: b.id,
      accountId: shop.accountId,
      action: 'reject',
      reason: '餐點售完',
      actor: pos,
    });
    expect([canceled.paymentStatus, rejected.paymentStatus]).toEqual(['unpaid', 'unpaid']);
  });

  it('an illegal move is 409 with the order’s current status, and changes nothing', async () => {
    const shop = await openShop(t, eaa, {}, {}, { manual: true });
    const order = await place(shop.accountId, shop.productId);
    await expect(
      transitionOrder(t.db, { orderId: order.id, accountId: shop.accountId, action: 'complete', actor: pos }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'ORDER_STATE_CONFLICT',
      text: { zh: '此訂單目前為「新訂單」，無法完成' },
    });
    expect(await statusOf(order.id)).toBe('new');
  });

  it('reject and cancel need a reason (400, field reason)', async () => {
    const shop = await openShop(t, eaa, {}, {}, { manual: true });
    const order = await place(shop.accountId, shop.productId);
    await expect(
      transitionOrder(t.db, {
        orderId: order.id,
        accountId: shop.accountId,
        action: 'reject',
        reason: '  ',
        actor: pos,
      }),
    ).rejects.toMatchObject({ status: 400, field: 'reason', text: { zh: '請填寫原因' } });
    const rejected = await transitionOrder(t.db, {
      orderId: order.id,
      accountId: shop.accountId,
      action: 'reject',
      reason: '商品已售完',
      actor: pos,
    });
    expect(rejected).toMatchObject({ status: 'rejected', statusReason: '商品已售完' });
  });

  it('two boards accept the same order at once: exactly one wins, the other gets 409', async () => {
    const shop = await openShop(t, eaa, {}, {}, { manual: true });
    const order = await place(shop.accountId, shop.productId);
    const results = await Promise.allSettled(
      [1, 2].map(() =>
        transitionOrder(t.db, { orderId: order.id, accountId: shop.accountId, action: 'accept', actor: pos }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({ status: 409, text: { zh: '此訂單目前為「已接單」，無法接單' } });
    expect((await eventsOfOrder(t.db, order.id)).filter((e) => e.kind === 'status')).toHaveLength(1);
  });

  it('an order of another shop is 404, never touched', async () => {
    const a = await openShop(t, eaa, {}, {}, { manual: true });
    const b = await openShop(t, eaa, {}, {}, { manual: true });
    const order = await place(a.accountId, a.productId);
    await expect(
      transitionOrder(t.db, { orderId: order.id, accountId: b.accountId, action: 'accept', actor: pos }),
    ).rejects.toMatchObject({ status: 404 });
    expect(await statusOf(order.id)).toBe('new');
  });

  it('rejecting gives the daily stock back, never above the daily amount', async () => {
    const shop = await openShop(t, eaa, {}, { dailyStock: 5 }, { manual: true });
    const order = await place(shop.accountId, shop.productId, {
      items: [{ productId: shop.productId, quantity: 2, optionIds: [] }],
    });
    const left = async () =>
      (await t.db.select({ v: products.stockLeft }).from(products).where(eq(products.id, shop.productId)))[0]!
        .v;
    expect(await left()).toBe(3);
    await transitionOrder(t.db, {
      orderId: order.id,
      accountId: shop.accountId,
      action: 'reject',
      reason: '太忙',
      actor: pos,
    });
    expect(await left()).toBe(5);
  });

  it('a console user’s move is audited; an accepted delivery order of a logistics shop starts matching', async () => {
    const shop = await openShop(t, eaa, {}, {}, { manual: true });
    await t.db.update(businesses).set({ isLogistic: true }).where(eq(businesses.accountId, shop.accountId));
    const near = { address: '台北市信義區市府路1號', lat: 25.0375, lng: 121.5637 };
    const order = await place(shop.accountId, shop.productId, { mealType: 'delivery', delivery: near });
    const accepted = await transitionOrder(t.db, {
      orderId: order.id,
      accountId: shop.accountId,
      action: 'accept',
      actor: { kind: 'user', user: eaa.user },
    });
    expect(accepted.logisticsStatus).toBe('matching');
    const [audit] = await t.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.targetTable, 'orders'), eq(auditRecords.targetId, String(order.id))));
    expect(audit).toMatchObject({
      resourceCode: 'orders',
      displayLog: `訂單 #${order.serial}：新訂單 → 已接單`,
    });
    // once the courier has the food the order cannot be canceled
    await t.db.update(orders).set({ logisticsStatus: 'picked_up' }).where(eq(orders.id, order.id));
    await expect(
      transitionOrder(t.db, {
        orderId: order.id,
        accountId: shop.accountId,
        action: 'cancel',
        reason: '顧客取消',
        actor: pos,
      }),
    ).rejects.toMatchObject({
      status: 409,
      text: { en: 'The courier has picked up the order; logistics cannot be canceled' },
    });
  });
});

describe('the live order feed', () => {
  const collect = (accountId: number, afterId: number) => {
    const got: OrderEventRow[] = [];
    let resets = 0;
    const stop = t.app.orderFeed.subscribe(
      accountId,
      afterId,
      (e) => got.push(e),
      () => resets++,
    );
    return { got, stop, resets: () => resets };
  };
  const until = async (cond: () => boolean) => {
    for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(cond()).toBe(true);
  };

  it('a connected board hears of a new order and its acceptance, in order, and nothing of other shops', async () => {
    const shop = await openShop(t, eaa, {}, {}, { manual: true });
    const other = await openShop(t, eaa, {}, {}, { manual: true });
    const board = collect(shop.accountId, await lastEventId(t.db, shop.accountId));
    const order = await place(shop.accountId, shop.productId);
    await place(other.accountId, other.productId);
    await until(() => board.got.length === 1);
    expect(board.got[0]).toMatchObject({
      kind: 'created',
      orderId: order.id,
      status: 'new',
      data: { serial: order.serial },
    });
    await transitionOrder(t.db, {
      orderId: order.id,
      accountId: shop.accountId,
      action: 'accept',
      actor: pos,
    });
    await until(() => board.got.length === 2);
    expect(board.got[1]).toMatchObject({ kind: 'status', status: 'accepted' });
    expect(board.got.every((e) => e.accountId === shop.accountId)).toBe(true);
    board.stop();
  });

  it('a board that reconnects after the last id it saw gets exactly what it missed', async () => {
    const shop = await openShop(t, eaa, {}, {}, { manual: true });
    const first = await place(shop.accountId, shop.productId);
    const seen = await lastEventId(t.db, shop.accountId);
    const missed = [await place(shop.accountId, shop.productId), await place(shop.accountId, shop.productId)];
    const board = collect(shop.accountId, seen);
    await until(() => board.got.length === 2);
    expect(board.got.map((e) => e.orderId)).toEqual(missed.map((o) => o.id));
    expect(board.got.map((e) => e.orderId)).not.toContain(first.id);
    board.stop();
  });
});

describe('where a board starts', () => {
  const until = async (cond: () => boolean) => {
    for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(cond()).toBe(true);
  };

  it('a board naming no last id starts from now; one more than 1,000 events behind reloads instead', async () => {
    const shop = await openShop(t, eaa, {}, {}, { manual: true });
    const old = await place(shop.accountId, shop.productId);
    const fresh: OrderEventRow[] = [];
    const stopFresh = t.app.orderFeed.subscribe(
      shop.accountId,
      null,
      (e) => fresh.push(e),
      () => {},
    );

    // 1,001 events the far-behind board never saw
    const behind = await lastEventId(t.db, shop.accountId);
    await t.db
      .insert(orderEvents)
      .values(
        Array.from({ length: 1001 }, () => ({ accountId: shop.accountId, orderId: old.id, kind: 'printed' })),
      );
    const late: OrderEventRow[] = [];
    let resets = 0;
    const stopLate = t.app.orderFeed.subscribe(
      shop.accountId,
      behind,
      (e) => late.push(e),
      () => resets++,
    );
    await until(() => resets === 1 && t.app.orderFeed.size() >= 2);

    const next = await place(shop.accountId, shop.productId);
    await until(() => late.length === 1 && fresh.some((e) => e.orderId === next.id));
    expect(late.map((e) => e.orderId)).toEqual([next.id]);
    expect(fresh.some((e) => e.orderId === old.id && e.kind === 'created')).toBe(false);
    stopFresh();
    stopLate();
  });
});

describe('console switches reach the boards', () => {
  it('the manual-accept switch and the online-ordering switch of the console are feed events of the shop', async () => {
    const shop = await openShop(t, eaa);
    const from = await lastEventId(t.db, shop.accountId);
    const manual = await t.app.inject({
      method: 'POST',
      url: `/console/apis/eaa/qcpos/shops/${shop.accountId}/manual-accept/on`,
      headers: eaa.headers,
    });
    expect(manual.statusCode, manual.body).toBe(200);
    const online = await t.app.inject({
      method: 'PUT',
      url: `/console/apis/eaa/shops/${shop.accountId}/status`,
      headers: eaa.headers,
      payload: { isEnabled: false },
    });
    expect(online.statusCode, online.body).toBe(200);
    const events = await eventsAfter(t.db, shop.accountId, from);
    expect(events.map((e) => [e.kind, e.data, e.actor])).toEqual([
      ['shop', { isManual: true }, `eaa:${eaa.user.name}`],
      ['shop', { isEnabled: false }, `eaa:${eaa.user.name}`],
    ]);
  });
});

describe('intake and printing', () => {
  it('a customer on the shop’s banned list is refused (403 CUSTOMER_BLOCKED), other shops still serve them', async () => {
    const shop = await openShop(t, eaa);
    const other = await openShop(t, eaa);
    await t.db
      .insert(bannedCustomers)
      .values({ accountId: shop.accountId, phone: '0912345678', reason: '惡意棄單', createdBy: 'eaa:test' });
    const res = await postOrder(t, shop.accountId, orderBody(shop.productId));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'CUSTOMER_BLOCKED', message: '您目前無法在此商店下單' });
    expect((await postOrder(t, other.accountId, orderBody(other.productId))).statusCode).toBe(201);
  });

  it('an auto-accepted order is printed at once at the shop’s printer; an offline printer is recorded, not lost', async () => {
    const shop = await openShop(t, eaa);
    const { row } = await addPrinter(t, shop.accountId);
    const order = await place(shop.accountId, shop.productId);
    expect(order.status).toBe('accepted');
    // what the simulated printer printed, decoded from the ESC/POS bytes (Big5)
    const ticket = printer.control.printed(row.sn).at(-1)!.join('\n');
    expect(ticket).toContain(`#${order.serial} 外帶`);
    expect(ticket).toMatch(/滷肉飯 x1 +45/);
    printer.control.setState(row.sn, 'offline');
    const failed = await place(shop.accountId, shop.productId);
    printer.control.setState(row.sn, 'online');
    const jobs = await t.db.select().from(printJobs).where(eq(printJobs.accountId, shop.accountId));
    expect(jobs.map((j) => [j.orderId, j.status])).toEqual([
      [order.id, 'printed'],
      [failed.id, 'failed'],
    ]);
    const kinds = (await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, failed.id))).map(
      (e) => e.kind,
    );
    expect(kinds).toEqual(['created', 'print_failed']);
  });
});

describe('signed links', () => {
  const secret = 'test-secret-test-secret-test-secret-000';
  it('opens with its own purpose until it expires; a forged or foreign token does not', () => {
    const now = new Date('2026-11-23T00:00:00Z');
    const token = signLink(secret, 'pub-shop-stat', { shopId: 42 }, new Date('2026-11-30T00:00:00Z'));
    expect(verifyLink(secret, 'pub-shop-stat', token, now)).toMatchObject({ shopId: 42 });
    expect(verifyLink(secret, 'pub-qcpos', token, now)).toBeNull();
    expect(verifyLink(secret, 'pub-shop-stat', token, new Date('2026-11-30T00:00:01Z'))).toBeNull();
    const [body, sig] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ shopId: 43, exp: 1_900_000_000 })).toString('base64url')}.${sig}`;
    expect(verifyLink(secret, 'pub-shop-stat', forged, now)).toBeNull();
    expect(
      verifyLink('another-secret-another-secret-0000000', 'pub-shop-stat', `${body}.${sig}`, now),
    ).toBeNull();
  });
});
