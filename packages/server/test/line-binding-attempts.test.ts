// guessing the shop's 6-digit LINE binding code is capped (contract BINDING_ATTEMPTS): a few
// wrong codes per LINE user and per shop within the window, counted in the database (every instance), after
// which even the right code is refused with a clear reply until the window has passed.
import { BINDING_ATTEMPTS, CHAT_TEXTS } from '@shopdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { deliveryWebhookEvents, lineBindingFailures, lineRecipients } from '../src/db/schema';
import { WEBHOOK_EVENT_KEEP_MS } from '../src/features/delivery/delivery/webhook-events';
import { JOBS } from '../src/schedule/runner';
import { buildWithLine, giveChannel, postWebhook, setBindingCode, textEvent } from './line-fixtures';
import { openShop } from './storefront-fixtures';

const { t, sim, simUrl } = await buildWithLine();
const eaa = await t.signedIn('eaa');
const CODE = '482913';

const shopWithCode = async () => {
  const shop = await openShop(t, eaa);
  const channel = await giveChannel(t, shop.accountId);
  await setBindingCode(t, shop.accountId, CODE);
  return { id: shop.accountId, secret: channel.channelSecret };
};
const repliesTo = (replyToken: string) =>
  sim.hooks.replies.filter((r) => r.replyToken === replyToken).flatMap((r) => r.messages.map((m) => m.text));
const bound = (accountId: number) =>
  t.db.select().from(lineRecipients).where(eq(lineRecipients.accountId, accountId));
/** Sends codes from LINE users through the signed webhook and handles them. */
const send = async (shop: { id: number; secret: string }, userId: string, codes: string[], app = t.app) => {
  const events = codes.map((c) => textEvent({ userId }, c));
  const r = await postWebhook({ ...t, app }, shop.id, events, shop.secret);
  expect(r.statusCode, r.body).toBe(200);
  await app.outbox.drain();
  return events.map((e) => repliesTo(e.replyToken));
};
const wrong = (n: number) => Array.from({ length: n }, (_, i) => String(100000 + i));

describe('binding code attempts', () => {
  it('after 5 wrong codes one LINE user is refused even the right code; another user still binds', async () => {
    const shop = await shopWithCode();
    const replies = await send(shop, 'Uguesser', wrong(BINDING_ATTEMPTS.perSender));
    expect(replies.flat()).toEqual(Array(BINDING_ATTEMPTS.perSender).fill(CHAT_TEXTS.codeWrong));
    expect(await send(shop, 'Uguesser', [CODE])).toEqual([[CHAT_TEXTS.codeLocked]]);
    expect(await bound(shop.id)).toEqual([]);
    expect(await send(shop, 'Umanager', [CODE])).toEqual([[expect.stringContaining('綁定成功')]]);
    expect((await bound(shop.id)).map((r) => r.lineId)).toEqual(['Umanager']);
  });

  it('the count is in the database: a second instance on the same database refuses the guesser too', async () => {
    const shop = await shopWithCode();
    await send(shop, 'Uroamer', wrong(BINDING_ATTEMPTS.perSender));
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
    try {
      expect(await send(shop, 'Uroamer', [CODE], next)).toEqual([[CHAT_TEXTS.codeLocked]]);
    } finally {
      await next.close();
    }
    expect(await bound(shop.id)).toEqual([]);
  });

  it('the shop cap: many users guessing close binding at the shop for everyone until the window passes', async () => {
    const shop = await shopWithCode();
    const users = Math.ceil(BINDING_ATTEMPTS.perShop / (BINDING_ATTEMPTS.perSender - 1));
    for (let i = 0; i < users; i += 1) await send(shop, `Ubot${i}`, wrong(BINDING_ATTEMPTS.perSender - 1));
    expect(await send(shop, 'Umanager', [CODE])).toEqual([[CHAT_TEXTS.codeLocked]]);
    expect(await bound(shop.id)).toEqual([]);
    // the window passes (the failures are older than it): the right code binds again
    await t.db
      .update(lineBindingFailures)
      .set({
        createdAt: sql`now() - interval '${sql.raw(String(BINDING_ATTEMPTS.windowMinutes + 1))} minutes'`,
      })
      .where(eq(lineBindingFailures.accountId, shop.id));
    expect(await send(shop, 'Umanager', [CODE])).toEqual([[expect.stringContaining('綁定成功')]]);
  });
});

describe('the guard-prune job (jobs/runner.ts)', () => {
  it('deletes wrong codes past the window and courier webhooks past the keep time, keeps fresh ones', async () => {
    const shop = await shopWithCode();
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    await t.db.insert(lineBindingFailures).values([
      { accountId: shop.id, lineId: 'Uold', createdAt: ago((BINDING_ATTEMPTS.windowMinutes + 1) * 60_000) },
      { accountId: shop.id, lineId: 'Unew', createdAt: ago(60_000) },
    ]);
    await t.db.insert(deliveryWebhookEvents).values([
      { vendor: 'lala', eventKey: 'old', receivedAt: ago(WEBHOOK_EVENT_KEEP_MS + 60_000) },
      { vendor: 'lala', eventKey: 'new', receivedAt: ago(60_000) },
    ]);
    const job = JOBS.find((j) => j.name === 'guard-prune')!;
    await job.run(t.db, now, t.app);
    const failures = await t.db
      .select({ lineId: lineBindingFailures.lineId })
      .from(lineBindingFailures)
      .where(eq(lineBindingFailures.accountId, shop.id));
    expect(failures).toEqual([{ lineId: 'Unew' }]);
    const events = await t.db.select({ key: deliveryWebhookEvents.eventKey }).from(deliveryWebhookEvents);
    expect(events).toEqual([{ key: 'new' }]);
  });
});
