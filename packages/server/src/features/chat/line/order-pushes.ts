import { randomUUID } from 'node:crypto';
import { CHAT_TEXTS, MEAL_TYPE_LABELS, type TMealType } from '@shopdesk/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { businesses, lineChannels, lineRecipients, orders } from '../../../db/schema';
import { enqueueOutbox, PermanentFailure } from '../../../jobs/outbox';
import { type OrderReactionGate, onOrderEvent } from '../../orders/order-flow/order-events';
import { loadChannel, OLD_OA_SKIPPED } from './channel-store';
import { asJobError } from './chat-events';

export const PUSH_JOB = 'line.push';

/** Whether the reaction below has work for the event (order-events.ts OrderReactionGate). */
const pushGate: OrderReactionGate = (event) =>
  // the reaction's first read, as a question: a shop without a LINE channel (or with its bot off) costs none
  event.kind === 'created' || (event.kind === 'status' && event.status === 'canceled')
    ? sql`exists (select 1 from line_channels c where c.account_id = ${event.accountId}
      and c.is_chatbot_disabled is not true)`
    : false;

/**
 * Order reactions: a new order is pushed to the shop's bound managers and bound groups, a
 * canceled one to its managers. Runs inside the order's transaction and only enqueues (docs/decisions/chat.md
 * "Durable outbox"): each push is a 'line.push' job with its own X-Line-Retry-Key, kept across retries.
 */
onOrderEvent(async (tx: Db, event) => {
  const created = event.kind === 'created';
  const canceled = event.kind === 'status' && event.status === 'canceled';
  if (!created && !canceled) return;
  const [ch] = await tx
    .select({ off: lineChannels.isChatbotDisabled, name: businesses.name })
    .from(lineChannels)
    .innerJoin(businesses, eq(businesses.id, lineChannels.accountId))
    .where(eq(lineChannels.accountId, event.accountId));
  if (!ch || ch.off) return;
  const recipients = await tx
    .select({ lineId: lineRecipients.lineId, kind: lineRecipients.kind })
    .from(lineRecipients)
    .where(and(eq(lineRecipients.accountId, event.accountId), isNotNull(lineRecipients.boundAt)));
  const targets = recipients.filter((r) => created || r.kind === 'user');
  if (targets.length === 0) return;
  let text: string;
  if (created) {
    const d = event.data ?? {};
    const meal = MEAL_TYPE_LABELS[d.mealType as TMealType]?.zh ?? String(d.mealType ?? '');
    text = CHAT_TEXTS.newOrder(ch.name, String(d.serial ?? ''), meal, Number(d.total ?? 0));
  } else {
    const [o] = await tx
      .select({ serial: orders.serial })
      .from(orders)
      .where(eq(orders.id, event.orderId ?? 0));
    const reason = typeof event.data?.reason === 'string' ? event.data.reason : undefined;
    text = CHAT_TEXTS.canceledOrder(ch.name, o?.serial ?? '', reason);
  }
  for (const r of targets)
    await enqueueOutbox(tx, {
      kind: PUSH_JOB,
      accountId: event.accountId,
      dedupeKey: `${event.id}:${r.lineId}`,
      payload: { accountId: event.accountId, to: r.lineId, toKind: r.kind, text, retryKey: randomUUID() },
    });
}, pushGate);

/** The push handler: LINE's 429 / 5xx retry later (Retry-After honoured); 409 = already sent with that key. */
export const registerPushJob = (app: FastifyInstance) => {
  app.outbox.handle(PUSH_JOB, async (job) => {
    const p = job.payload as { accountId: number; to: string; text: string; retryKey: string };
    const ch = await loadChannel(app.database.db, app.secretBox, p.accountId);
    if (!ch) throw new PermanentFailure('the shop has no LINE channel any more');
    // never sent through a stopped old account; kept in the delivery log with the reason
    if (ch.oldStopped) throw new PermanentFailure(OLD_OA_SKIPPED);
    try {
      await app.line.pushMessage(ch.accessToken, p.to, [{ type: 'text', text: p.text }], p.retryKey);
    } catch (err) {
      if ((err as { status?: number }).status === 409) return; // the retry key was accepted before
      throw asJobError(err);
    }
  });
};
