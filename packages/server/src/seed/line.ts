import { randomUUID } from 'node:crypto';
import { CHAT_TEXTS } from '@shopdesk/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, businesses, lineChannels, lineRecipients, outboxJobs } from '../db/schema';
import { insertChannel } from '../features/chat/line/channel-store';
import type { SecretBox } from '../lib/secret-box';
import { createRandom } from './random';

const CATERING_STYLES = [
  'jessica_catering-basic',
  'jessica_catering-pickUpCup',
  'jessica_catering-reviewPlusFB',
];

const hex = (r: ReturnType<typeof createRandom>, n: number) =>
  Array.from({ length: n }, () => r.int(0, 15).toString(16)).join('');

/**
 * Demo LINE channels: each given shop gets a channel as the wizard writes it (sealed secret and
 * access token, LIFF ids, add-friend URL, a rich-menu style). The tokens are the LINE API simulator's: each
 * token is a simulated channel, so `npm start` (which starts the simulator and makes every shop's menu there,
 * main.ts) shows the OA page, the menus and the pushes working. The first shop also has a bound manager and
 * a bound order group, and a short delivery history for the gaa delivery log.
 */
export const seedLineChannels = async (db: Db, box: SecretBox, shopIds: readonly number[]) => {
  const r = createRandom(20261212);
  const shops = await db
    .select({ id: accounts.id, kind: accounts.kind, name: businesses.name, basicId: accounts.lineBasicId })
    .from(accounts)
    .innerJoin(businesses, eq(businesses.id, accounts.id))
    .where(inArray(accounts.id, [...shopIds]));
  for (const [i, s] of shops.sort((a, b) => a.id - b.id).entries()) {
    const basicId = s.basicId ?? `@demo${s.id}`;
    await insertChannel(db, box, s.id, {
      accountName: s.name.slice(0, 20),
      channelId: String(1_657_000_000 + s.id),
      channelSecret: hex(r, 32),
      channelAccessToken: `demo-sim-token-${s.id}-${hex(r, 40)}`,
      channelAddFriendUrl: `https://line.me/R/ti/p/${basicId}`,
      channelBasicId: basicId,
      channelImageUrl: null,
      menuLiffId: `1657${s.id}-menu${hex(r, 4)}`,
      eatInLiffId: `1657${s.id}-eatin${hex(r, 4)}`,
      orderLiffId: `1657${s.id}-order${hex(r, 4)}`,
      pickUpLiffId: i % 3 === 1 ? `1657${s.id}-pick${hex(r, 4)}` : null,
      isNewOa: true,
    });
    await db
      .update(lineChannels)
      .set({ richMenuFile: s.kind === 'retail' ? 'jessica_retail-basic' : CATERING_STYLES[i % 3]! })
      .where(eq(lineChannels.accountId, s.id));
  }

  const first = shops[0];
  if (!first) return;
  const manager = `U${hex(r, 32)}`;
  const group = `C${hex(r, 32)}`;
  const now = Date.now();
  await db.insert(lineRecipients).values([
    {
      accountId: first.id,
      kind: 'user',
      lineId: manager,
      name: '店長 張佳蓉',
      boundAt: new Date(now - 86_400_000 * 20),
    },
    {
      accountId: first.id,
      kind: 'group',
      lineId: group,
      name: `${first.name.slice(0, 12)} 接單群組`,
      members: [
        { userId: manager, name: '店長 張佳蓉' },
        { userId: `U${hex(r, 32)}`, name: '外場 林志豪' },
      ],
      boundAt: new Date(now - 86_400_000 * 19),
    },
  ]);
  // a short history of pushes (done, one retried after LINE's 429, one dead: a token revoked back then)
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);
  const push = (serial: number, to: string, toKind: string, minutesAgo: number) => ({
    kind: 'line.push',
    accountId: first.id,
    dedupeKey: `seed:${serial}:${to}`,
    payload: {
      accountId: first.id,
      to,
      toKind,
      text: CHAT_TEXTS.newOrder(first.name, serial, '外帶', 80 + serial * 5),
      retryKey: randomUUID(),
    },
    createdAt: at(minutesAgo),
    runAt: at(minutesAgo),
    updatedAt: at(minutesAgo),
  });
  await db.insert(outboxJobs).values([
    { ...push(21, manager, 'user', 300), status: 'done', attempts: 1, doneAt: at(300) },
    { ...push(21, group, 'group', 300), status: 'done', attempts: 1, doneAt: at(300) },
    {
      ...push(22, manager, 'user', 120),
      status: 'done',
      attempts: 2,
      lastError: 'LINE 429: You have reached your monthly limit.',
      doneAt: at(119),
    },
    { ...push(22, group, 'group', 120), status: 'done', attempts: 1, doneAt: at(120) },
    {
      ...push(23, group, 'group', 45),
      status: 'dead',
      attempts: 1,
      lastError:
        'LINE 401: Authentication failed. Confirm that the access token in the authorization header is valid.',
    },
  ]);
};
