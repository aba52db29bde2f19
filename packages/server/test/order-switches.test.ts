// The order switches of spec 000 §3 and spec 001 §2.2 that change a real order: each is flipped and the
// difference seen. isPickup / is_pick_up (自取), is_email (e-mail required, mailed), isRebuild (再點一次:
// the customer's order carries its menu ids), isNotReply (不回覆訊息: no automatic chat reply).
import { CHAT_TEXTS } from '@shopdesk/contract';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businesses, mailOutbox, orders } from '../src/db/schema';
import { renderTicket } from '../src/features/orders/order-flow/print-order';
import { transitionOrder } from '../src/features/orders/order-flow/transition';
import { loadBoardOrder } from '../src/features/orders/pos-board/board-store';
import { buildWithLine, chatEvent, giveChannel, postWebhook, textEvent } from './line-fixtures';
import { openShop, orderBody, postOrder, storefrontUrl } from './storefront-fixtures';

const { t, sim } = await buildWithLine();
const eaa = await t.signedIn('eaa');

const profile = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: storefrontUrl(id, '/profile') })).json();
const customer = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: `/console/apis/storefront/v1/orders/${token}` })).json().order;
const setShop = (id: number, v: Partial<typeof businesses.$inferInsert>) =>
  t.db.update(businesses).set(v).where(eq(businesses.accountId, id));

describe('self pick-up (spec 000 §3 isPickup, spec 001 §2.2 is_pick_up)', async () => {
  const shop = await openShop(t, eaa);
  const sid = shop.accountId;

  it('switch off: the app is not offered pick-up and intake refuses it', async () => {
    expect((await profile(sid)).form.pickUp).toBe(false);
    const res = await postOrder(t, sid, orderBody(shop.productId, { pickUp: true }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'PICK_UP_OFF', message: '商店未提供自取' });
  });

  it('switch on: a to-go order is stored as pick-up; the board and the ticket say 自取', async () => {
    await setShop(sid, { isPickup: true });
    expect((await profile(sid)).form.pickUp).toBe(true);
    const res = await postOrder(t, sid, orderBody(shop.productId, { pickUp: true }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().order.id as number;
    expect((await customer(res.json().orderToken)).pickUp).toBe(true);
    expect((await loadBoardOrder(t.db, sid, id)).pickUp).toBe(true);
    const ticket = await renderTicket(t.db, id, 'order');
    const head = ticket!.doc.lines.find((l) => 'text' in l && l.text.startsWith('#'));
    expect(head && 'text' in head ? head.text : '').toContain('自取');
    // an ordinary to-go order is not pick-up
    const plain = await postOrder(t, sid, orderBody(shop.productId));
    expect((await loadBoardOrder(t.db, sid, plain.json().order.id)).pickUp).toBe(false);
  });

  it('pick-up is a way of taking a to-go order: an eat-in order cannot be pick-up', async () => {
    await t.db
      .update(businesses)
      .set({ isEatIn: true, isEatInCash: true })
      .where(eq(businesses.accountId, sid));
    const res = await postOrder(t, sid, orderBody(shop.productId, { mealType: 'eat_in', pickUp: true }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('PICK_UP_OFF');
  });
});

describe('customer e-mail (spec 001 §2.2 is_email "email required")', async () => {
  const shop = await openShop(t, eaa);
  const sid = shop.accountId;
  const mailsTo = async (to: string) => {
    await t.app.outbox.drain();
    return t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));
  };
  const withEmail = (email: string) =>
    orderBody(shop.productId, { customer: { name: '王小明', phone: '0912345678', email } });

  it('switch off: no field, an order without e-mail passes, a sent e-mail is neither kept nor mailed', async () => {
    expect((await profile(sid)).form.email).toBe(false);
    expect((await postOrder(t, sid, orderBody(shop.productId))).statusCode).toBe(201);
    const res = await postOrder(t, sid, withEmail('off@example.com'));
    expect(res.statusCode, res.body).toBe(201);
    const [o] = await t.db.select().from(orders).where(eq(orders.id, res.json().order.id));
    expect(o!.customerEmail).toBeNull();
    expect(await mailsTo('off@example.com')).toEqual([]);
  });

  it('switch on: an order without a valid e-mail is refused with the rule message', async () => {
    await setShop(sid, { isEmail: true });
    expect((await profile(sid)).form.email).toBe(true);
    const none = await postOrder(t, sid, orderBody(shop.productId));
    expect(none.statusCode).toBe(422);
    expect(none.json().error).toMatchObject({ code: 'EMAIL_REQUIRED', message: '請填寫 Email' });
    const bad = await postOrder(t, sid, withEmail('not-an-email'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error).toMatchObject({ code: 'EMAIL_INVALID', message: 'Email 格式錯誤' });
    expect((await postOrder(t, sid, withEmail(`${'a'.repeat(300)}@x.tw`))).statusCode).toBe(400);
  });

  it('switch on: the confirmation and each status change are mailed to the customer', async () => {
    const res = await postOrder(t, sid, withEmail('  amy@example.com '));
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order as { id: number; serial: number };
    const first = await mailsTo('amy@example.com');
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toContain(`#${order.serial} 訂單已成立`);
    expect(first[0]!.text).toContain(`/shop/${sid}/orders/`);
    await transitionOrder(t.db, {
      orderId: order.id,
      accountId: sid,
      action: 'cancel',
      reason: '材料用完',
      actor: { kind: 'pos', username: 'c1' },
    });
    const after = await mailsTo('amy@example.com');
    expect(after).toHaveLength(2);
    expect(after[0]!.subject).toContain('訂單已取消');
    expect(after[0]!.text).toContain('材料用完');
  });
});

describe('order again (spec 001 §2.2 is_rebuild)', async () => {
  const shop = await openShop(t, eaa);
  const sid = shop.accountId;

  it('the switch reaches the app, and the customer order carries the menu ids to put back in the cart', async () => {
    expect((await profile(sid)).form.rebuild).toBe(false);
    await setShop(sid, { isRebuild: true });
    expect((await profile(sid)).form.rebuild).toBe(true);
    const res = await postOrder(t, sid, orderBody(shop.productId));
    const o = await customer(res.json().orderToken);
    expect(o.items[0]).toMatchObject({ productId: shop.productId, optionIds: [] });
  });
});

describe('no automatic replies (spec 000 §3 isNotReply 不回覆訊息)', async () => {
  const shop = await openShop(t, eaa);
  const sid = shop.accountId;
  const channel = await giveChannel(t, sid);
  const [{ name }] = (await t.db
    .select({ name: businesses.name })
    .from(businesses)
    .where(eq(businesses.accountId, sid))) as [{ name: string }];
  const repliesTo = (replyToken: string) =>
    sim.hooks.replies
      .filter((r) => r.replyToken === replyToken)
      .flatMap((r) => r.messages.map((m) => m.text));
  const send = async (ev: ReturnType<typeof chatEvent>) => {
    expect((await postWebhook(t, sid, [ev], channel.channelSecret)).statusCode).toBe(200);
    await t.app.outbox.drain();
    return repliesTo(ev.replyToken);
  };

  it('switch off: a follower is welcomed and a customer message gets the automatic reply', async () => {
    expect(await send(chatEvent('follow', { userId: 'Ucust1' }))).toEqual([CHAT_TEXTS.welcome(name)]);
    expect(await send(textEvent({ userId: 'Ucust1' }, '請問有營業嗎'))).toEqual([CHAT_TEXTS.autoReply(name)]);
  });

  it('switch on: neither; a binding code is still answered (the shop staff bind through it)', async () => {
    await setShop(sid, { isNotReply: true });
    expect(await send(chatEvent('follow', { userId: 'Ucust2' }))).toEqual([]);
    expect(await send(textEvent({ userId: 'Ucust2' }, '請問有營業嗎'))).toEqual([]);
    expect(await send(textEvent({ userId: 'Ucust2' }, '000000'))).toEqual([CHAT_TEXTS.codeWrong]);
  });
});
