import { FORM_VENDORS, type TOrderWebhookPayload, type TVendorCode } from '@shopdesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { OrderWebhook } from '../../../adapters/order-webhook';
import { type Db, queryRows } from '../../../db/client';
import { orderItems, orders } from '../../../db/schema';
import { enqueueOutboxAll, PermanentFailure, RetryLater } from '../../../jobs/outbox';
import { type OrderReactionGate, onOrderEvent } from '../../orders/order-flow/order-events';

export const ORDER_WEBHOOK_JOB = 'integration.order-webhook';

/**
 * The shop's integrations that receive its orders (enabled, a form vendor, a vendor shop id), as json text,
 * null when none. Asked as the reaction's gate, in the event's own statement (order-events.ts
 * OrderReactionGate): a shop without such an integration costs no round trip, and one with them none for
 * this read either.
 */
const targetsSql = (accountId: unknown) =>
  sql`(select json_agg(json_build_object('vendorCode', i.vendor_code, 'vendorShopId', i.vendor_shop_id)
      order by i.id)::text
    from integrations i where i.account_id = ${accountId} and i.enabled
      and i.vendor_code in (${sql.join(
        FORM_VENDORS.map((v) => sql`${v}`),
        sql`, `,
      )}) and i.vendor_shop_id is not null)`;

/** Whether the reaction below has work for the event, and for whom (order-events.ts OrderReactionGate). */
const webhookGate: OrderReactionGate = (event) =>
  event.orderId !== null && (event.kind === 'created' || event.kind === 'status')
    ? targetsSql(event.accountId)
    : false;

type Target = { vendorCode: string; vendorShopId: string | null };

/**
 * Order reactions: every integration of the shop with order_integration_enabled and a vendor shop
 * id receives the shop's new orders and their status changes through the outbound webhook. Runs in the order's
 * transaction and only enqueues one 'integration.order-webhook' job per event and integration (one statement).
 * The order is the event's own when its writer holds it (order intake), else read.
 */
onOrderEvent(async (tx: Db, event, asked) => {
  if (event.orderId === null || (event.kind !== 'created' && event.kind !== 'status')) return;
  const orderId = event.orderId;
  const answer =
    asked === undefined
      ? (await queryRows<{ v: string | null }>(tx, sql`select ${targetsSql(event.accountId)} as v`))[0]?.v
      : asked;
  if (typeof answer !== 'string') return;
  const targets = JSON.parse(answer) as Target[];
  if (targets.length === 0) return;
  const o = event.order ?? (await readOrder(tx, orderId));
  if (!o) return;
  await enqueueOutboxAll(
    tx,
    targets.map((t) => {
      const payload: TOrderWebhookPayload = {
        eventId: event.id,
        event: event.kind === 'created' ? 'order.created' : 'order.status',
        vendorCode: t.vendorCode as TVendorCode,
        vendorShopId: t.vendorShopId ?? '',
        accountId: event.accountId,
        orderId,
        serial: String(o.serial),
        status: event.status ?? o.status,
        mealType: o.mealType,
        total: o.total,
        items: o.items.map((i) => ({
          name: (i.names as { zh?: string }).zh ?? '',
          quantity: i.quantity,
          price: i.unitPrice,
        })),
        occurredAt: new Date().toISOString(),
      };
      return {
        kind: ORDER_WEBHOOK_JOB,
        accountId: event.accountId,
        dedupeKey: `${event.id}:${t.vendorCode}`,
        payload: { ...payload, idempotencyKey: `${event.id}:${t.vendorCode}` },
      };
    }),
  );
}, webhookGate);

/** The order as the webhook sends it, read (a status change: its writer holds no snapshot). */
const readOrder = async (tx: Db, orderId: number) => {
  const [o] = await tx
    .select({ serial: orders.serial, status: orders.status, mealType: orders.mealType, total: orders.total })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!o) return null;
  const items = await tx
    .select({ names: orderItems.names, quantity: orderItems.quantity, unitPrice: orderItems.unitPrice })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return { ...o, items };
};

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
