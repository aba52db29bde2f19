import {
  addGroupLineOp,
  cancelGroupCartOp,
  checkoutGroupCartOp,
  GROUP_KEY_HEADER,
  getGroupCartOp,
  IDEMPOTENCY_HEADER,
  openGroupCartOp,
  removeGroupLineOp,
  TAPPAY_CARD_MESSAGES,
  ZGroupKey,
} from '@shopdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client';
import { badRequest } from '../../../http/errors';
import { registerOperation } from '../../../http/operation';
import { publicBase } from '../../../http/public-base';
import { locateDelivery } from '../../delivery/logistics/locate-delivery';
import { printOrder } from '../order-flow/print-order';
import { tokenOfOrder } from './customer-app';
import {
  addGroupLine,
  cancelGroupCart,
  checkoutGroupCart,
  groupError,
  openGroupCart,
  removeGroupLine,
} from './group-cart';
import { findGroupCart, hashKey, presentGroupCart } from './group-cart-store';
import { IDEMPOTENCY_MESSAGES } from './place-order';
import { isStaffTest } from './staff-preview';

type Limits = {
  READS: { rateLimit: { max: number; timeWindow: string } };
  WRITES: { rateLimit: { max: number; timeWindow: string }; bodyLimit: number };
};

/** The browser's participant key (GROUP_KEY_HEADER), hashed; null when absent and not required. */
const keyOf = (req: FastifyRequest, required: boolean): string | null => {
  const raw = req.headers[GROUP_KEY_HEADER];
  const parsed = ZGroupKey.safeParse(typeof raw === 'string' ? raw : '');
  if (parsed.success) return hashKey(parsed.data);
  if (required || raw !== undefined) throw groupError('keyRequired');
  return null;
};

/** 團購 (is_groupbuy): the shared cart's public calls (docs/decisions/customer-app.md "Group orders"). */
export const groupCartRoutes = (app: FastifyInstance, db: Db, { READS, WRITES }: Limits) => {
  const secret = app.appConfig.sessionSecret;
  const present = (cart: Parameters<typeof presentGroupCart>[2], keyHash: string | null) =>
    presentGroupCart(db, secret, cart, keyHash, new Date());

  registerOperation(
    app,
    openGroupCartOp,
    async (req) => {
      const keyHash = keyOf(req, true)!;
      const cart = await openGroupCart(db, req.params.accountId, req.body, keyHash, new Date());
      return { cart: await present(cart, keyHash) };
    },
    WRITES,
  );
  registerOperation(
    app,
    getGroupCartOp,
    async (req) => {
      const keyHash = keyOf(req, false);
      const cart = await findGroupCart(db, req.params.token);
      if (!cart) throw groupError('notFound');
      return { cart: await present(cart, keyHash) };
    },
    READS,
  );
  registerOperation(
    app,
    addGroupLineOp,
    async (req) => {
      const keyHash = keyOf(req, true)!;
      const cart = await addGroupLine(db, req.params.token, req.body, keyHash, new Date());
      return { cart: await present(cart, keyHash) };
    },
    WRITES,
  );
  registerOperation(
    app,
    removeGroupLineOp,
    async (req) => {
      const keyHash = keyOf(req, true)!;
      const cart = await removeGroupLine(db, req.params.token, req.params.lineId, keyHash, new Date());
      return { cart: await present(cart, keyHash) };
    },
    WRITES,
  );
  registerOperation(
    app,
    cancelGroupCartOp,
    async (req) => {
      const keyHash = keyOf(req, true)!;
      const cart = await cancelGroupCart(db, req.params.token, keyHash, new Date());
      return { cart: await present(cart, keyHash) };
    },
    WRITES,
  );
  // the same steps as the storefront's order POST (routes.ts): key, TapPay prime, staff link, delivery point
  registerOperation(
    app,
    checkoutGroupCartOp,
    async (req, reply) => {
      const keyHash = keyOf(req, true)!;
      const key = req.headers[IDEMPOTENCY_HEADER];
      if (typeof key !== 'string' || key.trim() === '' || key.length > 100)
        throw badRequest(IDEMPOTENCY_MESSAGES.required, 'Idempotency-Key');
      if (req.body.paymentService === 'tappay' && !req.body.paymentPrime)
        throw badRequest(TAPPAY_CARD_MESSAGES.primeRequired, 'paymentPrime');
      const found = await findGroupCart(db, req.params.token);
      if (!found) throw groupError('notFound');
      const accountId = found.accountId;
      const { delivery, staffPreview, ...rest } = req.body;
      const test = isStaffTest(secret, accountId, staffPreview);
      const located = delivery ? await locateDelivery(db, app.geocoder, accountId, delivery, req.log) : null;
      const { created, result } = await checkoutGroupCart(
        db,
        req.params.token,
        {
          ...rest,
          delivery:
            delivery && located
              ? { address: delivery.address, ...located.point, routeMeters: located.routeMeters }
              : null,
        },
        key.trim(),
        keyHash,
        new Date(),
        publicBase(req),
        test,
      );
      if (created && result.order.status === 'accepted')
        await printOrder(db, { printer: app.printer, box: app.secretBox }, result.order.id, 'order', {
          accountId,
        }).catch((err) => req.log.error({ err, orderId: result.order.id }, 'auto-print failed'));
      reply.code(created ? 201 : 200);
      return { ...result, orderToken: await tokenOfOrder(db, secret, result.order.id) };
    },
    WRITES,
  );
};
