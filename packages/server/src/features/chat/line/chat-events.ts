import { CHAT_TEXTS, parseBindingCode } from '@shopdesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type LineApi, LineApiError } from '../../../adapters/line';
import type { Db } from '../../../db/client';
import { businesses, lineFollowers, lineRecipients } from '../../../db/schema';
import { type OutboxJob, PermanentFailure, RetryLater } from '../../../jobs/outbox';
import { checkBindingCode } from './binding-attempts';
import { type LineChannel, loadChannel, OLD_OA_SKIPPED } from './channel-store';

/** The webhook events the product handles (LINE's shapes, the fields it reads). */
export type ChatEvent = {
  type: string;
  webhookEventId?: string;
  timestamp?: number;
  replyToken?: string;
  source?: { type: 'user' | 'group' | 'room'; userId?: string; groupId?: string; roomId?: string };
  message?: { type: string; text?: string };
  joined?: { members: { type: string; userId: string }[] };
  left?: { members: { type: string; userId: string }[] };
};

export const EVENT_JOB = 'line.event';

/** LINE failures inside a job: 429 / 5xx / network retry later, other 4xx are final. */
export const asJobError = (err: unknown) => {
  if (err instanceof LineApiError) {
    if (err.retryable) return new RetryLater(`LINE ${err.status}: ${err.reason}`, err.retryAfterMs);
    return new PermanentFailure(`LINE ${err.status}: ${err.reason}`);
  }
  return err;
};

const shopOf = async (db: Db, accountId: number) => {
  const [b] = await db
    .select({ name: businesses.name, notReply: businesses.isNotReply })
    .from(businesses)
    .where(eq(businesses.id, accountId));
  return { name: b?.name ?? '', notReply: b?.notReply ?? false };
};

/** A name from LINE, or '' when LINE does not give it (a profile is never worth failing a binding). */
const bestEffort = async (p: Promise<string>) => p.catch(() => '');

/** `notReply`: spec 000 §3 isNotReply (不回覆訊息): no automatic reply to the shop's customers. */
type Ctx = { db: Db; line: LineApi; ch: LineChannel; event: ChatEvent; shop: string; notReply: boolean };

const reply = async (c: Ctx, text: string) => {
  if (!c.event.replyToken || c.ch.isChatbotDisabled) return;
  await c.line.replyMessage(c.ch.accessToken, c.event.replyToken, [{ type: 'text', text }]);
};

/**
 * A binding message (the shop info page's code): a valid, unexpired code of THIS shop binds the sender (a
 * user chat) or the group; an expired or wrong one gets a clear reply, and so does a sender or shop that
 * guessed too often (binding-attempts.ts). Binding twice is harmless.
 */
const bind = async (c: Ctx, code: string) => {
  const { db, ch, event } = c;
  const group = event.source?.type === 'group' ? event.source.groupId : undefined;
  const userId = event.source?.userId;
  const lineId = group ?? userId;
  if (!lineId) return;
  // guessing is capped per sender and per shop (binding-attempts.ts): the person typing, else the group
  const verdict = await checkBindingCode(db, ch.accountId, userId ?? lineId, code);
  if (verdict === 'locked') return reply(c, CHAT_TEXTS.codeLocked);
  if (verdict === 'wrong') return reply(c, CHAT_TEXTS.codeWrong);
  if (verdict === 'expired') return reply(c, CHAT_TEXTS.codeExpired);
  const [existing] = await db
    .select()
    .from(lineRecipients)
    .where(and(eq(lineRecipients.accountId, ch.accountId), eq(lineRecipients.lineId, lineId)));
  if (existing?.boundAt) return reply(c, CHAT_TEXTS.alreadyBound(c.shop));
  const name = group
    ? await bestEffort(c.line.getGroupSummary(ch.accessToken, group).then((g) => g.groupName))
    : await bestEffort(c.line.getProfileName(ch.accessToken, userId!));
  const member =
    group && userId
      ? [{ userId, name: await bestEffort(c.line.getGroupMemberName(ch.accessToken, group, userId)) }]
      : [];
  await db
    .insert(lineRecipients)
    .values({
      accountId: ch.accountId,
      kind: group ? 'group' : 'user',
      lineId,
      name,
      members: member,
      boundAt: new Date(),
    })
    .onConflictDoUpdate({
      target: [lineRecipients.accountId, lineRecipients.lineId],
      set: {
        boundAt: new Date(),
        name: sql`case when ${name} = '' then ${lineRecipients.name} else ${name} end`,
        members: mergeMembers(member),
      },
    });
  return reply(c, group ? CHAT_TEXTS.boundGroup(c.shop) : CHAT_TEXTS.boundUser(c.shop));
};

/** Adds members to a group row's list (once each). */
const mergeMembers = (members: { userId: string; name: string }[]) =>
  sql`(select coalesce(jsonb_agg(distinct m), '[]'::jsonb) from jsonb_array_elements(
        ${lineRecipients.members} || ${JSON.stringify(members)}::jsonb) m)`;

const handlers: Record<string, (c: Ctx) => Promise<void>> = {
  message: async (c) => {
    const text = c.event.message?.type === 'text' ? (c.event.message.text ?? '') : '';
    const code = parseBindingCode(text);
    if (code) return bind(c, code);
    // a customer's message in a one-to-one chat gets the automatic reply, unless the shop turned replies
    // off (isNotReply): its staff answer in LINE's own chat screen instead
    if (c.event.source?.type === 'user' && !c.notReply) await reply(c, CHAT_TEXTS.autoReply(c.shop));
  },
  // a follower is kept (campaigns reach followers too), renewed when they follow again
  follow: async (c) => {
    const userId = c.event.source?.userId;
    if (userId) {
      const name = await bestEffort(c.line.getProfileName(c.ch.accessToken, userId));
      await c.db
        .insert(lineFollowers)
        .values({ accountId: c.ch.accountId, lineUserId: userId, name: name.slice(0, 100) })
        .onConflictDoUpdate({
          target: [lineFollowers.accountId, lineFollowers.lineUserId],
          set: {
            followedAt: new Date(),
            unfollowedAt: null,
            name: sql`case when ${name.slice(0, 100)} = '' then ${lineFollowers.name} else ${name.slice(0, 100)} end`,
          },
        });
    }
    if (!c.notReply) await reply(c, CHAT_TEXTS.welcome(c.shop));
  },
  // a user who blocks the account is no longer a follower, and a manager stops receiving pushes
  unfollow: async (c) => {
    const userId = c.event.source?.userId;
    if (userId)
      await c.db
        .insert(lineFollowers)
        .values({ accountId: c.ch.accountId, lineUserId: userId, unfollowedAt: new Date() })
        .onConflictDoUpdate({
          target: [lineFollowers.accountId, lineFollowers.lineUserId],
          set: { unfollowedAt: new Date() },
        });
    if (userId)
      await c.db
        .delete(lineRecipients)
        .where(
          and(
            eq(lineRecipients.accountId, c.ch.accountId),
            eq(lineRecipients.lineId, userId),
            eq(lineRecipients.kind, 'user'),
          ),
        );
  },
  // the bot is invited into a group: it is listed (not bound) and asks for the binding code
  join: async (c) => {
    const groupId = c.event.source?.groupId;
    if (!groupId) return;
    const name = await bestEffort(c.line.getGroupSummary(c.ch.accessToken, groupId).then((g) => g.groupName));
    await c.db
      .insert(lineRecipients)
      .values({ accountId: c.ch.accountId, kind: 'group', lineId: groupId, name })
      .onConflictDoNothing();
    await reply(c, CHAT_TEXTS.joinedGroup);
  },
  leave: async (c) => {
    const groupId = c.event.source?.groupId;
    if (groupId)
      await c.db
        .delete(lineRecipients)
        .where(and(eq(lineRecipients.accountId, c.ch.accountId), eq(lineRecipients.lineId, groupId)));
  },
  memberJoined: async (c) => {
    const groupId = c.event.source?.groupId;
    if (!groupId) return;
    const members = [];
    for (const m of c.event.joined?.members ?? [])
      members.push({
        userId: m.userId,
        name: await bestEffort(c.line.getGroupMemberName(c.ch.accessToken, groupId, m.userId)),
      });
    await c.db
      .update(lineRecipients)
      .set({ members: mergeMembers(members) })
      .where(and(eq(lineRecipients.accountId, c.ch.accountId), eq(lineRecipients.lineId, groupId)));
  },
  memberLeft: async (c) => {
    const groupId = c.event.source?.groupId;
    const gone = (c.event.left?.members ?? []).map((m) => m.userId);
    if (!groupId || gone.length === 0) return;
    await c.db
      .update(lineRecipients)
      .set({
        members: sql`(select coalesce(jsonb_agg(m), '[]'::jsonb) from jsonb_array_elements(${lineRecipients.members}) m
                      where not (m->>'userId' = any(${gone})))`,
      })
      .where(and(eq(lineRecipients.accountId, c.ch.accountId), eq(lineRecipients.lineId, groupId)));
  },
};

/** The outbox handler of stored webhook events (one job per event, deduplicated on webhookEventId). */
export const registerChatEventJob = (app: FastifyInstance) => {
  app.outbox.handle(EVENT_JOB, async (job: OutboxJob) => {
    const accountId = Number(job.payload.accountId);
    const event = job.payload.event as ChatEvent;
    const db = app.database.db;
    const ch = await loadChannel(db, app.secretBox, accountId);
    if (!ch) throw new PermanentFailure('the shop has no LINE channel any more');
    // an event stored before the stop is not acted on (no reply, no binding) through the old account
    if (ch.oldStopped) throw new PermanentFailure(OLD_OA_SKIPPED);
    const handler = handlers[event.type];
    if (!handler) return; // postback, beacon…: nothing to do
    try {
      const shop = await shopOf(db, accountId);
      await handler({ db, line: app.line, ch, event, shop: shop.name, notReply: shop.notReply });
    } catch (err) {
      throw asJobError(err);
    }
  });
};
