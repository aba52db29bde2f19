import multipart from '@fastify/multipart';
import {
  API_BASE,
  addPortalShopsOp,
  createPortalOp,
  deletePortalOp,
  getPortalOp,
  getPortalShopOp,
  listPortalShopsOp,
  listPortalsOp,
  PORTAL_LOGO_BYTES,
  PORTAL_LOGO_IMAGE,
  PORTAL_LOGO_PATH,
  PORTAL_MESSAGES,
  portalCandidatesOp,
  portalLogoUrl,
  portalShopsOverviewOp,
  removePortalShopOp,
  reorderPortalShopsOp,
  updatePortalOp,
  updatePortalShopOp,
  uploadedLogoOf,
  uploadPortalLogoOp,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { ApiError, badRequest, notFound } from '../../../http/errors';
import { readUploadedFile } from '../../../http/multipart';
import { registerOperation } from '../../../http/operation';
import { openImageStore } from '../../menus/menus/image-routes';
import { type ImageStore, sniffImage } from '../../menus/menus/images';
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
  reorderPortalShops,
  updatePortal,
  updatePortalShop,
} from './portal-store';
import { portalPageRoutes } from './public-page';

/** Entrance portals: gaa's calls (the role is declared by each contract operation) and /p/{key}. */
export const portalRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;
  const images = openImageStore(app);
  /** A logo URL naming an upload must name one this server holds (the form saves what the upload answered). */
  const checkLogo = async <T extends { logoUrl: string }>(body: T) => {
    const image = uploadedLogoOf(body.logoUrl);
    if (image && !(await images.exists(image))) throw badRequest(PORTAL_MESSAGES.logoUnknown, 'logoUrl');
    return body;
  };
  registerOperation(app, listPortalsOp, async (req) => listPortals(db, req.query));
  registerOperation(app, createPortalOp, async (req) => ({
    portal: await createPortal(db, await checkLogo(req.body)),
  }));
  registerOperation(app, getPortalOp, async (req) => ({
    portal: await loadPortal(db, req.params.portalKey),
  }));
  registerOperation(app, updatePortalOp, async (req) => ({
    portal: await updatePortal(db, req.params.portalKey, await checkLogo(req.body)),
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
  registerOperation(app, reorderPortalShopsOp, async (req) => {
    await reorderPortalShops(db, req.params.portalKey, req.body.shopIds);
    return { ok: true as const };
  });
  registerOperation(app, portalShopsOverviewOp, async (req) => portalShopsOverview(db, req.query));
  await app.register(portalLogoRoutes, { images });
  await app.register(portalPageRoutes, { db });
};

const UPLOAD_REFUSED = 'UPLOAD_REFUSED';

/**
 * The logo upload (gaa, multipart in its own scope as the menu images do) and the logos' public read path:
 * the public page shows them to anyone. Named by the SHA-256 of the bytes, so cached for a year.
 */
const portalLogoRoutes = async (app: FastifyInstance, { images }: { images: ImageStore }) => {
  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: { fileSize: PORTAL_LOGO_BYTES, files: 1, fields: 2, parts: 3 },
    });
    registerOperation(upload, uploadPortalLogoOp, async (req) => {
      const { content } = await readUploadedFile(
        req,
        'file',
        { missing: PORTAL_MESSAGES.logoMissing, tooLarge: PORTAL_MESSAGES.logoSize },
        UPLOAD_REFUSED,
      );
      const kind = sniffImage(content);
      if (!kind) throw new ApiError(415, UPLOAD_REFUSED, PORTAL_MESSAGES.logoType, 'file');
      const image = await images.save(content, kind);
      return { image, url: portalLogoUrl(image) };
    });
  });
  app.get<{ Params: { file: string } }>(
    `${API_BASE}${PORTAL_LOGO_PATH}/:file`,
    { config: { allow: 'public' } },
    async (req, reply) => {
      const name = req.params.file;
      if (!PORTAL_LOGO_IMAGE.test(name)) throw notFound();
      return images.send(name, req, reply);
    },
  );
};
