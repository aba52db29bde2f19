import { createHash } from 'node:crypto';
import { CUSTOMER_APP_MESSAGES, OPEN_ORDER_STATUSES, TAPPAY_CARD_MESSAGES } from '@shopdesk/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orderPayments, orders } from '../../../db/schema';
import { conflict, notFound } from '../../../http/errors';
import { enqueueOutbox } from '../../../jobs/outbox';
import { recordOrderEvent } from '../../orders/order-flow/order-events';
import { PAY_JOB } from './payment-jobs';

/**
 * The customer pays a failed TapPay payment again with a new prime (docs/decisions/payments.md "TapPay card form").
 * Only 'failed' moves back to 'requested': TapPay answered a refusal, so nothing was charged. A payment still
 * 'requested' (a lost answer waiting for its reconciling retry) or already paid is never paid again. The
 * new attempt keeps the order number TapPay knows (SD{shop}-{order}), so a lost answer of it is found by the
 * record query as the first one's would be.
 */
export const retryTapPay = async (
  db: Db,
  ref: { accountId: number; orderId: number },
  prime: string,
): Promise<void> =>
  db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [o] = await t
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, ref.orderId), eq(orders.accountId, ref.accountId)))
      .for('update');
    if (!o) throw notFound(CUSTOMER_APP_MESSAGES.orderNotFound);
    const [p] = await t
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, ref.orderId))
      .for('update');
    if (
      p?.service !== 'tappay' ||
      p.status !== 'failed' ||
      !(OPEN_ORDER_STATUSES as readonly string[]).includes(o.status)
    )
      throw conflict(TAPPAY_CARD_MESSAGES.notRetryable, 'PAYMENT_NOT_RETRYABLE');
    await t
      .update(orderPayments)
      .set({ status: 'requested', answer: null, updatedAt: new Date() })
      .where(eq(orderPayments.id, p.id));
    // one job per prime: the same prime sent twice (a double tap) pays at most once
    await enqueueOutbox(t, {
      kind: PAY_JOB,
      accountId: p.accountId,
      dedupeKey: `pay:${p.id}:${createHash('sha256').update(prime).digest('hex').slice(0, 32)}`,
      payload: { paymentId: p.id, prime, returnBase: null },
    });
    await recordOrderEvent(t, {
      accountId: p.accountId,
      orderId: p.orderId,
      kind: 'payment',
      data: { service: p.service, payment: 'requested' },
      actor: 'customer',
    });
  });
