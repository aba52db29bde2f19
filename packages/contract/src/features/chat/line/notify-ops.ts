import { z } from 'zod';
import { zQueryId, zText } from '../../../common/bounds';
import { msg } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { ZPagingQuery } from '../../../common/paging';

const ZId = zQueryId().max(2_147_483_647);
const GSE = ['gaa', 'si', 'eaa'] as const;
const ZPortal = z.enum(GSE);

export const NOTIFY_MESSAGES = {
  removed: msg('已移除通知群組', 'Notification group removed'),
  removeFailed: msg('移除失敗', 'Could not remove the group'),
  noChannel: msg('此商店尚未設定LINE官方帳號', 'This shop has no LINE official account yet'),
} as const;

/**
 * Notify group (spec 000 §3: subscriberAttributes with name and lineUrl). LINE Notify is shut down: a
 * group is a LINE group the shop's bot was invited into and that bound itself with the binding code.
 * lineUrl is the bot's add-friend link (the QR to invite it). The rest is ours: the row id, whether it is
 * bound (receives new orders), the members seen.
 */
export const ZNotifyGroup = z.object({
  subscriberAttributes: z.object({ name: zText(), lineUrl: zText() }),
  id: z.number().int(),
  bound: z.boolean(),
  boundAt: zText().nullable(),
  members: z.array(z.object({ userId: zText(), name: zText() })),
});
export type TNotifyGroup = z.infer<typeof ZNotifyGroup>;

// spec 000 §7 Shops: GET /{type}/line-notify-groups?business_id={id}
export const notifyGroupsOp = defineOperation({
  method: 'GET',
  path: '/:type/line-notify-groups',
  summary: "A shop's notification groups (LINE groups bound with the binding code) and the bot's add link",
  spec: '000 §7 Shops',
  allow: GSE,
  params: z.object({ type: ZPortal }),
  query: z.object({ business_id: ZId }),
  response: z.object({
    results: z.array(ZNotifyGroup),
    /** The bot's add-friend link and basic id (what the QR encodes), '' without a channel. */
    addFriendUrl: zText(),
    basicId: zText(),
  }),
});

// not in the spec (000 §3 Notify group): removing a group; the bot leaves it at LINE
export const deleteNotifyGroupOp = defineOperation({
  method: 'DELETE',
  path: '/:type/line-notify-groups/:id',
  summary: 'Remove a notification group: it stops receiving orders and the bot leaves the LINE group',
  allow: GSE,
  params: z.object({ type: ZPortal, id: ZId }),
  query: z.object({ business_id: ZId }),
  response: z.object({ ok: z.literal(true) }),
});

export const ZDeliveryRow = z.object({
  id: z.number(),
  kind: zText(),
  accountId: z.number().nullable(),
  status: zText(),
  attempts: z.number(),
  lastError: zText().nullable(),
  runAt: zText(),
  createdAt: zText(),
  doneAt: zText().nullable(),
  /** To whom / what (a push's recipient kind and text, an event's type); never a secret. */
  summary: zText(),
});
export type TDeliveryRow = z.infer<typeof ZDeliveryRow>;

export const LINE_JOB_STATUSES = ['pending', 'running', 'done', 'dead'] as const;

// the gaa delivery log of LINE calls (outbox rows of kind line.*)
export const lineDeliveriesOp = defineOperation({
  method: 'GET',
  path: '/gaa/line/deliveries',
  summary: 'Delivery log of LINE pushes and webhook events (the durable outbox, newest first)',
  allow: ['gaa'],
  query: ZPagingQuery.extend({
    accountId: ZId.optional(),
    status: z.enum(LINE_JOB_STATUSES).optional(),
  }),
  response: z.object({ total: z.number(), rows: z.array(ZDeliveryRow) }),
});
