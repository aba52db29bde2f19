import {
  addBannedCustomerOp,
  blockOrderCustomerOp,
  deleteBannedCustomerOp,
  listBannedCustomersOp,
  normalizePhone,
  ORDER_MESSAGES,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { ApiError, notFound } from '../../../http/errors';
import { registerOperation } from '../../../http/operation';
import { requirePortal, requireShop } from '../../../plugins/app/shop-access';
import { addBanned, listBanned, removeBanned } from './banned-store';
import { visibleOrder } from './order-queries';

/** the banned list (/sales/banned-list) and "block the customer" of the order drawer; gaa and eaa. */
export const bannedRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;

  registerOperation(app, listBannedCustomersOp, async (req) => {
    const user = requirePortal(req, req.params.type);
    const q = req.query;
    if (q.shopId) await requireShop(db, user, q.shopId);
    return listBanned(db, user, {
      shopId: q.shopId,
      phone: q.phone || undefined,
      kind: q.kind,
      offset: q.offset,
      limit: q.limit,
    });
  });

  registerOperation(app, addBannedCustomerOp, async (req) => {
    const user = requirePortal(req, req.params.type);
    const b = req.body;
    await requireShop(db, user, b.accountId);
    const customer = await addBanned(db, user, {
      accountId: b.accountId,
      phone: b.phone,
      lineUserId: null,
      customerName: b.customerName,
      reason: b.reason,
      orderId: null,
    });
    return { customer };
  });

  registerOperation(app, deleteBannedCustomerOp, async (req) => {
    const user = requirePortal(req, req.params.type);
    if (!(await removeBanned(db, user, req.params.id))) throw notFound();
    return { ok: true as const };
  });

  registerOperation(app, blockOrderCustomerOp, async (req) => {
    const user = requirePortal(req, req.params.type);
    const order = await visibleOrder(db, user, req.params.orderId);
    if (!order.customerPhone && !order.lineUserId)
      throw new ApiError(422, 'NO_PHONE', ORDER_MESSAGES.noPhoneToBlock);
    const customer = await addBanned(db, user, {
      accountId: order.accountId,
      phone: normalizePhone(order.customerPhone),
      lineUserId: order.lineUserId,
      customerName: order.customerName,
      reason: req.body.reason,
      orderId: order.id,
    });
    return { customer };
  });
};
