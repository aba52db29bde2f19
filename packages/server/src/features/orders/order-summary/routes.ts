import {
  checkOrderQueryDates,
  getSummaryOrderOp,
  listSummaryOrdersOp,
  localToday,
  ORDER_ERROR_CODES,
  parseSort,
  SUMMARY_ORDER_SORT_KEYS,
  summaryOrderActionOp,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { withQueryTimeout } from '../../../db/query-timeout';
import { badRequest } from '../../../http/errors';
import { registerOperation } from '../../../http/operation';
import { requirePortal, requireShop } from '../../../plugins/app/shop-access';
import { moveOrder } from '../order-flow/print-order';
import { bannedRoutes } from './banned-routes';
import { listOrders, visibleOrder } from './order-queries';

/** /summary/orders — the order query, the detail drawer and its actions. */
export const orderSummaryRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;

  registerOperation(app, listSummaryOrdersOp, async (req) => {
    const user = requirePortal(req, req.params.type);
    const q = req.query;
    const today = localToday();
    const from = q.from ?? today;
    const to = q.to ?? today;
    // spec 000 §5: the same rule function as the form
    const refusal = checkOrderQueryDates({ from, to, phone: q.phone }, today);
    if (refusal) throw badRequest(refusal.message, refusal.field, ORDER_ERROR_CODES.dateRule);
    if (q.shopId) await requireShop(db, user, q.shopId);
    const sort = parseSort(q.sort, SUMMARY_ORDER_SORT_KEYS, { key: 'createdAt', desc: true });
    const page = await withQueryTimeout(db, (tx) =>
      listOrders(
        tx,
        user,
        {
          from,
          to,
          status: q.status,
          mealType: q.mealType,
          phone: q.phone || undefined,
          serial: q.serial,
          shopId: q.shopId,
          kind: q.kind,
        },
        { offset: q.offset, limit: q.limit, sort },
      ),
    );
    return { ...page, from, to };
  });

  registerOperation(app, getSummaryOrderOp, async (req) => {
    const user = requirePortal(req, req.params.type);
    return { order: await visibleOrder(db, user, req.params.orderId) };
  });

  // line staff act on their one shop's orders like the board does (docs/decisions/orders.md "Order summary").
  registerOperation(app, summaryOrderActionOp, async (req) => {
    const user = requirePortal(req, req.params.type);
    const order = await visibleOrder(db, user, req.params.orderId);
    await moveOrder(
      db,
      { printer: app.printer, box: app.secretBox },
      {
        orderId: order.id,
        accountId: order.accountId,
        action: req.params.action,
        reason: req.body.reason ?? null,
        actor: { kind: 'user', user },
      },
      req.log,
    );
    return { order: await visibleOrder(db, user, order.id) };
  });

  await app.register(bannedRoutes, { db });
};
