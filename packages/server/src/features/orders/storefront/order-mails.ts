import { mealLabelOf, ORDER_STATUS_LABELS, type TOrderStatus } from '@shopdesk/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { renderMail } from '../../../adapters/mail/render-mail';
import type { Db } from '../../../db/client';
import { businesses, orderItems, orders } from '../../../db/schema';
import { serverBase } from '../../../http/public-base';
import { enqueueOutbox, PermanentFailure } from '../../../jobs/outbox';
import { onOrderEvent } from '../order-flow/order-events';
import { orderToken } from './customer-app';

/**
 * Order mails to the customer (spec 001 §2.2 is_email "email required"; docs/decisions "Order switches"):
 * an order that kept the customer's e-mail (only a shop with is_email keeps one) is confirmed by mail when
 * placed, and each status change (accepted, rejected, completed, canceled) is mailed too. The reaction runs
 * in the order's transaction and only enqueues; the job composes the mail (with the order page's link) and
 * hands it to the one mailer (adapters/mail), retried by the outbox.
 */
export const ORDER_MAIL_JOB = 'order.mail';

onOrderEvent(async (tx: Db, event) => {
  if (!event.orderId || (event.kind !== 'created' && event.kind !== 'status')) return;
  // intake says in its event whether the customer left an e-mail (place-order.ts); a status change asks the order
  if (event.kind === 'created') {
    if (event.data?.email !== true) return;
  } else {
    const [o] = await tx
      .select({ email: orders.customerEmail })
      .from(orders)
      .where(eq(orders.id, event.orderId));
    if (!o?.email) return;
  }
  await enqueueOutbox(tx, {
    kind: ORDER_MAIL_JOB,
    accountId: event.accountId,
    dedupeKey: `order-mail:${event.id}`,
    payload: { orderId: event.orderId, created: event.kind === 'created', status: event.status ?? null },
  });
});

const isStatus = (s: unknown): s is TOrderStatus => typeof s === 'string' && s in ORDER_STATUS_LABELS;

/** The mail of one order event: the title names the shop, the order number and what happened. */
export const composeOrderMail = async (
  db: Db,
  secret: string,
  base: string,
  p: { orderId: number; created: boolean; status: string | null },
) => {
  const [row] = await db
    .select({ o: orders, shop: businesses.name })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.accountId))
    .where(eq(orders.id, p.orderId));
  if (!row?.o.customerEmail) return null;
  const o = row.o;
  const status = isStatus(p.status) ? p.status : o.status;
  const what = p.created
    ? { zh: '訂單已成立', en: 'Order received' }
    : {
        zh: `訂單${ORDER_STATUS_LABELS[status].zh}`,
        en: `Order ${ORDER_STATUS_LABELS[status].en.toLowerCase()}`,
      };
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, o.id))
    .orderBy(asc(orderItems.id));
  const link = `${base}/shop/${o.accountId}/orders/${encodeURIComponent(
    orderToken(secret, o.accountId, o.id, o.createdAt),
  )}`;
  const meal = mealLabelOf(o.mealType, o.pickUp);
  const mail = renderMail({
    title: `【${row.shop}】#${o.serial} ${what.zh} ${what.en}`,
    rows: [
      { label: '訂單編號 Order', value: `#${o.serial}` },
      { label: '狀態 Status', value: `${ORDER_STATUS_LABELS[status].zh} ${ORDER_STATUS_LABELS[status].en}` },
      ...(o.statusReason ? [{ label: '原因 Reason', value: o.statusReason }] : []),
      { label: '用餐方式 Meal type', value: `${meal.zh} ${meal.en}` },
      ...items.map((i) => ({
        label: `${i.names.zh ?? ''} x${i.quantity}`,
        value: [`NT$${i.lineTotal}`, ...i.options.map((x) => x.names.zh ?? '')].join(' '),
      })),
      { label: '合計 Total', value: `NT$${o.total}` },
      { label: '訂單頁 Order page', value: link, href: link },
    ],
  });
  return { to: o.customerEmail!, subject: `【${row.shop}】#${o.serial} ${what.zh} ${what.en}`, ...mail };
};

/** The outbox handler: composes the mail now (the order as it is) and sends it through the mailer. */
export const registerOrderMailJob = (app: FastifyInstance) => {
  app.outbox.handle(ORDER_MAIL_JOB, async (job) => {
    const p = job.payload as { orderId?: number; created?: boolean; status?: string | null };
    if (typeof p.orderId !== 'number') throw new PermanentFailure('malformed order mail job');
    const mail = await composeOrderMail(app.database.db, app.appConfig.sessionSecret, serverBase(app), {
      orderId: p.orderId,
      created: Boolean(p.created),
      status: p.status ?? null,
    });
    if (!mail) return; // the order is gone or keeps no e-mail
    await app.mailer.send(mail);
  });
};
