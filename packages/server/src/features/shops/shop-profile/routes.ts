import {
  getLabelPrinterOp,
  getShopOp,
  goLiveChecklistOp,
  managerInfoOp,
  patchLabelPrinterOp,
  putShopOp,
  regenerateBindingCodeOp,
  shopUrls,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { notFound } from '../../../http/errors';
import { registerOperation } from '../../../http/operation';
import { publicBase } from '../../../http/public-base';
import { requirePortalShop } from '../../../plugins/app/shop-access';
import { regenerateBindingCode } from './binding-code';
import { goLiveChecklist } from './go-live-checklist';
import { getLabelPrinter, saveLabelPrinter } from './label-printer';
import { registerShopGeocodeJob } from './shop-point';
import { getShop, saveShop } from './shop-service';

/** Shop info and shop edit (spec 000 §2 "Shop info screen", "Shop edit screen", §7 Shops). */
export const shopProfileRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;
  registerShopGeocodeJob(app, db);

  registerOperation(app, getShopOp, async (req) => {
    await requirePortalShop(req, db, req.params.type, req.params.id);
    return getShop(db, req.params.id);
  });

  registerOperation(app, putShopOp, async (req) => {
    const { user } = await requirePortalShop(req, db, req.params.type, req.params.businessId);
    return saveShop(db, user, req.params.businessId, req.body.businessData);
  });

  registerOperation(app, regenerateBindingCodeOp, async (req) => {
    const { user } = await requirePortalShop(req, db, req.params.type, req.params.accountId);
    return regenerateBindingCode(db, user, req.params.accountId);
  });

  // Manager info: the shop's public URLs. The path's SI must be the shop's own (0 for a shop without SI);
  // `type` (catering / retail) is accepted as the spec sends it: the URLs do not depend on it.
  registerOperation(app, managerInfoOp, async (req) => {
    const { shop } = await requirePortalShop(req, db, req.params.type, req.query.businessId);
    if ((shop.siAccountId ?? 0) !== req.params.siAccountId) throw notFound();
    const base = publicBase(req);
    const urls = shopUrls(base, shop.accountId);
    return {
      results: [
        {
          menuUrl: urls.menuUrl,
          orderUrl: urls.orderUrl,
          infoUrl: urls.infoUrl,
          shoppingUrl: urls.shoppingUrl,
          qrcodeUrl: urls.managerUrl,
          webhookUrlDomain: new URL(base).origin,
          webhookUrl: urls.webhookUrl,
        },
      ],
    };
  });

  // the go-live checklist of the shop info page (docs/decisions/shops.md "Go-live checklist")
  registerOperation(app, goLiveChecklistOp, async (req) => {
    await requirePortalShop(req, db, req.params.type, req.params.accountId);
    return goLiveChecklist(db, req.params.accountId);
  });

  registerOperation(app, getLabelPrinterOp, async (req) => {
    await requirePortalShop(req, db, req.params.type, req.params.id);
    return getLabelPrinter(db, req.params.id);
  });

  registerOperation(app, patchLabelPrinterOp, async (req) => {
    const { user } = await requirePortalShop(req, db, req.params.type, req.params.businessId);
    return saveLabelPrinter(db, user, req.params.businessId, req.body);
  });
};
