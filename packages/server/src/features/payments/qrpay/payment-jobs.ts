import {
  API_BASE,
  LINEPAY_CANCEL_PATH,
  LINEPAY_CONFIRM_PATH,
  PAYMENT_SERVICES,
  TAPPAY_NOTIFY_PATH,
  TAPPAY_RETURN_PATH,
  type TOrderPaymentStatus,
  type TPaymentService,
  tappayCardReady,
} from '@shopdesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PaymentGateway } from '../../../adapters/payment';
import type { Db } from '../../../db/client';
import { orderPayments, orders, paymentConfigs, paymentServices } from '../../../db/schema';
import { serverBase } from '../../../http/public-base';
import { enqueueOutbox, PermanentFailure, RetryLater } from '../../../jobs/outbox';
import type { SecretBox } from '../../../lib/secret-box';
import { signLink, verifyLink } from '../../../lib/signed-link';
import { onOrderEvent, recordOrderEvent } from '../../orders/order-flow/order-events';
import { credentialsOf } from './qrpay-service';

export const PAY_JOB = 'qrpay.pay';
export const REFUND_JOB = 'qrpay.refund';

/**
 * The services a shop has configured and switched on (any of its types; TapPay: its card type with the card
 * form configured, tappayCardReady): what order intake accepts and the customer app offers.
 */
export const paymentServicesOn = async (db: Db, accountId: number): Promise<TPaymentService[]> => {
  const rows = await db
    .select({ service: paymentConfigs.service, type: paymentConfigs.type, fields: paymentServices.fields })
    .from(paymentConfigs)
    .innerJoin(paymentServices, eq(paymentServices.id, paymentConfigs.paymentServiceId))
    .where(and(eq(paymentConfigs.accountId, accountId), eq(paymentConfigs.isEnabled, true)));
  return servicesOn(rows);
};

type ConfigRow = { service: TPaymentService; type: string; fields: unknown };

/**
 * The switched-on configurations as one json array, for a reader that folds them into its own statement
 * (storefront/shop-context.ts); `servicesOn` gives what `paymentServicesOn` answers.
 */
export const paymentConfigsJson = (accountId: number) =>
  sql`(select coalesce(json_agg(json_build_object('service', c.service, 'type', c.type, 'fields', s.fields)),
    '[]') from payment_configs c join payment_services s on s.id = c.payment_service_id
    where c.account_id = ${accountId} and c.is_enabled)`;

export const servicesOn = (rows: readonly ConfigRow[]): TPaymentService[] => {
  const on = new Set<TPaymentService>();
  for (const r of rows) {
    if (r.service !== 'tappay') on.add(r.service);
    else if (
      tappayCardReady(
        rows.filter((x) => x.service === 'tappay').map((x) => x.type),
        r.fields as { tappayAppId?: unknown; tappayAppKey?: unknown },
      )
    )
      on.add('tappay');
  }
  return PAYMENT_SERVICES.filter((x) => on.has(x));
};

/**
 * Order intake (docs/decisions/payments.md "QR payment"): an order paying through a service gets a payment row
 * ('requested') and a durable 'qrpay.pay' job, in the order's transaction. The TapPay prime rides in the
 * job's payload only (it is single-use and short-lived at TapPay).
 */
export const requestPayment = async (
  tx: Db,
  p: {
    accountId: number;
    orderId: number;
    service: TPaymentService;
    amount: number;
    prime?: string;
    /** The origin the customer ordered from: LINE Pay sends the customer back there. */
    returnBase?: string;
  },
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
      payload: { paymentId: row.id, prime: p.prime ?? null, returnBase: p.returnBase ?? null },
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

const RETURN_PURPOSE = 'linepay-return';
const RETURN_DAYS = 2;

/** The signed reference of a payment in LINE Pay's return URLs (nobody can confirm another's payment). */
export const paymentReturnRef = (secret: string, paymentId: number, now = new Date()) =>
  signLink(secret, RETURN_PURPOSE, { p: paymentId }, new Date(now.getTime() + RETURN_DAYS * 86_400_000));
export const paymentOfReturnRef = (secret: string, ref: string): number | null => {
  const id = Number(verifyLink(secret, RETURN_PURPOSE, ref)?.p);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * Moves a payment from one of `from` to `to` (with what else is set), keeps the order's own payment status
 * in step (paid, refunded) and tells the board and the customer's page through the order feed, all in one
 * transaction. Nothing moves when the payment is no longer in `from` (a cancellation got there first).
 */
export const movePayment = async (
  db: Db,
  paymentId: number,
  from: readonly TOrderPaymentStatus[],
  to: TOrderPaymentStatus,
  set: Partial<typeof orderPayments.$inferInsert> = {},
): Promise<boolean> =>
  db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [p] = await t.select().from(orderPayments).where(eq(orderPayments.id, paymentId)).for('update');
    if (!p || !from.includes(p.status)) return false;
    await t
      .update(orderPayments)
      .set({ ...set, status: to, updatedAt: new Date() })
      .where(eq(orderPayments.id, paymentId));
    if (to === 'paid' || to === 'refunded')
      await t.update(orders).set({ paymentStatus: to }).where(eq(orders.id, p.orderId));
    await recordOrderEvent(t, {
      accountId: p.accountId,
      orderId: p.orderId,
      kind: 'payment',
      data: { service: p.service, payment: to },
      actor: `system:${p.service}`,
    });
    return true;
  });

/** A payment and the credentials of its shop's service. */
export const loadPayment = async (db: Db, box: SecretBox, id: number) => {
  const [p] = await db.select().from(orderPayments).where(eq(orderPayments.id, id));
  if (!p) throw new PermanentFailure('no such payment');
  const [s] = await db
    .select()
    .from(paymentServices)
    .where(and(eq(paymentServices.accountId, p.accountId), eq(paymentServices.service, p.service)));
  if (!s) throw new PermanentFailure('the shop has no such payment service');
  return { p, creds: credentialsOf(s, box.open(s.secretSealed)) };
};

/** The outbox handlers: pay and refund through the shop's service; the answer is kept on the payment. */
export const registerPaymentJobs = (app: FastifyInstance, gateway: PaymentGateway) => {
  const { db } = app.database;
  const load = (id: number) => loadPayment(db, app.secretBox, id);
  app.outbox.handle(PAY_JOB, async (job) => {
    const { p, creds } = await load(Number(job.payload.paymentId));
    if (p.status !== 'requested' || p.transactionId) return;
    const [order] = await db.select({ serial: orders.serial }).from(orders).where(eq(orders.id, p.orderId));
    const base = typeof job.payload.returnBase === 'string' ? job.payload.returnBase : serverBase(app);
    const ref = encodeURIComponent(paymentReturnRef(app.appConfig.sessionSecret, p.id));
    const orderRef = `SD${p.accountId}-${p.orderId}`;
    // a retry: the last attempt may have been charged with its answer lost; ask the service before paying
    if (job.attempts > 1 && gateway.find) {
      const found = await gateway.find(creds, orderRef);
      if (found?.retry) throw new RetryLater(`${found.code} ${found.message}`);
      // taken for 3-D Secure, but the answer with the bank's page was lost: the card holder can never verify
      // it, so the payment fails and the customer pays again with a new prime (the order page offers it)
      if (found?.pending) {
        await movePayment(db, p.id, ['requested'], 'failed', {
          transactionId: found.transactionId ?? null,
          answer: '3-D Secure page lost; pay again',
        });
        return;
      }
      if (found?.ok) {
        await movePayment(db, p.id, ['requested'], 'paid', {
          transactionId: found.transactionId ?? null,
          answer: `${found.code} ${found.message}`.trim(),
        });
        return;
      }
    }
    const answer = await gateway.pay(creds, {
      orderRef,
      amount: p.amount,
      description: `Shopdesk #${order?.serial ?? p.orderId}`,
      prime: typeof job.payload.prime === 'string' ? job.payload.prime : undefined,
      returnUrls: !base
        ? undefined
        : p.service === 'tappay'
          ? {
              // TapPay with 3-D Secure: the bank's page returns the card holder here; TapPay posts to notify
              confirm: `${base}${API_BASE}${TAPPAY_RETURN_PATH}?p=${ref}`,
              cancel: `${base}${API_BASE}${TAPPAY_RETURN_PATH}?p=${ref}`,
              notify: `${base}${API_BASE}${TAPPAY_NOTIFY_PATH}?p=${ref}`,
            }
          : {
              confirm: `${base}${API_BASE}${LINEPAY_CONFIRM_PATH}?p=${ref}`,
              cancel: `${base}${API_BASE}${LINEPAY_CANCEL_PATH}?p=${ref}`,
            },
    });
    if (answer.retry) throw new RetryLater(`${answer.code} ${answer.message}`);
    const said = `${answer.code} ${answer.message}`.trim();
    if (!answer.ok) {
      await movePayment(db, p.id, ['requested'], 'failed', { answer: said });
      return;
    }
    // LINE Pay, and TapPay with 3-D Secure: the request answers a page for the customer; the payment stays
    // requested until the customer approves (verifies) and comes back (payment-return.ts)
    if (p.service === 'linepay' || answer.paymentUrl)
      await movePayment(db, p.id, ['requested'], 'requested', {
        transactionId: answer.transactionId ?? null,
        paymentUrl: answer.paymentUrl ?? null,
        answer: said,
      });
    else
      await movePayment(db, p.id, ['requested'], 'paid', {
        transactionId: answer.transactionId ?? null,
        answer: said,
      });
  });
  app.outbox.handle(REFUND_JOB, async (job) => {
    const { p, creds } = await load(Number(job.payload.paymentId));
    if (p.status !== 'refund_queued' || !p.transactionId) return;
    const orderRef = `SD${p.accountId}-${p.orderId}`;
    // a retry: the last attempt may have refunded with its answer lost; the service would refuse a second
    // refund (LINE Pay 1165) and the payment would show refund_failed with the money back. Ask first.
    if (job.attempts > 1 && gateway.refundedAmount) {
      const back = await gateway.refundedAmount(creds, { transactionId: p.transactionId, orderRef });
      if (back !== null && back >= p.amount) {
        await movePayment(db, p.id, ['refund_queued'], 'refunded', {
          answer: 'refunded already (found at the service)',
        });
        return;
      }
    }
    const answer = await gateway.refund(creds, {
      transactionId: p.transactionId,
      orderRef,
      amount: p.amount,
    });
    if (answer.retry) throw new RetryLater(`${answer.code} ${answer.message}`);
    const said = `${answer.code} ${answer.message}`.trim();
    await movePayment(db, p.id, ['refund_queued'], answer.ok ? 'refunded' : 'refund_failed', {
      answer: said,
    });
    if (!answer.ok) throw new PermanentFailure(said);
  });
};
