import { PROMOTION_OPS, PROMOTION_PORTALS } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { registerOperation } from '../../../http/operation';
import { requirePortalShop } from '../../../plugins/app/shop-access';
import { createPromotion, deletePromotion, listPromotions, setPromotionEnabled } from './promotion-service';

/** Promotions (spec 002 §2 screen 7, §7 Promotions): the same calls under /gaa and /eaa. */
export const promotionRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;
  for (const portal of PROMOTION_PORTALS) {
    const ops = PROMOTION_OPS[portal];
    registerOperation(app, ops.list, async (req) => {
      const { shop } = await requirePortalShop(req, db, portal, req.params.businessId);
      return listPromotions(db, shop.accountId, req.query);
    });
    registerOperation(app, ops.create, async (req) => {
      const { user, shop } = await requirePortalShop(req, db, portal, req.params.businessId);
      return createPromotion(db, user, shop.accountId, req.body);
    });
    registerOperation(app, ops.setEnabled, async (req) => {
      const { user, shop } = await requirePortalShop(req, db, portal, req.params.businessId);
      return setPromotionEnabled(db, user, shop.accountId, req.params.id, req.body);
    });
    registerOperation(app, ops.remove, async (req) => {
      const { user, shop } = await requirePortalShop(req, db, portal, req.params.businessId);
      return deletePromotion(db, user, shop.accountId, req.params.id);
    });
  }
};
