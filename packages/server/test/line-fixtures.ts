import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll } from 'vitest';
import { createLineSimulator, signBody } from '../src/adapters/line/simulator';
import { listenSimulator } from '../src/adapters/simulator-host';
import { accounts } from '../src/db/schema';
import { insertChannel, type NewChannel } from '../src/features/chat/line/channel-store';
import { build } from './helpers';

type T = Awaited<ReturnType<typeof build>>;

/** The LINE simulator on port 0 and an app pointed at it (closed after the file). */
export const buildWithLine = async (opts: Parameters<typeof build>[0] = {}) => {
  const sim = createLineSimulator();
  const host = await listenSimulator(sim);
  afterAll(() => host.close());
  const t = await build({
    ...opts,
    config: { lineApiBaseUrl: host.url, lineDataApiBaseUrl: host.url, ...opts.config },
  });
  return { t, sim, simUrl: host.url };
};

/** A channel for a shop made by the factories (what the wizard writes), with its test secret and token. */
export const giveChannel = async (t: T, accountId: number, c: Partial<NewChannel> = {}) => {
  const channel: NewChannel = {
    accountName: '測試帳號',
    channelId: `1650${accountId}`,
    channelSecret: `secret-${randomUUID()}`,
    channelAccessToken: `token-${randomUUID()}`,
    channelAddFriendUrl: `https://lin.ee/test${accountId}`,
    channelBasicId: `@test${accountId}`,
    menuLiffId: `menu-${accountId}`,
    eatInLiffId: `eatin-${accountId}`,
    orderLiffId: `order-${accountId}`,
    ...c,
  };
  await insertChannel(t.db, t.app.secretBox, accountId, channel);
  return channel;
};

/** A binding code of the shop, valid for `validMs` (negative = expired). */
export const setBindingCode = async (t: T, accountId: number, code: string, validMs = 3_600_000) => {
  await t.db
    .update(accounts)
    .set({ code, codeExpiresAt: new Date(Date.now() + validMs) })
    .where(eq(accounts.id, accountId));
};

let seq = 0;
const nextSeq = () => {
  seq += 1;
  return seq;
};
/** A LINE webhook event (the fields the product reads) from a user or a group. */
export const chatEvent = (
  type: string,
  from: { userId?: string; groupId?: string },
  extra: Record<string, unknown> = {},
) => ({
  type,
  webhookEventId: `01H${Date.now()}${nextSeq()}`,
  timestamp: Date.now(),
  mode: 'active',
  deliveryContext: { isRedelivery: false },
  replyToken: randomUUID().replace(/-/g, ''),
  source: from.groupId
    ? { type: 'group', groupId: from.groupId, userId: from.userId }
    : { type: 'user', userId: from.userId },
  ...extra,
});

export const textEvent = (from: { userId?: string; groupId?: string }, text: string) =>
  chatEvent('message', from, { message: { type: 'text', id: String(seq), text } });

/** POSTs a webhook body as LINE does: signed with the channel secret (or a given / no signature). */
export const postWebhook = (
  t: T,
  accountId: number,
  events: unknown[],
  secret: string | null,
  opts: { signature?: string; body?: string } = {},
) => {
  const body = opts.body ?? JSON.stringify({ destination: 'Ubot', events });
  const signature = opts.signature ?? (secret ? signBody(body, secret) : undefined);
  return t.app.inject({
    method: 'POST',
    url: `/console/apis/line/webhook/${accountId}`,
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-line-signature': signature } : {}) },
    payload: body,
  });
};
