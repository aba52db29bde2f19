import { randomUUID } from 'node:crypto';
import { CHAT_TEXTS, MEAL_TYPE_LABELS, type TMealType } from '@shopdesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, queryRows } from '../../../db/client';
import { orders } from '../../../db/schema';
import { enqueueOutboxAll, PermanentFailure } from '../../../jobs/outbox';
import { type OrderReactionGate, onOrderEvent } from '../../orders/order-flow/order-events';
import { loadChannel, OLD_OA_SKIPPED } from './channel-store';
import { asJobError } from './chat-events';

export const PUSH_JOB = 'line.push';

type PushTargets = { name: string; to: { lineId: string; kind: string }[] };

/**
 * Whom an event is pushed to, as json text (`PushTargets`), null when nobody: the shop's LINE channel with its
 * bot on, its name, and its bound recipients (a new order goes to managers and groups, a cancel to managers
 * only). Asked as the reaction's gate, in the event's own statement (order-events.ts OrderReactionGate): a
 * shop without a channel or recipients costs no round trip, and one with them none for this read either.
 */
const pushTargetsSql = (accountId: unknown, created: boolean) =>
  sql`(select json_build_object('name', b.name, 'to', json_agg(json_build_object('lineId', r.line_id,
      'kind', r.kind) order by r.id))::text
    from line_channels c join businesses b on b.id = c.account_id
      join line_recipients r on r.account_id = c.account_id and r.bound_at is not null
        ${created ? sql`` : sql`and r.kind = 'user'`}
    where c.account_id = ${accountId} and c.is_chatbot_disabled is not true
    group by b.name)`;

const pushes = (event: { kind: string; status?: string | null }) =>
  event.kind === 'created'
    ? 'created'
    : event.kind === 'status' && event.status === 'canceled'
      ? 'canceled'
      : null;

/** Whether the reaction below has work for the event, and for whom (order-events.ts OrderReactionGate). */
const pushGate: OrderReactionGate = (event) => {
  const what = pushes(event);
  return what ? pushTargetsSql(event.accountId, what === 'created') : false;
};

/**
 * Order reactions: a new order is pushed to the shop's bound managers and bound groups, a
 * canceled one to its managers. Runs inside the order's transaction and only enqueues (docs/decisions/chat.md
 * "Durable outbox"): each push is a 'line.push' job with its own X-Line-Retry-Key, kept across retries, all of
 * an event's jobs in one statement.
 */
onOrderEvent(async (tx: Db, event, asked) => {
  const what = pushes(event);
  if (!what) return;
  // the gate answered the targets in the event's statement; read them only when it was not asked
  const answer =
    asked === undefined
      ? (
          await queryRows<{ v: string | null }>(
            tx,
            sql`select ${pushTargetsSql(event.accountId, what === 'created')} as v`,
          )
        )[0]?.v
      : asked;
  if (typeof answer !== 'string') return;
  const { name, to: targets } = JSON.parse(answer) as PushTargets;
  if (targets.length === 0) return;
  let text: string;
  if (what === 'created') {
    const d = event.data ?? {};
    const meal = MEAL_TYPE_LABELS[d.mealType as TMealType]?.zh ?? String(d.mealType ?? '');
    text = CHAT_TEXTS.newOrder(name, String(d.serial ?? ''), meal, Number(d.total ?? 0));
  } else {
    const serial =
      event.order?.serial ??
      (
        await tx
          .select({ serial: orders.serial })
          .from(orders)
          .where(eq(orders.id, event.orderId ?? 0))
      )[0]?.serial;
    const reason = typeof event.data?.reason === 'string' ? event.data.reason : undefined;
    text = CHAT_TEXTS.canceledOrder(name, serial ?? '', reason);
  }
  await enqueueOutboxAll(
    tx,
    targets.map((r) => ({
      kind: PUSH_JOB,
      accountId: event.accountId,
      dedupeKey: `${event.id}:${r.lineId}`,
      payload: { accountId: event.accountId, to: r.lineId, toKind: r.kind, text, retryKey: randomUUID() },
    })),
  );
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
