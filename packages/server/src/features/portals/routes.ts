import {
  addPortalShopsOp,
  createPortalOp,
  deletePortalOp,
  getPortalOp,
  getPortalShopOp,
  listPortalShopsOp,
  listPortalsOp,
  portalCandidatesOp,
  portalShopsOverviewOp,
  removePortalShopOp,
  updatePortalOp,
  updatePortalShopOp,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerOperation } from '../../http/operation';
import {
  addPortalShops,
  createPortal,
  deletePortal,
  listPortalShops,
  listPortals,
  loadPortal,
  loadPortalShop,
  portalCandidates,
  portalShopsOverview,
  removePortalShop,
  updatePortal,
  updatePortalShop,
} from './portal-store';
import { portalPageRoutes } from './public-page';

/** Entrance portals (issue 16): gaa's calls (the role is declared by each contract operation) and /p/{key}. */
export const portalRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;
  registerOperation(app, listPortalsOp, async (req) => listPortals(db, req.query));
  registerOperation(app, createPortalOp, async (req) => ({ portal: await createPortal(db, req.body) }));
  registerOperation(app, getPortalOp, async (req) => ({
    portal: await loadPortal(db, req.params.portalKey),
  }));
  registerOperation(app, updatePortalOp, async (req) => ({
    portal: await updatePortal(db, req.params.portalKey, req.body),
  }));
  registerOperation(app, deletePortalOp, async (req) => {
    await deletePortal(db, req.params.portalKey);
    return { ok: true as const };
  });
  registerOperation(app, listPortalShopsOp, async (req) =>
    listPortalShops(db, req.params.portalKey, req.query),
  );
  registerOperation(app, portalCandidatesOp, async (req) =>
    portalCandidates(db, req.params.portalKey, req.query),
  );
  registerOperation(app, addPortalShopsOp, async (req) =>
    addPortalShops(db, req.params.portalKey, req.body.shopIds),
  );
  registerOperation(app, getPortalShopOp, async (req) => ({
    portal: await loadPortal(db, req.params.portalKey),
    shop: await loadPortalShop(db, req.params.portalKey, req.params.shopId),
  }));
  registerOperation(app, updatePortalShopOp, async (req) => ({
    shop: await updatePortalShop(db, req.params.portalKey, req.params.shopId, req.body),
  }));
  registerOperation(app, removePortalShopOp, async (req) => {
    await removePortalShop(db, req.params.portalKey, req.params.shopId);
    return { ok: true as const };
  });
  registerOperation(app, portalShopsOverviewOp, async (req) => portalShopsOverview(db, req.query));
  await app.register(portalPageRoutes, { db });
};
