// "stop old account" (停用舊的官方帳號, spec 002 §4) is read: the stopped old channel gets no
// order pushes (skipped with the reason in the delivery log), its webhook is refused, and the stop can be
// undone (DELETE on the same resource), both audited in the Record tab.
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecords, outboxJobs } from '../src/db/schema';
import { OLD_OA_SKIPPED } from '../src/features/chat/line/channel-store';
import { buildWithLine, giveChannel, postWebhook, setBindingCode, textEvent } from './line-fixtures';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

const { t, sim } = await buildWithLine();
const eaa = await t.signedIn('eaa');
const gaa = await t.signedIn('gaa');
const shop = await openShop(t, eaa);
const channel = await giveChannel(t, shop.accountId);
await setBindingCode(t, shop.accountId, '482913');
const secret = channel.channelSecret;
const A = shop.accountId;

const oa = (method: 'POST' | 'DELETE', headers = gaa.headers) =>
  t.app.inject({ method, url: `/console/apis/gaa/shops/${A}/oa-disabled`, headers });
const pushesToManager = () => sim.hooks.pushes.filter((p) => p.to === 'Umanager').length;
const lastPushJob = async () =>
  (
    await t.db
      .select()
      .from(outboxJobs)
      .where(and(eq(outboxJobs.kind, 'line.push'), eq(outboxJobs.accountId, A)))
      .orderBy(desc(outboxJobs.id))
      .limit(1)
  )[0];
const eventJobs = async () =>
  (await t.db.select().from(outboxJobs).where(eq(outboxJobs.kind, 'line.event'))).length;
const lastAudit = async () =>
  (
    await t.db.select().from(auditRecords).where(eq(auditRecords.accountId, A)).orderBy(desc(auditRecords.id))
  )[0];

describe('stop old account is read by the LINE paths (spec 002 §4)', () => {
  it('before the stop: the manager binds and an order is pushed', async () => {
    const bind = await postWebhook(t, A, [textEvent({ userId: 'Umanager' }, '482913')], secret);
    expect(bind.statusCode).toBe(200);
    await t.app.outbox.drain();
    const before = pushesToManager();
    expect((await postOrder(t, A, orderBody(shop.productId))).statusCode).toBe(201);
    await t.app.outbox.drain();
    expect(pushesToManager()).toBe(before + 1);
  });

  it('after the stop: order pushes (even one queued before it) are skipped with the reason, not sent', async () => {
    const before = pushesToManager();
    expect((await postOrder(t, A, orderBody(shop.productId))).statusCode).toBe(201); // queued, not sent yet
    const res = await oa('POST');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ accountId: A, isOaDisabled: true });
    await t.app.outbox.drain();
    expect((await postOrder(t, A, orderBody(shop.productId))).statusCode).toBe(201);
    await t.app.outbox.drain();
    expect(pushesToManager()).toBe(before);
    expect(await lastPushJob()).toMatchObject({ status: 'dead', lastError: OLD_OA_SKIPPED });
    const log = await t.app.inject({
      method: 'GET',
      url: `/console/apis/gaa/line/deliveries?accountId=${A}&status=dead`,
      headers: gaa.headers,
    });
    expect(log.json().rows.slice(0, 2)).toMatchObject([
      { kind: 'line.push', lastError: OLD_OA_SKIPPED },
      { kind: 'line.push', lastError: OLD_OA_SKIPPED },
    ]);
  });

  it("after the stop: the old channel's signed webhook is refused (403 JSON) and nothing is stored", async () => {
    const jobs = await eventJobs();
    const res = await postWebhook(t, A, [textEvent({ userId: 'Ucustomer' }, 'hello')], secret);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'FORBIDDEN',
      message: '此官方帳號已停用',
      messageEn: 'This official account has been stopped',
    });
    expect(await eventJobs()).toBe(jobs);
  });

  it('undo: DELETE turns it back on (audited like the stop); pushes and the webhook work again', async () => {
    expect((await oa('DELETE', eaa.headers)).statusCode).toBe(403); // gaa only, like the stop
    const res = await oa('DELETE');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ accountId: A, isOaDisabled: false });
    expect(await lastAudit()).toMatchObject({
      displayName: '恢復舊OA',
      displayLog: '恢復舊OA：已停用 → 使用中',
      oldValue: true,
      newValue: false,
    });
    const second = await oa('DELETE');
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('此商店的舊OA未停用');

    const before = pushesToManager();
    expect((await postOrder(t, A, orderBody(shop.productId))).statusCode).toBe(201);
    await t.app.outbox.drain();
    expect(pushesToManager()).toBe(before + 1);
    expect(await lastPushJob()).toMatchObject({ status: 'done' });
    const jobs = await eventJobs();
    const hook = await postWebhook(t, A, [textEvent({ userId: 'Ucustomer' }, 'hello')], secret);
    expect(hook.statusCode).toBe(200);
    expect(await eventJobs()).toBe(jobs + 1);
  });

  it('the stop can be made again after an undo', async () => {
    expect((await oa('POST')).statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({ displayName: '停用舊OA', newValue: true });
    expect((await oa('POST')).statusCode).toBe(409);
  });
});
