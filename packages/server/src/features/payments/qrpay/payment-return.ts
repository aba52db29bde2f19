import {
  linepayCancelOp,
  linepayConfirmOp,
  msg,
  TAPPAY_TDS_NOT_VERIFIED,
  tappayNotifyOp,
  tappayReturnOp,
} from '@shopdesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PaymentGateway } from '../../../adapters/payment';
import { badRequest, notFound } from '../../../http/errors';
import { registerOperation } from '../../../http/operation';
import { publicBase } from '../../../http/public-base';
import { tokenOfOrder } from '../../orders/storefront/customer-app';
import { loadPayment, movePayment, paymentOfReturnRef } from './payment-jobs';

const MISMATCH = msg('付款交易編號不符', 'The payment transaction does not match');

/**
 * Where LINE Pay (and TapPay's 3-D Secure) send the customer back (docs/decisions/payments.md "QR payment"): confirm captures the
 * approved payment through the adapter (v3 confirm) and marks it paid; cancel marks it failed. Both end on
 * the customer's order page, which shows the payment's state. Reached again (a reload, a second tab), they
 * change nothing: only a payment still requested moves.
 */
export const paymentReturnRoutes = (
  app: FastifyInstance,
  gateway: PaymentGateway,
  rateLimit: { max: number; timeWindow: string },
) => {
  const { db } = app.database;
  const secret = app.appConfig.sessionSecret;

  const paymentOf = async (ref: string, service: 'linepay' | 'tappay' = 'linepay') => {
    const id = paymentOfReturnRef(secret, ref);
    const found = id ? await loadPayment(db, app.secretBox, id).catch(() => null) : null;
    if (found?.p.service !== service) throw notFound();
    return found;
  };

  /**
   * TapPay with 3-D Secure: neither the browser's return nor TapPay's notify is signed, so both only make us
   * ask TapPay's record query (the adapter's find) how the trade stands: captured → paid; failed → failed (the
   * order page offers the card form again); still pending (the card holder has not finished) → unchanged.
   */
  const settleTapPay = async (ref: string) => {
    const { p, creds } = await paymentOf(ref, 'tappay');
    if (p.status !== 'requested' || !gateway.find) return { p, status: 'unchanged' as const };
    const found = await gateway.find(creds, `SD${p.accountId}-${p.orderId}`);
    if (found?.ok) {
      await movePayment(db, p.id, ['requested'], 'paid', {
        transactionId: found.transactionId ?? null,
        answer: `${found.code} ${found.message} (3-D Secure)`,
      });
      return { p, status: 'paid' as const };
    }
    if (found && !found.pending && !found.retry) {
      await movePayment(db, p.id, ['requested'], 'failed', {
        answer: `${TAPPAY_TDS_NOT_VERIFIED} 3-D Secure not verified`,
      });
      return { p, status: 'failed' as const };
    }
    return { p, status: 'requested' as const };
  };

  registerOperation(
    app,
    tappayReturnOp,
    async (req, reply) => {
      const { p } = await settleTapPay(req.query.p);
      return toOrderPage(req, reply, p.accountId, p.orderId);
    },
    { rateLimit },
  );
  registerOperation(
    app,
    tappayNotifyOp,
    async (req) => {
      const { status } = await settleTapPay(req.query.p);
      return { status };
    },
    { rateLimit },
  );
  const toOrderPage = async (
    req: FastifyRequest,
    reply: FastifyReply,
    accountId: number,
    orderId: number,
  ) => {
    const token = await tokenOfOrder(db, secret, orderId);
    return reply.redirect(`${publicBase(req)}/shop/${accountId}/orders/${encodeURIComponent(token)}`, 302);
  };

  registerOperation(
    app,
    linepayConfirmOp,
    async (req, reply) => {
      const { p, creds } = await paymentOf(req.query.p);
      if (p.status === 'requested') {
        if (!p.transactionId || req.query.transactionId !== p.transactionId)
          throw badRequest(MISMATCH, 'transactionId');
        const answer = await gateway.confirm(creds, { transactionId: p.transactionId, amount: p.amount });
        const said = `${answer.code} ${answer.message}`.trim();
        if (answer.ok) await movePayment(db, p.id, ['requested'], 'paid', { answer: said });
        // a network failure leaves it requested: the customer may come back through the same link
        else if (!answer.retry) await movePayment(db, p.id, ['requested'], 'failed', { answer: said });
      }
      return toOrderPage(req, reply, p.accountId, p.orderId);
    },
    { rateLimit },
  );

  registerOperation(
    app,
    linepayCancelOp,
    async (req, reply) => {
      const { p } = await paymentOf(req.query.p);
      await movePayment(db, p.id, ['requested'], 'failed', {
        answer: 'canceled by the customer at LINE Pay',
      });
      return toOrderPage(req, reply, p.accountId, p.orderId);
    },
    { rateLimit },
  );
};
