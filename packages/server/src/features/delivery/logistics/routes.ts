import {
  getLogisticRulesOp,
  getLogisticSettingsOp,
  listLogisticPolygonsOp,
  logisticRecallOp,
  putLogisticRulesOp,
  putLogisticSettingsOp,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { registerOperation } from '../../../http/operation';
import { requirePortalShop } from '../../../plugins/app/shop-access';
import {
  getLogisticSettings,
  listShopZones,
  saveLogisticRules,
  saveLogisticSettings,
} from './logistics-service';
import { readRules } from './logistics-store';
import { recallLogistics } from './recall';

/** The Logistic tab, /logistics and /logistic-polygons (spec 001 §2.4, §7; 000 §2). */
export const logisticsRoutes = async (app: FastifyInstance, { db }: { db: Db }) => {
  const shopOf = (req: Parameters<typeof requirePortalShop>[0], p: { userType: string; accountId: number }) =>
    requirePortalShop(req, db, p.userType, p.accountId);

  registerOperation(app, getLogisticSettingsOp, async (req) => {
    const { user, shop } = await shopOf(req, req.params);
    return getLogisticSettings(db, app.secretBox, user, shop.accountId);
  });
  registerOperation(app, putLogisticSettingsOp, async (req) => {
    const { user, shop } = await shopOf(req, req.params);
    return saveLogisticSettings(db, app.secretBox, user, shop.accountId, req.body);
  });
  registerOperation(app, getLogisticRulesOp, async (req) => {
    const { shop } = await shopOf(req, req.params);
    return { rules: await readRules(db, shop.accountId) };
  });
  registerOperation(app, putLogisticRulesOp, async (req) => {
    const { user, shop } = await shopOf(req, req.params);
    return saveLogisticRules(db, user, shop.accountId, req.body.rules);
  });
  registerOperation(app, listLogisticPolygonsOp, async () => listShopZones(db));
  // spec 002 §7 Admin tools: gaa only (the operation's allow list)
  registerOperation(app, logisticRecallOp, async (req) =>
    recallLogistics(db, req.requireUser(), req.params.id),
  );
};
