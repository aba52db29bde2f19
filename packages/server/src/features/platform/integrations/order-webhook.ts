import { FORM_VENDORS, type TOrderWebhookPayload, type TVendorCode } from '@shopdesk/contract';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { OrderWebhook } from '../../../adapters/order-webhook';
import type { Db } from '../../../db/client';
import { integrations, orderItems, orders } from '../../../db/schema';
import { enqueueOutbox, PermanentFailure, RetryLater } from '../../../jobs/outbox';
import { type OrderReactionGate, onOrderEvent } from '../../orders/order-flow/order-events';

export const ORDER_WEBHOOK_JOB = 'integration.order-webhook';

/** Whether the reaction below has work for the event (order-events.ts OrderReactionGate). */
const webhookGate: OrderReactionGate = (event) =>
  // the reaction's own first read, as a question: a shop without such an integration costs no round trip
  event.orderId !== null && (event.kind === 'created' || event.kind === 'status')
    ? sql`exists (select 1 from integrations i where i.account_id = ${event.accountId} and i.enabled
      and i.vendor_code in (${sql.join(
        FORM_VENDORS.map((v) => sql`${v}`),
        sql`, `,
      )}) and i.vendor_shop_id is not null)`
    : false;

/**
 * Order reactions: every integration of the shop with order_integration_enabled and a vendor shop
 * id receives the shop's new orders and their status changes through the outbound webhook. Runs in the order's
 * transaction and only enqueues one 'integration.order-webhook' job per event and integration.
 */
onOrderEvent(async (tx: Db, event) => {
  if (event.orderId === null || (event.kind !== 'created' && event.kind !== 'status')) return;
  const targets = await tx
    .select({ vendorCode: integrations.vendorCode, vendorShopId: integrations.vendorShopId })
    .from(integrations)
    .where(
      and(
        eq(integrations.accountId, event.accountId),
        eq(integrations.enabled, true),
        inArray(integrations.vendorCode, [...FORM_VENDORS]),
        isNotNull(integrations.vendorShopId),
      ),
    );
  if (targets.length === 0) return;
  const [o] = await tx
    .select({ serial: orders.serial, status: orders.status, mealType: orders.mealType, total: orders.total })
    .from(orders)
    .where(eq(orders.id, event.orderId));
  if (!o) return;
  const items = await tx
    .select({ names: orderItems.names, quantity: orderItems.quantity, price: orderItems.unitPrice })
    .from(orderItems)
    .where(eq(orderItems.orderId, event.orderId));
  for (const t of targets) {
    const payload: TOrderWebhookPayload = {
      eventId: event.id,
      event: event.kind === 'created' ? 'order.created' : 'order.status',
      vendorCode: t.vendorCode as TVendorCode,
      vendorShopId: t.vendorShopId ?? '',
      accountId: event.accountId,
      orderId: event.orderId,
      serial: String(o.serial),
      status: event.status ?? o.status,
      mealType: o.mealType,
      total: o.total,
      items: items.map((i) => ({
        name: (i.names as { zh?: string }).zh ?? '',
        quantity: i.quantity,
        price: i.price,
      })),
      occurredAt: new Date().toISOString(),
    };
    await enqueueOutbox(tx, {
      kind: ORDER_WEBHOOK_JOB,
      accountId: event.accountId,
      dedupeKey: `${event.id}:${t.vendorCode}`,
      payload: { ...payload, idempotencyKey: `${event.id}:${t.vendorCode}` },
    });
  }
}, webhookGate);

/** The delivery: 2xx done; 429 / 5xx / network retried (Retry-After honoured); other 4xx dead at once. */
export const registerOrderWebhookJob = (app: FastifyInstance, webhook: OrderWebhook | null) => {
  app.outbox.handle(ORDER_WEBHOOK_JOB, async (job) => {
    if (!webhook) throw new PermanentFailure('MW_WEBHOOK_URL is not configured');
    const { idempotencyKey, ...payload } = job.payload as TOrderWebhookPayload & { idempotencyKey: string };
    let answer: Awaited<ReturnType<OrderWebhook['deliver']>>;
    try {
      answer = await webhook.deliver(payload, idempotencyKey);
    } catch (err) {
      throw new RetryLater(`webhook unreachable: ${(err as Error).message}`);
    }
    if (answer.status >= 200 && answer.status < 300) return;
    if (answer.status === 429 || answer.status >= 500)
      throw new RetryLater(`webhook answered ${answer.status}`, answer.retryAfterMs);
    throw new PermanentFailure(`webhook refused with ${answer.status}`);
  });
};
