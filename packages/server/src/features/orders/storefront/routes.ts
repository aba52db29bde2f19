import {
  CUSTOMER_APP_MESSAGES,
  checkAvailabilityOp,
  getAvailabilityOp,
  getCustomerOrderOp,
  getStorefrontMenuOp,
  getStorefrontShopOp,
  getStorefrontSlotsOp,
  IDEMPOTENCY_HEADER,
  localTime,
  minutesToColon,
  placeOrderOp,
  retryTapPayOp,
  TAPPAY_CARD_MESSAGES,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { badRequest, notFound } from '../../../http/errors';
import { registerOperation } from '../../../http/operation';
import { publicBase } from '../../../http/public-base';
import { locateDelivery } from '../../delivery/logistics/locate-delivery';
import { retryTapPay } from '../../payments/qrpay/tappay-retry';
import { printOrder } from '../order-flow/print-order';
import { availability } from './availability';
import { customerOrder, orderOfToken, orderToken, storefrontShop } from './customer-app';
import { customerOrderEventsRoute } from './customer-order-events';
import { groupCartRoutes } from './group-cart-routes';
import { registerOrderMailJob } from './order-mails';
import { IDEMPOTENCY_MESSAGES, placeOrder } from './place-order';
import { loadOrderShop } from './shop-context';
import { registerShopPage } from './shop-page';
import { bookableSlots } from './slot-counts';
import { isStaffTest } from './staff-preview';
import { storefrontMenu } from './storefront-menu';

// Public calls: per client address (the rate-limit plugin keys on req.ip, trustProxy decides which).
// STOREFRONT_RATE_LIMIT (default 30 order POSTs a minute) raises them, e.g. for bench/order-intake.mjs.
const limits = (writes = 30) => ({
  READS: { rateLimit: { max: writes * 4, timeWindow: '1 minute' } },
  WRITES: { rateLimit: { max: writes, timeWindow: '1 minute' }, bodyLimit: 32 * 1024 },
});

/** The public storefront: menu, bookable times, availability and order intake. */
export const storefrontRoutes = async (app: FastifyInstance, { db }: { db: Db }) => {
  // spec 001 §2.2 is_email: the customer's order mails (order-mails.ts registers its order reaction)
  registerOrderMailJob(app);
  // the customer app's pages carry the shop's data and first screen (shop-page.ts)
  registerShopPage(app, db);
  const { READS, WRITES } = limits(app.appConfig.storefrontRateLimit);
  registerOperation(
    app,
    getStorefrontMenuOp,
    async (req) => storefrontMenu(db, req.params.accountId, req.query.mealType),
    READS,
  );

  registerOperation(
    app,
    getStorefrontSlotsOp,
    async (req) => {
      const o = await loadOrderShop(db, req.params.accountId);
      const slots = await bookableSlots(db, o, req.query.mealType, new Date());
      return {
        slots: slots.map((at) => {
          const lt = localTime(at, o.shop.timeZone);
          return { at: at.toISOString(), local: `${lt.date} ${minutesToColon(lt.minute)}` };
        }),
      };
    },
    READS,
  );

  // the same point and route distance order intake would use
  const locate = (
    accountId: number,
    mealType: string,
    where: { lat?: number; lng?: number; address?: string },
    log: Parameters<typeof locateDelivery>[4],
  ) =>
    mealType === 'delivery' && ((where.lat !== undefined && where.lng !== undefined) || where.address)
      ? locateDelivery(db, app.geocoder, accountId, { address: where.address ?? '', ...where }, log)
      : Promise.resolve(null);

  registerOperation(
    app,
    getAvailabilityOp,
    async (req) => {
      const q = req.query;
      const located = await locate(req.params.accountId, q.mealType, q, req.log);
      return availability(db, req.params.accountId, {
        mealType: q.mealType,
        wantedAt: q.at ? new Date(q.at) : null,
        productIds: q.productId ? [q.productId] : [],
        delivery: located ? { ...located.point, routeMeters: located.routeMeters } : null,
      });
    },
    READS,
  );
  registerOperation(
    app,
    checkAvailabilityOp,
    async (req) => {
      const b = req.body;
      const located = await locate(
        req.params.accountId,
        b.mealType,
        { ...b.point, address: b.address },
        req.log,
      );
      return availability(db, req.params.accountId, {
        test: isStaffTest(app.appConfig.sessionSecret, req.params.accountId, b.staffPreview),
        mealType: b.mealType,
        wantedAt: b.at ? new Date(b.at) : null,
        paymentMethod: b.paymentMethod,
        paymentService: b.paymentService ?? null,
        cart: b.items,
        delivery: located ? { ...located.point, routeMeters: located.routeMeters } : null,
      });
    },
    READS,
  );

  registerOperation(
    app,
    placeOrderOp,
    async (req, reply) => {
      const key = req.headers[IDEMPOTENCY_HEADER];
      if (typeof key !== 'string' || key.trim() === '' || key.length > 100)
        throw badRequest(IDEMPOTENCY_MESSAGES.required, 'Idempotency-Key');
      // TapPay pays by the prime of the customer's card form, never a made-up one (docs/decisions/customer-app.md
      // "TapPay card form")
      if (req.body.paymentService === 'tappay' && !req.body.paymentPrime)
        throw badRequest(TAPPAY_CARD_MESSAGES.primeRequired, 'paymentPrime');
      const { delivery, staffPreview, ...rest } = req.body;
      // before anything else: a stale staff link is refused, never taken as a public order
      const test = isStaffTest(app.appConfig.sessionSecret, req.params.accountId, staffPreview);
      const located = delivery
        ? await locateDelivery(db, app.geocoder, req.params.accountId, delivery, req.log)
        : null;
      const { created, result, createdAt, hasPrinters } = await placeOrder(
        db,
        req.params.accountId,
        {
          ...rest,
          delivery:
            delivery && located
              ? { address: delivery.address, ...located.point, routeMeters: located.routeMeters }
              : null,
        },
        key.trim(),
        new Date(),
        publicBase(req),
        test,
      );
      // an order accepted at once (automatic acceptance) goes to the printer; a failure shows on the board
      if (created && result.order.status === 'accepted')
        await printOrder(db, { printer: app.printer, box: app.secretBox }, result.order.id, 'order', {
          accountId: req.params.accountId,
          hasPrinters,
        }).catch((err) => req.log.error({ err, orderId: result.order.id }, 'auto-print failed'));
      // a retry with the same key answers the order it made, as 200 rather than 201
      reply.code(created ? 201 : 200);
      // the order's unguessable link, for the customer app's live order page
      return {
        ...result,
        orderToken: orderToken(app.appConfig.sessionSecret, req.params.accountId, result.order.id, createdAt),
      };
    },
    WRITES,
  );

  // the customer app's shop page, and one order by its link (also live, as Server-Sent Events)
  registerOperation(
    app,
    getStorefrontShopOp,
    async (req) => storefrontShop(db, req.params.accountId, app.payments.cardForm),
    READS,
  );
  registerOperation(
    app,
    getCustomerOrderOp,
    async (req) => ({ order: await customerOrder(db, app.appConfig.sessionSecret, req.params.token) }),
    READS,
  );
  registerOperation(
    app,
    retryTapPayOp,
    async (req) => {
      const secret = app.appConfig.sessionSecret;
      const ref = orderOfToken(secret, req.params.token);
      if (!ref) throw notFound(CUSTOMER_APP_MESSAGES.orderNotFound);
      await retryTapPay(db, ref, req.body.prime);
      return { order: await customerOrder(db, secret, req.params.token) };
    },
    WRITES,
  );
  customerOrderEventsRoute(app, READS.rateLimit);
  // 團購 (is_groupbuy): the shared cart (group-cart-routes.ts)
  groupCartRoutes(app, db, { READS, WRITES });
};
