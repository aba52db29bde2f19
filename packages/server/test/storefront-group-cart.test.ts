// 團購 (is_groupbuy, docs/decisions/customer-app.md "Group orders"): a shared cart opened by one customer,
// items added by others under their names, one checkout through order intake; the board and the ticket list
// who ordered what. Runs on PGlite (api) and PostgreSQL (api-postgres).
import { randomUUID } from 'node:crypto';
import { GROUP_KEY_HEADER, PRINTER_PAPER } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { decodeEscPos, renderEscPos } from '../src/adapters/printer';
import { businesses, orderItems, orders } from '../src/db/schema';
import { renderTicket } from '../src/features/orders/order-flow/print-order';
import { loadBoardOrder } from '../src/features/orders/pos-board/board-store';
import { build } from './helpers';
import { addGroup, openShop, someClient, storefrontUrl } from './storefront-fixtures';

const t = await build();
const eaa = await t.signedIn('eaa');
const G = '/console/apis/storefront/v1/group-carts';

const keyOf = () => randomUUID();
type Who = { key: string; ip: string };
const who = (): Who => ({ key: keyOf(), ip: someClient() });
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, w: Who | null, payload?: object, more = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...(w ? { [GROUP_KEY_HEADER]: w.key } : {}), ...more },
    remoteAddress: w?.ip ?? someClient(),
    ...(payload ? { payload } : {}),
  });
const open = (sid: number, w: Who, name = '阿明') =>
  call('POST', storefrontUrl(sid, '/group-carts'), w, { mealType: 'to_go', name });
const add = (token: string, w: Who, line: object) => call('POST', `${G}/${token}/lines`, w, line);
const checkout = (token: string, w: Who, key = randomUUID(), extra: object = {}) =>
  call(
    'POST',
    `${G}/${token}/checkout`,
    w,
    {
      mealType: 'to_go',
      customer: { name: '阿明', phone: '0912345678' },
      paymentMethod: 'cash',
      ...extra,
    },
    { 'idempotency-key': key },
  );

describe('group orders (is_groupbuy)', async () => {
  const shop = await openShop(t, eaa);
  const sid = shop.accountId;
  const { optionIds } = await addGroup(
    t,
    eaa.headers,
    sid,
    shop.productId,
    { names: { zh: '甜度' }, kind: 'single', minSelect: 0, maxSelect: 1 },
    [{ zh: '半糖', priceDelta: 5 }],
  );
  const setSwitch = (on: boolean) =>
    t.db.update(businesses).set({ isGroupbuy: on }).where(eq(businesses.accountId, sid));

  it('switch off: the app is not offered 開團 and opening is refused with 422', async () => {
    const profile = (await t.app.inject({ method: 'GET', url: storefrontUrl(sid, '/profile') })).json();
    expect(profile.form.groupbuy).toBe(false);
    const res = await open(sid, who());
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'GROUPBUY_OFF', message: '本店未開放團購' });
  });

  it('open → two participants add → the opener checks out once → one order with the names', async () => {
    await setSwitch(true);
    const profile = (await t.app.inject({ method: 'GET', url: storefrontUrl(sid, '/profile') })).json();
    expect(profile.form.groupbuy).toBe(true);
    const opener = who();
    const amy = who();
    const ben = who();
    const opened = await open(sid, opener);
    expect(opened.statusCode, opened.body).toBe(201);
    const token = opened.json().cart.token as string;
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(opened.json().cart).toMatchObject({ status: 'open', isOpener: true, lines: [] });

    expect(
      (await add(token, opener, { name: '阿明', productId: shop.productId, quantity: 1 })).statusCode,
    ).toBe(201);
    const a = await add(token, amy, {
      name: 'Amy',
      productId: shop.productId,
      quantity: 2,
      optionIds: [optionIds[0]],
      note: '去冰',
    });
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json().cart.isOpener).toBe(false);
    const b = await add(token, ben, { name: 'Ben', productId: shop.productId, quantity: 1 });
    expect(b.statusCode).toBe(201);
    // an unknown option is refused now, not at checkout
    const bad = await add(token, ben, {
      name: 'Ben',
      productId: shop.productId,
      quantity: 1,
      optionIds: [999999],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('UNKNOWN_OPTION');

    // everyone reads the list by name; each sees their own lines marked
    const read = (await call('GET', `${G}/${token}`, amy)).json().cart;
    expect(read.lines.map((l: { participant: string; mine: boolean }) => [l.participant, l.mine])).toEqual([
      ['阿明', false],
      ['Amy', true],
      ['Ben', false],
    ]);

    // only the opener checks out
    const notOpener = await checkout(token, amy);
    expect(notOpener.statusCode).toBe(403);
    expect(notOpener.json().error.code).toBe('NOT_GROUP_OPENER');

    const key = randomUUID();
    const done = await checkout(token, opener, key);
    expect(done.statusCode, done.body).toBe(201);
    const orderId = done.json().order.id as number;
    expect(done.json().order.subtotal).toBe(45 + 2 * 50 + 45);
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(items.map((i) => [i.participant, i.quantity, i.note])).toEqual([
      ['阿明', 1, null],
      ['Amy', 2, '去冰'],
      ['Ben', 1, null],
    ]);
    const [o] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(o!.customerName).toBe('阿明');

    // the board's order lists who ordered what
    const board = await loadBoardOrder(t.db, sid, orderId);
    expect(board.items.map((i) => i.participant)).toEqual(['阿明', 'Amy', 'Ben']);

    // the customer's order page shows who ordered each line
    const page = await t.app.inject({
      method: 'GET',
      url: `/console/apis/storefront/v1/orders/${done.json().orderToken}`,
    });
    expect(page.json().order.items.map((i: { participant: string }) => i.participant)).toEqual([
      '阿明',
      'Amy',
      'Ben',
    ]);

    // the console's order detail (/summary/orders drawer) names who ordered each item too
    const gaa = await t.signedIn('gaa');
    const detail = await t.app.inject({
      method: 'GET',
      url: `/console/apis/gaa/summary/orders/${orderId}`,
      headers: gaa.headers,
    });
    expect(detail.json().order.items.map((i: { participant: string }) => i.participant)).toEqual([
      '阿明',
      'Amy',
      'Ben',
    ]);

    // the cart now shows the order; only the opener gets its link
    const after = (await call('GET', `${G}/${token}`, opener)).json().cart;
    expect(after.status).toBe('checked_out');
    expect(after.order.serial).toBe(o!.serial);
    expect(after.order.token).toBe(done.json().orderToken);
    expect((await call('GET', `${G}/${token}`, ben)).json().cart.order.token).toBeNull();

    // a retry of the same checkout (same key) answers the same order; any other second checkout is refused
    const retry = await checkout(token, opener, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().order.id).toBe(orderId);
    const second = await checkout(token, opener);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({ code: 'GROUP_CART_CHECKED_OUT' });
    // adding after checkout is refused
    const late = await add(token, ben, { name: 'Ben', productId: shop.productId, quantity: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('GROUP_CART_CHECKED_OUT');
    expect(await t.db.select().from(orders).where(eq(orders.accountId, sid))).toHaveLength(1);
  });

  it('the printed ticket groups the items under each name (decoded from its ESC/POS bytes)', async () => {
    const [o] = await t.db.select().from(orders).where(eq(orders.accountId, sid));
    const ticket = await renderTicket(t.db, o!.id, 'order');
    const texts = decodeEscPos(renderEscPos(ticket!.doc, PRINTER_PAPER.PT4G.columns));
    const at = (s: string) => texts.findIndex((x) => x.includes(s));
    expect(at('【阿明】')).toBeGreaterThan(-1);
    expect(at('【阿明】')).toBeLessThan(at('【Amy】'));
    expect(at('【Amy】')).toBeLessThan(at('去冰'));
    expect(at('去冰')).toBeLessThan(at('【Ben】'));
  });

  it('a participant cannot remove another’s item, and removes their own', async () => {
    const opener = who();
    const amy = who();
    const ben = who();
    const token = (await open(sid, opener)).json().cart.token as string;
    const amyLine = (await add(token, amy, { name: 'Amy', productId: shop.productId, quantity: 1 })).json()
      .cart.lines[0].id as number;
    const bens = await call('DELETE', `${G}/${token}/lines/${amyLine}`, ben);
    expect(bens.statusCode).toBe(403);
    expect(bens.json().error).toMatchObject({ code: 'NOT_YOUR_GROUP_LINE', message: '只能移除自己點的品項' });
    const noKey = await call('DELETE', `${G}/${token}/lines/${amyLine}`, null);
    expect(noKey.statusCode).toBe(400);
    const own = await call('DELETE', `${G}/${token}/lines/${amyLine}`, amy);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().cart.lines).toEqual([]);
    // an empty cart is not checked out
    expect((await checkout(token, opener)).json().error.code).toBe('GROUP_CART_EMPTY');
  });

  it('checkout goes through intake: a payment intake refuses leaves the cart open', async () => {
    const opener = who();
    const token = (await open(sid, opener)).json().cart.token as string;
    await add(token, who(), { name: 'Amy', productId: shop.productId, quantity: 1 });
    const delivery = await checkout(token, opener, randomUUID(), { paymentMethod: 'online' });
    expect(delivery.statusCode).toBe(409);
    expect((await call('GET', `${G}/${token}`, opener)).json().cart.status).toBe('open');
  });

  it('the switch turned off refuses adding; an unknown link is 404; the opener may cancel', async () => {
    const opener = who();
    const token = (await open(sid, opener)).json().cart.token as string;
    expect((await call('GET', `${G}/nope${token}`, opener)).statusCode).toBe(404);
    const amy = who();
    expect((await call('POST', `${G}/${token}/cancel`, amy)).statusCode).toBe(403);
    await setSwitch(false);
    const off = await add(token, amy, { name: 'Amy', productId: shop.productId, quantity: 1 });
    expect(off.statusCode).toBe(422);
    expect(off.json().error.code).toBe('GROUPBUY_OFF');
    await setSwitch(true);
    const c = await call('POST', `${G}/${token}/cancel`, opener);
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json().cart.status).toBe('cancelled');
    expect((await add(token, amy, { name: 'Amy', productId: shop.productId, quantity: 1 })).statusCode).toBe(
      409,
    );
  });
});
