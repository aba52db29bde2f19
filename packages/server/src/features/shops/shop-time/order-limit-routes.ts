import {
  createAccountOrderLimitOp,
  createOrderLimitOp,
  deleteConsoleOrderLimitOp,
  deleteOrderLimitOp,
  getConsoleOrderLimitOp,
  listConsoleOrderLimitsOp,
  listOrderLimitsOp,
  patchOrderLimitOp,
  putConsoleOrderLimitOp,
  putConsoleOrderLimitsOp,
} from '@shopdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client';
import { registerOperation } from '../../../http/operation';
import { requirePortalShop, requireShop } from '../../../plugins/app/shop-access';
import {
  createOrderLimit,
  deleteOrderLimit,
  getOrderLimit,
  listOrderLimits,
  updateOrderLimit,
} from './order-limit-service';

/**
 * Every order-limit path of the spec (api-calls.tsv), each mapped onto one of the services. Paths with a
 * {type} segment take the caller's own portal; /console/… and /gaa/console/… name none (gaa only for the
 * latter, as their path says).
 */
export const orderLimitRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;
  const typed = async (req: FastifyRequest, type: string, accountId: number) => {
    const { user, shop } = await requirePortalShop(req, db, type, accountId);
    return { user, accountId: shop.accountId };
  };
  const consoleShop = async (req: FastifyRequest, accountId: number) => {
    const user = req.requireUser();
    return { user, accountId: (await requireShop(db, user, accountId)).accountId };
  };

  // Lists and reads
  registerOperation(app, listOrderLimitsOp, async (req) => {
    const { accountId } = await typed(req, req.params.type, req.params.accountId);
    return listOrderLimits(db, accountId);
  });
  registerOperation(app, listConsoleOrderLimitsOp, async (req) => {
    const { accountId } = await consoleShop(req, req.params.accountId);
    return listOrderLimits(db, accountId);
  });
  registerOperation(app, getConsoleOrderLimitOp, async (req) => {
    const { accountId } = await consoleShop(req, req.params.accountId);
    return getOrderLimit(db, accountId, req.params.id);
  });

  // Create
  registerOperation(app, createOrderLimitOp, async (req) => {
    const { user, accountId } = await consoleShop(req, req.params.accountId);
    return createOrderLimit(db, user, accountId, req.body);
  });
  registerOperation(app, createAccountOrderLimitOp, async (req) => {
    const { user, accountId } = await typed(req, req.params.type, req.params.id);
    return createOrderLimit(db, user, accountId, req.body);
  });

  // Update
  registerOperation(app, patchOrderLimitOp, async (req) => {
    const { user, accountId } = await typed(req, req.params.type, req.params.accountId);
    return updateOrderLimit(db, user, accountId, req.params.id, req.body);
  });
  registerOperation(app, putConsoleOrderLimitOp, async (req) => {
    const { user, accountId } = await consoleShop(req, req.params.accountId);
    return updateOrderLimit(db, user, accountId, req.params.id, req.body);
  });
  registerOperation(app, putConsoleOrderLimitsOp, async (req) => {
    const { user, accountId } = await consoleShop(req, req.params.accountId);
    const { id, ...data } = req.body;
    return updateOrderLimit(db, user, accountId, id, data);
  });

  // Delete
  registerOperation(app, deleteOrderLimitOp, async (req) => {
    const { user, accountId } = await typed(req, req.params.type, req.params.accountId);
    return deleteOrderLimit(db, user, accountId, req.params.id);
  });
  registerOperation(app, deleteConsoleOrderLimitOp, async (req) => {
    const { user, accountId } = await consoleShop(req, req.params.accountId);
    return deleteOrderLimit(db, user, accountId, req.params.id);
  });
};
