import {
  addCampaignShopsOp,
  couponShopsOp,
  createCampaignOp,
  getCampaignOp,
  getVoucherOp,
  listCampaignShopsOp,
  listCampaignsOp,
  listVouchersOp,
  removeCampaignShopOp,
  sendCampaignOp,
  updateCampaignOp,
} from '@shopdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client';
import { registerOperation } from '../../../http/operation';
import { requirePortal } from '../../../plugins/app/shop-access';
import {
  addCampaignShops,
  campaignShops,
  createCampaign,
  listCampaigns,
  loadCampaign,
  removeCampaignShop,
  siCouponShops,
  updateCampaign,
} from './campaign-store';
import { registerCouponJobs, sendCampaign } from './send-jobs';
import { listVouchers, loadVoucher } from './voucher-store';

/**
 * Coupon campaigns: si only (the contract declares it; spec routes.tsv gives the pages to si), each
 * SI sees its own campaigns and shops only (docs/decisions/marketing.md "Coupon campaigns and vouchers").
 */
export const couponRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;
  const si = (req: FastifyRequest) => requirePortal(req, 'si');
  registerOperation(app, listCampaignsOp, async (req) => listCampaigns(db, si(req), req.query));
  registerOperation(app, createCampaignOp, async (req) => ({
    campaign: await createCampaign(db, si(req), req.body),
  }));
  registerOperation(app, getCampaignOp, async (req) => ({
    campaign: await loadCampaign(db, si(req), req.params.groupId),
  }));
  registerOperation(app, updateCampaignOp, async (req) => ({
    campaign: await updateCampaign(db, si(req), req.params.groupId, req.body),
  }));
  registerOperation(app, sendCampaignOp, async (req) => {
    const user = si(req);
    await sendCampaign(db, user, req.params.groupId);
    return { campaign: await loadCampaign(db, user, req.params.groupId) };
  });
  registerOperation(app, listCampaignShopsOp, async (req) => ({
    rows: await campaignShops(db, si(req), req.params.groupId),
  }));
  registerOperation(app, addCampaignShopsOp, async (req) =>
    addCampaignShops(db, si(req), req.params.groupId, req.body.shopIds),
  );
  registerOperation(app, removeCampaignShopOp, async (req) =>
    removeCampaignShop(db, si(req), req.params.groupId, req.params.shopId),
  );
  registerOperation(app, couponShopsOp, async (req) => ({
    rows: await siCouponShops(db, si(req), req.query.audienceDays),
  }));
  registerOperation(app, listVouchersOp, async (req) =>
    listVouchers(db, si(req), req.params.groupId, req.query),
  );
  registerOperation(app, getVoucherOp, async (req) =>
    loadVoucher(db, si(req), req.params.groupId, req.params.voucherId),
  );
  registerCouponJobs(app);
};
