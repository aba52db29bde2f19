// the LINE webhook (signature, idempotency, answer first), binding by code, order pushes to
// bound managers and groups through the outbox (429 retry, restart), notification groups.
import { validateSignature } from '@line/bot-sdk';
import { CHAT_TEXTS } from '@shopdesk/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signBody } from '../src/adapters/line/simulator';
import { buildApp } from '../src/app';
import { lineRecipients, outboxJobs } from '../src/db/schema';
import { transitionOrder } from '../src/features/orders/order-flow/transition';
import {
  buildWithLine,
  chatEvent,
  giveChannel,
  postWebhook,
  setBindingCode,
  textEvent,
} from './line-fixtures';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

const { t, sim, simUrl } = await buildWithLine();
const eaa = await t.signedIn('eaa');
const shop = await openShop(t, eaa);
const channel = await giveChannel(t, shop.accountId);
await setBindingCode(t, shop.accountId, '482913');
const secret = channel.channelSecret;
const token = channel.channelAccessToken;

const eventJobs = () => t.db.select().from(outboxJobs).where(eq(outboxJobs.kind, 'line.event'));
const repliesTo = (replyToken: string) =>
  sim.hooks.replies.filter((r) => r.replyToken === replyToken).flatMap((r) => r.messages.map((m) => m.text));
const later = (ms: number) => new Date(Date.now() + ms);

describe('webhook signature (X-Line-Signature, HMAC-SHA256 of the raw body)', () => {
  it('our test signer agrees with @line/bot-sdk validateSignature', () => {
    const body = '{"events":[]}';
    expect(validateSignature(body, secret, signBody(body, secret))).toBe(true);
  });

  it('a signed request is answered 200 at once and its events are stored, not yet handled', async () => {
    const before = (await eventJobs()).length;
    const ev = chatEvent('follow', { userId: 'Ufollow1' });
    const res = await postWebhook(t, shop.accountId, [ev], secret);
    expect(res.statusCode).toBe(200);
    expect(await eventJobs()).toHaveLength(before + 1);
    expect(repliesTo(ev.replyToken)).toEqual([]); // handled after the answer
    await t.app.outbox.drain();
    expect(repliesTo(ev.replyToken)).toEqual([CHAT_TEXTS.welcome((await shopName()) as string)]);
  });

  it('a wrong signature is 401 and nothing is stored', async () => {
    const before = (await eventJobs()).length;
    const res = await postWebhook(
      t,
      shop.accountId,
      [textEvent({ userId: 'Ux' }, '482913')],
      'not-the-secret',
    );
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain(secret);
    expect(await eventJobs()).toHaveLength(before);
  });

  it('a tampered body (signed before the change) is 401', async () => {
    const body = JSON.stringify({ events: [textEvent({ userId: 'Ux' }, '000000')] });
    const signature = signBody(body, secret);
    const res = await postWebhook(t, shop.accountId, [], null, {
      body: body.replace('000000', '482913'),
      signature,
    });
    expect(res.statusCode).toBe(401);
  });

  it('a missing signature is 401', async () => {
    const res = await postWebhook(t, shop.accountId, [textEvent({ userId: 'Ux' }, '482913')], null);
    expect(res.statusCode).toBe(401);
  });

  it('a replayed event (same webhookEventId, LINE redelivers) is stored and handled once', async () => {
    const ev = textEvent({ userId: 'Ureplay' }, '000001');
    expect((await postWebhook(t, shop.accountId, [ev], secret)).statusCode).toBe(200);
    expect((await postWebhook(t, shop.accountId, [ev], secret)).statusCode).toBe(200);
    const jobs = (await eventJobs()).filter((j) => j.dedupeKey === `${shop.accountId}:${ev.webhookEventId}`);
    expect(jobs).toHaveLength(1);
    await t.app.outbox.drain();
    expect(repliesTo(ev.replyToken)).toEqual([CHAT_TEXTS.codeWrong]);
  });

  it('an unknown shop or one without a channel is 404', async () => {
    const res = await postWebhook(t, 999_999, [], secret);
    expect(res.statusCode).toBe(404);
  });
});

const shopName = async () => {
  const r = await t.app.inject({
    method: 'GET',
    url: `/console/apis/eaa/shops/${shop.accountId}`,
    headers: eaa.headers,
  });
  return r.json().businessData.businessName as string;
};

const bound = () => t.db.select().from(lineRecipients).where(eq(lineRecipients.accountId, shop.accountId));

describe('binding with the shop info page code', () => {
  it('a wrong code gets a clear reply and binds nothing', async () => {
    const ev = textEvent({ userId: 'Umanager' }, '111111');
    await postWebhook(t, shop.accountId, [ev], secret);
    await t.app.outbox.drain();
    expect(repliesTo(ev.replyToken)).toEqual([CHAT_TEXTS.codeWrong]);
    expect(await bound()).toEqual([]);
  });

  it('an expired code is told so', async () => {
    await setBindingCode(t, shop.accountId, '482913', -60_000);
    const ev = textEvent({ userId: 'Umanager' }, '482913');
    await postWebhook(t, shop.accountId, [ev], secret);
    await t.app.outbox.drain();
    expect(repliesTo(ev.replyToken)).toEqual([CHAT_TEXTS.codeExpired]);
    expect(await bound()).toEqual([]);
    await setBindingCode(t, shop.accountId, '482913');
  });

  it('the valid code binds the manager and replies so; the next storefront order arrives as a push', async () => {
    sim.hooks.addProfile('Umanager', '王店長');
    const ev = textEvent({ userId: 'Umanager' }, '綁定 482913');
    await postWebhook(t, shop.accountId, [ev], secret);
    await t.app.outbox.drain();
    const name = await shopName();
    expect(repliesTo(ev.replyToken)).toEqual([CHAT_TEXTS.boundUser(name)]);
    expect(await bound()).toMatchObject([{ kind: 'user', lineId: 'Umanager', name: '王店長' }]);

    const res = await postOrder(t, shop.accountId, orderBody(shop.productId));
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order as { id: number; serial: number; total: number };
    expect(sim.hooks.pushes.filter((p) => p.to === 'Umanager')).toEqual([]); // enqueued, not yet sent
    await t.app.outbox.drain();
    const push = sim.hooks.pushes.find((p) => p.to === 'Umanager');
    expect(push?.token).toBe(token);
    expect(push?.messages[0]?.text).toBe(CHAT_TEXTS.newOrder(name, order.serial, '外帶', order.total));
    expect(push?.retryKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a cancellation is pushed to the manager', async () => {
    const res = await postOrder(t, shop.accountId, orderBody(shop.productId));
    const order = res.json().order as { id: number; serial: number };
    await t.app.outbox.drain();
    await transitionOrder(t.db, {
      orderId: order.id,
      accountId: shop.accountId,
      action: 'cancel',
      reason: '客人取消',
      actor: { kind: 'pos', username: 'c1' },
    });
    await t.app.outbox.drain();
    expect(sim.hooks.pushes.at(-1)).toMatchObject({
      to: 'Umanager',
      messages: [{ text: CHAT_TEXTS.canceledOrder(await shopName(), order.serial, '客人取消') }],
    });
  });

  it('unfollow (the manager blocks the account) stops the pushes', async () => {
    await postWebhook(t, shop.accountId, [chatEvent('unfollow', { userId: 'Umanager' })], secret);
    await t.app.outbox.drain();
    expect(await bound()).toEqual([]);
    // bind again for the next tests
    await postWebhook(t, shop.accountId, [textEvent({ userId: 'Umanager' }, '482913')], secret);
    await t.app.outbox.drain();
    expect(await bound()).toHaveLength(1);
  });
});

describe('push delivery through the outbox', () => {
  it('LINE answers 429: the push waits and is delivered later with the same retry key', async () => {
    sim.hooks.rateLimitNext(/message\/push/, 30);
    await postOrder(t, shop.accountId, orderBody(shop.productId));
    const before = sim.hooks.pushes.length;
    await t.app.outbox.drain();
    expect(sim.hooks.pushes.length).toBe(before);
    const [job] = await t.db
      .select()
      .from(outboxJobs)
      .where(and(eq(outboxJobs.kind, 'line.push'), eq(outboxJobs.status, 'pending')));
    expect(job?.lastError).toContain('429');
    expect(job!.runAt.getTime()).toBeGreaterThanOrEqual(Date.now() + 25_000); // Retry-After honoured
    await t.app.outbox.drain({ now: later(120_000) });
    expect(sim.hooks.pushes.length).toBe(before + 1);
    expect(sim.hooks.pushes.at(-1)!.retryKey).toBe((job!.payload as { retryKey: string }).retryKey);
  });

  it('a 500 is retried too; a 400 is final (dead, visible in the delivery log)', async () => {
    sim.hooks.failNext(500, 'An error occurred in the server', /message\/push/);
    await postOrder(t, shop.accountId, orderBody(shop.productId));
    await t.app.outbox.drain();
    await t.app.outbox.drain({ now: later(120_000) });
    sim.hooks.failNext(400, 'The property, to, in the request body is invalid', /message\/push/);
    await postOrder(t, shop.accountId, orderBody(shop.productId));
    await t.app.outbox.drain({ now: later(130_000) });
    const gaa = await t.signedIn('gaa');
    const log = await t.app.inject({
      method: 'GET',
      url: '/console/apis/gaa/line/deliveries?status=dead',
      headers: gaa.headers,
    });
    expect(log.statusCode).toBe(200);
    expect(log.json().rows[0]).toMatchObject({ kind: 'line.push', status: 'dead' });
    expect(log.json().rows[0].lastError).toContain('400');
    expect(JSON.stringify(log.json())).not.toContain(token);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/console/apis/gaa/line/deliveries',
      headers: eaa.headers,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('a push enqueued before a restart is delivered by the next instance', async () => {
    sim.hooks.setOffline(true);
    await postOrder(t, shop.accountId, orderBody(shop.productId));
    await t.app.outbox.drain();
    sim.hooks.setOffline(false);
    const before = sim.hooks.pushes.length;
    // a new app on the same database: the queue is in the database, not in the old process
    const next = await buildApp({
      config: {
        sessionSecret: 'test-secret-test-secret-test-secret-000',
        nodeEnv: 'test',
        trustProxy: false,
        publicUrl: undefined,
        lineApiBaseUrl: simUrl,
        lineDataApiBaseUrl: simUrl,
      },
      database: t.database,
    });
    await next.ready();
    await next.outbox.drain({ now: later(600_000) });
    await next.close();
    expect(sim.hooks.pushes.length).toBe(before + 1);
  });
});

describe('notification groups (LINE Notify replaced by a bound group)', () => {
  const groupId = 'Cgroup0001';
  it('the bot joins a group, the group binds itself with the code, and new orders reach it', async () => {
    sim.hooks.addGroup(groupId, '外場群組', { Ualice: 'Alice' });
    const join = chatEvent('join', { groupId });
    await postWebhook(t, shop.accountId, [join], secret);
    await t.app.outbox.drain();
    expect(repliesTo(join.replyToken)).toEqual([CHAT_TEXTS.joinedGroup]);

    const bindEv = textEvent({ groupId, userId: 'Ualice' }, '482913');
    await postWebhook(t, shop.accountId, [bindEv], secret);
    await t.app.outbox.drain();
    expect(repliesTo(bindEv.replyToken)).toEqual([CHAT_TEXTS.boundGroup(await shopName())]);

    await postOrder(t, shop.accountId, orderBody(shop.productId));
    await t.app.outbox.drain();
    expect(
      sim.hooks.pushes.some((p) => p.to === groupId && p.messages[0]?.text?.startsWith('【新訂單】')),
    ).toBe(true);
  });

  it('GET /{type}/line-notify-groups lists the group, its members and the bot link (spec 000 §7)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/console/apis/eaa/line-notify-groups?business_id=${shop.accountId}`,
      headers: eaa.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      addFriendUrl: channel.channelAddFriendUrl,
      results: [
        {
          subscriberAttributes: { name: '外場群組', lineUrl: channel.channelAddFriendUrl },
          bound: true,
          members: [{ userId: 'Ualice', name: 'Alice' }],
        },
      ],
    });
  });

  it('other tenants are refused; no session is 401', async () => {
    const other = await t.signedIn('eaa');
    const url = `/console/apis/eaa/line-notify-groups?business_id=${shop.accountId}`;
    expect((await t.app.inject({ method: 'GET', url, headers: other.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const gaa = await t.signedIn('gaa');
    expect((await t.app.inject({ method: 'GET', url, headers: gaa.headers })).statusCode).toBe(403); // not its portal
  });

  it('removing the group stops its pushes and the bot leaves it at LINE', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: `/console/apis/eaa/line-notify-groups?business_id=${shop.accountId}`,
      headers: eaa.headers,
    });
    const id = list.json().results[0].id as number;
    const other = await t.signedIn('eaa');
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/console/apis/eaa/line-notify-groups/${id}?business_id=${shop.accountId}`,
      headers: other.headers,
    });
    expect(refused.statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/console/apis/eaa/line-notify-groups/${id}?business_id=${shop.accountId}`,
      headers: eaa.headers,
    });
    expect(res.statusCode).toBe(200);
    const before = sim.hooks.pushes.length;
    await postOrder(t, shop.accountId, orderBody(shop.productId));
    await t.app.outbox.drain();
    expect(sim.hooks.pushes.slice(before).map((p) => p.to)).toEqual(['Umanager']);
  });
});
