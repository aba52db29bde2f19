import type { TPaymentService } from '@shopdesk/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PaymentGateway } from '../../adapters/payment';
import type { Db } from '../../db/client';
import { orderPayments, orders, paymentConfigs, paymentServices } from '../../db/schema';
import { enqueueOutbox, PermanentFailure, RetryLater } from '../../jobs/outbox';
import { onOrderEvent } from '../order-flow/order-events';
import { credentialsOf } from './qrpay-service';

export const PAY_JOB = 'qrpay.pay';
export const REFUND_JOB = 'qrpay.refund';

/** The services a shop has configured and switched on (any of its types): what order intake accepts. */
export const paymentServicesOn = async (db: Db, accountId: number): Promise<TPaymentService[]> => {
  const rows = await db
    .selectDistinct({ service: paymentConfigs.service })
    .from(paymentConfigs)
    .where(and(eq(paymentConfigs.accountId, accountId), eq(paymentConfigs.isEnabled, true)));
  return rows.map((r) => r.service);
};

/**
 * Order intake (docs/decisions.md "QR payment"): an order paying through a service gets a payment row
 * ('requested') and a durable 'qrpay.pay' job, in the order's transaction. The TapPay prime rides in the
 * job's payload only (it is single-use and short-lived at TapPay).
 */
export const requestPayment = async (
  tx: Db,
  p: { accountId: number; orderId: number; service: TPaymentService; amount: number; prime?: string },
) => {
  const [row] = await tx
    .insert(orderPayments)
    .values({
      accountId: p.accountId,
      orderId: p.orderId,
      service: p.service,
      amount: p.amount,
      status: 'requested',
    })
    .onConflictDoNothing()
    .returning({ id: orderPayments.id });
  if (row)
    await enqueueOutbox(tx, {
      kind: PAY_JOB,
      accountId: p.accountId,
      dedupeKey: `pay:${row.id}`,
      payload: { paymentId: row.id, prime: p.prime ?? null },
    });
};

/**
 * Cancellation (spec: none; ours): a paid order that is canceled or rejected gets its refund queued
 * ('refund_queued' + 'qrpay.refund' job) in the same transaction; a payment still requested is marked failed
 * so its job will not charge a canceled order.
 */
onOrderEvent(async (tx, event) => {
  if (!event.orderId || event.kind !== 'status') return;
  if (event.status !== 'canceled' && event.status !== 'rejected') return;
  await tx
    .update(orderPayments)
    .set({ status: 'failed', answer: 'order ended before payment', updatedAt: new Date() })
    .where(and(eq(orderPayments.orderId, event.orderId), eq(orderPayments.status, 'requested')));
  const [queued] = await tx
    .update(orderPayments)
    .set({ status: 'refund_queued', updatedAt: new Date() })
    .where(and(eq(orderPayments.orderId, event.orderId), eq(orderPayments.status, 'paid')))
    .returning({ id: orderPayments.id });
  if (queued)
    await enqueueOutbox(tx, {
      kind: REFUND_JOB,
      accountId: event.accountId,
      dedupeKey: `refund:${queued.id}`,
      payload: { paymentId: queued.id },
    });
});

/** The outbox handlers: pay and refund through the shop's service; the answer is kept on the payment. */
export const registerPaymentJobs = (app: FastifyInstance, gateway: PaymentGateway) => {
  const { db } = app.database;
  const load = async (id: number) => {
    const [p] = await db.select().from(orderPayments).where(eq(orderPayments.id, id));
    if (!p) throw new PermanentFailure('no such payment');
    const [s] = await db
      .select()
      .from(paymentServices)
      .where(and(eq(paymentServices.accountId, p.accountId), eq(paymentServices.service, p.service)));
    if (!s) throw new PermanentFailure('the shop has no such payment service');
    return { p, creds: credentialsOf(s, app.secretBox.open(s.secretSealed)) };
  };
  const save = (id: number, set: Partial<typeof orderPayments.$inferInsert>) =>
    db
      .update(orderPayments)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(orderPayments.id, id));

  app.outbox.handle(PAY_JOB, async (job) => {
    const { p, creds } = await load(Number(job.payload.paymentId));
    if (p.status !== 'requested') return;
    const [order] = await db.select({ serial: orders.serial }).from(orders).where(eq(orders.id, p.orderId));
    const answer = await gateway.pay(creds, {
      orderRef: `SD${p.accountId}-${p.orderId}`,
      amount: p.amount,
      description: `Shopdesk #${order?.serial ?? p.orderId}`,
      prime: typeof job.payload.prime === 'string' ? job.payload.prime : undefined,
    });
    if (answer.retry) throw new RetryLater(`${answer.code} ${answer.message}`);
    // LINE Pay: the request answers a payment page; the payment stays requested until confirmed
    const paid = answer.ok && p.service !== 'linepay';
    // only a payment still requested moves (a cancellation meanwhile marked it failed)
    await db
      .update(orderPayments)
      .set({
        status: answer.ok ? (paid ? 'paid' : 'requested') : 'failed',
        transactionId: answer.transactionId ?? null,
        answer: `${answer.code} ${answer.message}${answer.paymentUrl ? ` ${answer.paymentUrl}` : ''}`.trim(),
        updatedAt: new Date(),
      })
      .where(and(eq(orderPayments.id, p.id), inArray(orderPayments.status, ['requested'])));
  });
  app.outbox.handle(REFUND_JOB, async (job) => {
    const { p, creds } = await load(Number(job.payload.paymentId));
    if (p.status !== 'refund_queued' || !p.transactionId) return;
    const answer = await gateway.refund(creds, {
      transactionId: p.transactionId,
      orderRef: `SD${p.accountId}-${p.orderId}`,
      amount: p.amount,
    });
    if (answer.retry) throw new RetryLater(`${answer.code} ${answer.message}`);
    await save(p.id, {
      status: answer.ok ? 'refunded' : 'refund_failed',
      answer: `${answer.code} ${answer.message}`.trim(),
    });
    if (!answer.ok) throw new PermanentFailure(`${answer.code} ${answer.message}`);
  });
};
