// the customer's note. Kept with the order unless the shop hides the comment box for the meal type
// (spec 001 §3 is_not_comment_of_order_display / is_not_comment_of_delivery_display); shown on the board, the
// order detail, the customer's page and the kitchen ticket.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businesses, orders } from '../src/db/schema';
import { renderTicket } from '../src/features/orders/order-flow/print-order';
import { build } from './helpers';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

describe('order comments', async () => {
  const t = await build();
  const eaa = await t.signedIn('eaa');
  const shop = await openShop(t, eaa);
  const sid = shop.accountId;
  const stored = async (id: number) =>
    (await t.db.select({ comment: orders.comment }).from(orders).where(eq(orders.id, id)))[0]!.comment;

  it('keeps the note, trimmed, and shows it to the customer', async () => {
    const res = await postOrder(t, sid, orderBody(shop.productId, { comment: '  不要香菜，謝謝  ' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(await stored(res.json().order.id)).toBe('不要香菜，謝謝');
    const seen = await t.app.inject({
      method: 'GET',
      url: `/console/apis/storefront/v1/orders/${res.json().orderToken}`,
    });
    expect(seen.json().order.comment).toBe('不要香菜，謝謝');
  });

  it('drops the note when the shop hides the box for the meal type; the other box is not concerned', async () => {
    await t.db
      .update(businesses)
      .set({ isNotCommentOfOrderDisplay: true })
      .where(eq(businesses.accountId, sid));
    const hidden = await postOrder(t, sid, orderBody(shop.productId, { comment: '看不到的備註' }));
    expect(hidden.statusCode).toBe(201);
    expect(await stored(hidden.json().order.id)).toBeNull();
    await t.db
      .update(businesses)
      .set({ isNotCommentOfOrderDisplay: false, isNotCommentOfDeliveryDisplay: true })
      .where(eq(businesses.accountId, sid));
    const shown = await postOrder(t, sid, orderBody(shop.productId, { comment: '外帶備註' }));
    expect(await stored(shown.json().order.id)).toBe('外帶備註');
  });

  it('refuses a note that is too long or unstorable', async () => {
    for (const comment of ['字'.repeat(201), 'a\u0000b']) {
      const res = await postOrder(t, sid, orderBody(shop.productId, { comment }));
      expect(res.statusCode, comment.slice(0, 5)).toBe(400);
    }
  });
});

// a note per item (is_not_comment_product_display hides the box) and the paper receipt (is_receipt),
// kept with the order and shown to the board, the order detail, the customer and on the kitchen ticket.
describe('item notes and receipts', async () => {
  const t = await build();
  const eaa = await t.signedIn('eaa');
  const shop = await openShop(t, eaa);
  const sid = shop.accountId;
  const set = (v: Partial<typeof businesses.$inferInsert>) =>
    t.db.update(businesses).set(v).where(eq(businesses.accountId, sid));
  const withNote = (note: string, extra: Record<string, unknown> = {}) =>
    orderBody(shop.productId, { items: [{ productId: shop.productId, quantity: 2, note }], ...extra });
  const customer = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: `/console/apis/storefront/v1/orders/${token}` })).json().order;

  it('keeps an item note and shows it on the board, the detail, the customer page and the ticket', async () => {
    const res = await postOrder(t, sid, withNote('  去冰  '));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().order.id as number;
    expect((await customer(res.json().orderToken)).items[0].note).toBe('去冰');
    const detail = await t.app.inject({
      method: 'GET',
      url: `/console/apis/eaa/summary/orders/${id}`,
      headers: eaa.headers,
    });
    expect(detail.json().order.items[0].note).toBe('去冰');
    const ticket = await renderTicket(t.db, id, 'order');
    expect(ticket!.doc.lines.some((l) => 'text' in l && l.text === '  * 去冰')).toBe(true);
  });

  it('drops item notes when the shop hides the box, and refuses a note that is too long', async () => {
    await set({ isNotCommentProductDisplay: true });
    const res = await postOrder(t, sid, withNote('少辣'));
    expect(res.statusCode, res.body).toBe(201);
    expect((await customer(res.json().orderToken)).items[0].note).toBeNull();
    await set({ isNotCommentProductDisplay: false });
    expect((await postOrder(t, sid, withNote('字'.repeat(51)))).statusCode).toBe(400);
  });

  it('keeps a receipt request only when the shop offers receipts; the ticket says 需開收據', async () => {
    const off = await postOrder(t, sid, orderBody(shop.productId, { receipt: true }));
    expect((await customer(off.json().orderToken)).receipt).toBe(false);
    await set({ isReceipt: true });
    const on = await postOrder(t, sid, orderBody(shop.productId, { receipt: true }));
    expect((await customer(on.json().orderToken)).receipt).toBe(true);
    const ticket = await renderTicket(t.db, on.json().order.id, 'order');
    expect(ticket!.doc.lines.some((l) => 'text' in l && l.text === '需開收據')).toBe(true);
  });
});
