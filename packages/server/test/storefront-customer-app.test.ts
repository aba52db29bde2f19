// the customer's ordering app: the shop's public page data, the order link returned by intake,
// one order by its link (never another), and the order followed live over Server-Sent Events.

import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, businesses } from '../src/db/schema';
import { build } from './helpers';
import { pos, posShop } from './pos-board-fixtures';
import { orderBody, postOrder, storefrontUrl } from './storefront-fixtures';

const t = await build();
const eaa = await t.signedIn('eaa');
await t.app.listen({ port: 0, host: '127.0.0.1' });
const port = (t.app.server.address() as AddressInfo).port;

const orderUrl = (token: string) => `/console/apis/storefront/v1/orders/${encodeURIComponent(token)}`;
const getOrder = (token: string) => t.app.inject({ method: 'GET', url: orderUrl(token) });

const place = async (accountId: number, productId: number, key = randomUUID()) => {
  const res = await postOrder(
    t,
    accountId,
    orderBody(productId, { mealType: 'eat_in', tableNumber: 'A7' }),
    key,
  );
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as { order: { id: number; serial: number; status: string }; orderToken: string };
};

/** Opens the order's live feed over a real socket (inject does not stream). */
const follow = (token: string) => {
  const orders: { status: string; statusReason: string | null }[] = [];
  let status = 0;
  let buffer = '';
  const req = http.get({ host: '127.0.0.1', port, path: `${orderUrl(token)}/events` }, (res) => {
    status = res.statusCode ?? 0;
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let cut = buffer.indexOf('\n\n');
      while (cut >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (block.includes('event: order')) orders.push(JSON.parse(/^data: (.*)$/m.exec(block)![1]!));
        cut = buffer.indexOf('\n\n');
      }
    });
  });
  req.on('error', () => {});
  return { orders, status: () => status, close: () => req.destroy() };
};
const until = async (ok: () => boolean, ms = 8000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out waiting for the order feed');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('customer app: order links', () => {
  it('intake answers an order link; the link opens that order, a retry answers the same link', async () => {
    const shop = await posShop(t, eaa);
    const key = randomUUID();
    const first = await place(shop.accountId, shop.productId, key);
    expect(first.orderToken).toMatch(/^[\w-]+\.[\w-]+$/);
    const again = await place(shop.accountId, shop.productId, key);
    expect(again.orderToken).toBe(first.orderToken);
    const res = await getOrder(first.orderToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({
      accountId: shop.accountId,
      serial: first.order.serial,
      status: 'new',
      mealType: 'eat_in',
      tableNumber: 'A7',
      total: 45,
      items: [{ name: '滷肉飯', quantity: 1, lineTotal: 45 }],
    });
    // the customer's own phone number is not part of the public page
    expect(res.body).not.toContain('0912345678');
  });

  it('a tampered, forged, foreign-purpose or unknown link is 404; never another order', async () => {
    const shop = await posShop(t, eaa);
    const a = await place(shop.accountId, shop.productId);
    const b = await place(shop.accountId, shop.productId);
    expect((await getOrder(b.orderToken)).json().order.serial).toBe(b.order.serial);
    const [body, sig] = a.orderToken.split('.') as [string, string];
    // the payload names order b, the signature is a's: refused
    const swapped = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), o: b.order.id }),
    ).toString('base64url');
    const flipped = sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A');
    // the board's pickup-display link is signed with the same secret but for another purpose
    const display = await pos(t, 'POST', '/qcpos/board/display-link', shop.auth);
    expect(display.statusCode, display.body).toBe(200);
    for (const bad of [`${swapped}.${sig}`, `${body}.${flipped}`, display.json().token, 'nonsense', 'a.b']) {
      const res = await getOrder(bad);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().error.message).toBe('找不到此訂單，請確認連結是否完整');
      expect((await t.app.inject({ method: 'GET', url: `${orderUrl(bad)}/events` })).statusCode).toBe(404);
    }
    // an over-long token is refused by the contract's bounds before it is looked at, in our error shape
    const long = await getOrder('x'.repeat(401));
    expect([400, 404]).toContain(long.statusCode);
    expect(long.json().error.code, long.body).toBeTruthy();
  });

  it('the live feed sends the order, then its changes only (accepted, then completed)', async () => {
    const shop = await posShop(t, eaa);
    const mine = await place(shop.accountId, shop.productId);
    const feed = follow(mine.orderToken);
    await until(() => feed.orders.length === 1);
    expect(feed.status()).toBe(200);
    expect(feed.orders[0]!.status).toBe('new');
    // another order of the shop moves: nothing reaches this customer
    const other = await place(shop.accountId, shop.productId);
    expect((await pos(t, 'POST', `/qcpos/board/orders/${other.order.id}/accept`, shop.auth)).statusCode).toBe(
      200,
    );
    const accepted = await pos(t, 'POST', `/qcpos/board/orders/${mine.order.id}/accept`, shop.auth);
    expect(accepted.statusCode, accepted.body).toBe(200);
    await until(() => feed.orders.some((o) => o.status === 'accepted'));
    expect(feed.orders.map((o) => o.status)).toEqual(['new', 'accepted']);
    await pos(t, 'POST', `/qcpos/board/orders/${mine.order.id}/complete`, shop.auth);
    await until(() => feed.orders.some((o) => o.status === 'completed'));
    feed.close();
  });

  it('a rejected order carries the reason', async () => {
    const shop = await posShop(t, eaa);
    const mine = await place(shop.accountId, shop.productId);
    const res = await pos(t, 'POST', `/qcpos/board/orders/${mine.order.id}/reject`, shop.auth, {
      reason: '即將打烊',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await getOrder(mine.orderToken)).json().order).toMatchObject({
      status: 'rejected',
      statusReason: '即將打烊',
    });
  });
});

describe('customer app: the shop page', () => {
  it('answers the switches that shape the order form; flipping one changes the answer', async () => {
    const shop = await posShop(t, eaa);
    const get = () => t.app.inject({ method: 'GET', url: storefrontUrl(shop.accountId, '/profile') });
    const before = await get();
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({
      id: shop.accountId,
      online: true,
      mealTypes: { to_go: { on: true, cash: true } },
      form: { singleColumn: false, invoice: false, hideOrderComment: false },
      liff: { menu: '', eatIn: '', order: '' },
    });
    await t.db.update(accounts).set({ isNewStyle: true }).where(eq(accounts.id, shop.accountId));
    await t.db
      .update(businesses)
      .set({ isInvoice: true, isCarrier: true, isCalorie: true })
      .where(eq(businesses.id, shop.accountId));
    expect((await get()).json().form).toMatchObject({
      singleColumn: true,
      invoice: true,
      carrier: true,
      calorie: true,
    });
  });

  it('an unknown shop is 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: storefrontUrl(999_999, '/profile') });
    expect(res.statusCode).toBe(404);
  });
});
