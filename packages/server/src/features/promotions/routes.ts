import {
  createPromotionOp,
  deletePromotionOp,
  listPromotionsOp,
  setPromotionEnabledOp,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerOperation } from '../../http/operation';
import { requirePortalShop } from '../../plugins/app/shop-access';
import { createPromotion, deletePromotion, listPromotions, setPromotionEnabled } from './promotion-service';

/** Promotions (spec 002 §2 screen 7, §7 Promotions): the same calls under /gaa and /eaa. */
export const promotionRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;

  registerOperation(app, listPromotionsOp, async (req) => {
    const { shop } = await requirePortalShop(req, db, req.params.type, req.params.businessId);
    return listPromotions(db, shop.accountId, req.query);
  });

  registerOperation(app, createPromotionOp, async (req) => {
    const { user, shop } = await requirePortalShop(req, db, req.params.type, req.params.businessId);
    return createPromotion(db, user, shop.accountId, req.body);
  });

  registerOperation(app, setPromotionEnabledOp, async (req) => {
    const { user, shop } = await requirePortalShop(req, db, req.params.type, req.params.businessId);
    return setPromotionEnabled(db, user, shop.accountId, req.params.id, req.body);
  });

  registerOperation(app, deletePromotionOp, async (req) => {
    const { user, shop } = await requirePortalShop(req, db, req.params.type, req.params.businessId);
    return deletePromotion(db, user, shop.accountId, req.params.id);
  });
};
