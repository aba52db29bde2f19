import {
  API_BASE,
  CUSTOMER_APP_MESSAGES,
  CUSTOMER_ORDER_EVENTS_PATH,
  POS_BOARD_PING_MS,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../http/errors';
import { sseRegistry } from '../../../http/sse';
import { lastEventId } from '../order-flow/order-events';
import { customerOrder, orderOfToken } from './customer-app';

/**
 * GET /console/apis/storefront/v1/orders/{token}/events: one order followed live by its
 * customer, without a sign-in. It rides the shop's order feed (features/orders/order-flow/order-feed.ts, the one
 * the board uses) and, at each event of THIS order, sends `event: order` with the order as the customer
 * sees it; other orders' events never leave the server. A bad token is a 404 before any stream opens.
 */
export const customerOrderEventsRoute = (
  app: FastifyInstance,
  rateLimit: { max: number; timeWindow: string },
) => {
  const { openStream } = sseRegistry(app);

  app.route<{ Params: { token: string } }>({
    method: 'GET',
    url: API_BASE + CUSTOMER_ORDER_EVENTS_PATH,
    config: { allow: 'public', rateLimit },
    compress: false,
    schema: { hide: true },
    handler: async (req, reply) => {
      const token = String(req.params.token ?? '').slice(0, 1000);
      const ref = orderOfToken(app.appConfig.sessionSecret, token);
      if (!ref) throw notFound(CUSTOMER_APP_MESSAGES.orderNotFound);
      // the shop's last event before the order is read: the feed replays every event after it, so a change
      // made while the order is read or the stream opens is sent too (joining "from now" would miss it)
      const after = await lastEventId(app.database.db, ref.accountId);
      // the order is read once before the stream opens: an unknown order is a plain 404
      const first = await customerOrder(app.database.db, app.appConfig.sessionSecret, token);
      // events of the shop arrive in order; re-reading the order serialises through this chain
      let chain = Promise.resolve();
      let unsubscribe = () => {};
      const stream = openStream(req, reply, {
        pingMs: app.appConfig.posBoardPingMs ?? POS_BOARD_PING_MS,
        onEnd: () => unsubscribe(),
      });
      const sendOrder = async () => {
        const now = await customerOrder(app.database.db, app.appConfig.sessionSecret, token);
        stream.write(`event: order\ndata: ${JSON.stringify(now)}\n\n`);
      };
      stream.write(`event: order\ndata: ${JSON.stringify(first)}\n\n`);
      unsubscribe = app.orderFeed.subscribe(
        ref.accountId,
        after,
        (e) => {
          if (e.orderId !== ref.orderId) return;
          chain = chain
            .then(sendOrder)
            .catch((err) => req.log.warn({ err }, 'customer order feed read failed'));
        },
        () => {
          chain = chain.then(sendOrder).catch(() => {});
        },
      );
    },
  });
};
