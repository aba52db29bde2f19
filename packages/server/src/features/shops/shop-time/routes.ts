import {
  addSpecialDayOp,
  deleteSpecialDayOp,
  getOpeningHoursOp,
  getTimingOp,
  listSpecialDaysOp,
  putOpeningHoursOp,
  putTimingOp,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { registerOperation } from '../../../http/operation';
import { requirePortalShop } from '../../../plugins/app/shop-access';
import { getOpeningHours, saveOpeningHours } from './opening-service';
import { orderLimitRoutes } from './order-limit-routes';
import { addSpecialDay, deleteSpecialDay, listSpecialDays } from './special-day-service';
import { getTiming, saveTiming } from './timing-service';

/** Service time, days off, business timing (spec 001 §2.3, §7) and order limits. */
export const shopTimeRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;
  const shopOf = (req: Parameters<typeof requirePortalShop>[0], p: { userType: string; accountId: number }) =>
    requirePortalShop(req, db, p.userType, p.accountId);

  registerOperation(app, getOpeningHoursOp, async (req) => {
    const { shop } = await shopOf(req, req.params);
    return getOpeningHours(db, shop.accountId);
  });
  registerOperation(app, putOpeningHoursOp, async (req) => {
    const { user, shop } = await shopOf(req, req.params);
    return saveOpeningHours(db, user, shop.accountId, req.body);
  });

  registerOperation(app, listSpecialDaysOp, async (req) => {
    const { shop } = await shopOf(req, req.params);
    return listSpecialDays(db, shop.accountId);
  });
  registerOperation(app, addSpecialDayOp, async (req) => {
    const { user, shop } = await shopOf(req, req.params);
    return addSpecialDay(db, user, shop.accountId, req.body);
  });
  registerOperation(app, deleteSpecialDayOp, async (req) => {
    const { user, shop } = await shopOf(req, req.params);
    return deleteSpecialDay(db, user, shop.accountId, req.params.id);
  });

  registerOperation(app, getTimingOp, async (req) => {
    const { shop } = await shopOf(req, req.params);
    return getTiming(db, shop.accountId);
  });
  registerOperation(app, putTimingOp, async (req) => {
    const { user, shop } = await shopOf(req, req.params);
    return saveTiming(db, user, shop.accountId, req.body);
  });

  await orderLimitRoutes(app, { db });
};
