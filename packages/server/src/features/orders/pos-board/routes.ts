import {
  createPickupLinkOp,
  createTestOrderLinkOp,
  getPickupDisplayOp,
  getPosBoardOp,
  getPosOrderOp,
  listPosProductsOp,
  ORDER_ERROR_CODES,
  ORDER_MESSAGES,
  PRINTER_MESSAGES,
  posSignoutOp,
  reprintPosOrderOp,
  setPosManualAcceptOp,
  setPosOnlineOp,
  setPosSoldOutOp,
  transitionPosOrderOp,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { ApiError, conflict } from '../../../http/errors';
import { registerOperation } from '../../../http/operation';
import { deletePosSession, POS_COOKIE } from '../../../identity/pos-session-store';
import { readPosToken } from '../../../plugins/app/authorize';
import { lastEventId } from '../order-flow/order-events';
import { moveOrder, printOrder } from '../order-flow/print-order';
import { createStaffPreviewLink } from '../storefront/staff-preview';
import { boardEventsRoute } from './board-events';
import { loadBoardOrder, loadBoardOrders, loadBoardShop } from './board-store';
import { listBoardProducts, setManualAccept, setOnlineOrdering, setSoldOut } from './board-switches';
import { createPickupLink, pickupDisplay } from './pickup-display';

/** the live order board of a POS user (its shop comes from the POS token) and the pickup display. */
export const posBoardRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;
  boardEventsRoute(app);

  registerOperation(app, getPosBoardOp, async (req) => {
    const { accountId } = req.requirePosUser();
    // the cursor first: an event committed while the orders load is replayed, never lost
    const cursor = await lastEventId(db, accountId);
    const [shop, orders] = await Promise.all([loadBoardShop(db, accountId), loadBoardOrders(db, accountId)]);
    return { shop, orders, lastEventId: cursor };
  });

  registerOperation(app, getPosOrderOp, async (req) => ({
    order: await loadBoardOrder(db, req.requirePosUser().accountId, req.params.orderId),
  }));

  registerOperation(app, transitionPosOrderOp, async (req) => {
    const pos = req.requirePosUser();
    const { orderId, action } = req.params;
    // transitionOrder looks the order up within this shop: another shop's order is 404
    await moveOrder(
      db,
      { printer: app.printer, box: app.secretBox },
      {
        orderId,
        accountId: pos.accountId,
        action,
        reason: req.body.reason,
        actor: { kind: 'pos', username: pos.username },
      },
      req.log,
    );
    return { order: await loadBoardOrder(db, pos.accountId, orderId) };
  });

  registerOperation(app, reprintPosOrderOp, async (req) => {
    const pos = req.requirePosUser();
    await loadBoardOrder(db, pos.accountId, req.params.orderId); // 404 for another shop's order
    const printed = await printOrder(
      db,
      { printer: app.printer, box: app.secretBox },
      req.params.orderId,
      'reprint',
    );
    if (printed === 'no-printer') throw conflict(PRINTER_MESSAGES.noPrinter, 'NO_PRINTER');
    if (!printed) throw new ApiError(502, ORDER_ERROR_CODES.reprintFailed, ORDER_MESSAGES.reprintFailed);
    return { ok: true as const };
  });

  registerOperation(app, setPosManualAcceptOp, async (req) => {
    const pos = req.requirePosUser();
    await setManualAccept(db, pos, req.params.onOff === 'on');
    return { shop: await loadBoardShop(db, pos.accountId) };
  });

  registerOperation(app, setPosOnlineOp, async (req) => {
    const pos = req.requirePosUser();
    await setOnlineOrdering(db, pos, req.params.onOff === 'on');
    return { shop: await loadBoardShop(db, pos.accountId) };
  });

  registerOperation(app, listPosProductsOp, async (req) => ({
    products: await listBoardProducts(db, req.requirePosUser().accountId),
  }));

  registerOperation(app, setPosSoldOutOp, async (req) => ({
    product: await setSoldOut(db, req.requirePosUser(), req.params.productId, req.params.onOff === 'on'),
  }));

  registerOperation(app, createPickupLinkOp, async (req) =>
    createPickupLink(app.appConfig.sessionSecret, req.requirePosUser().accountId),
  );

  // docs/decisions/orders.md "Go-live status and test orders": staff place test orders through this link
  registerOperation(app, createTestOrderLinkOp, async (req) =>
    createStaffPreviewLink(app.appConfig.sessionSecret, req.requirePosUser().accountId),
  );

  registerOperation(app, getPickupDisplayOp, async (req) =>
    pickupDisplay(db, app.appConfig.sessionSecret, req.query.token),
  );

  registerOperation(app, posSignoutOp, async (req, reply) => {
    req.requirePosUser();
    const token = readPosToken(req);
    if (token) await deletePosSession(db, token);
    reply.clearCookie(POS_COOKIE, { path: '/' });
    return { ok: true as const };
  });
};
