import multipart from '@fastify/multipart';
import {
  API_BASE,
  MENU_IMAGE_PATH,
  MENU_IMAGE_VARIANT,
  MENU_LIMITS,
  MENU_MESSAGES,
  menuImageUrl,
  uploadMenuImageOp,
  ZImageName,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { ApiError, notFound } from '../../../http/errors';
import { readUploadedFile } from '../../../http/multipart';
import { registerOperation } from '../../../http/operation';
import { createImageStore, type ImageStore, sniffImage } from './images';
import { menuContext } from './menu-access';

const UPLOAD_REFUSED = 'UPLOAD_REFUSED';

/** The images of the app's upload store (app.uploads, src/storage/uploads.ts). */
export const openImageStore = (app: FastifyInstance): ImageStore => createImageStore(app.uploads);

/**
 * Image upload and the public read path. Uploads are for the shop's own editors; reading is
 * public because the storefront shows product images to customers without a session. Names are the
 * SHA-256 of the bytes, so they cannot be guessed and never change content (cached for a year).
 */
export const imageRoutes = async (app: FastifyInstance, opts: { db: Db; images: ImageStore }) => {
  const { db, images } = opts;

  // Multipart only in this scope: the upload is the one menu route that takes a file.
  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: { fileSize: MENU_LIMITS.imageBytes, files: 1, fields: 2, parts: 3 },
    });
    registerOperation(upload, uploadMenuImageOp, async (req) => {
      await menuContext(req, db, req.params);
      const { content } = await readUploadedFile(
        req,
        'file',
        { missing: MENU_MESSAGES.imageMissing, tooLarge: MENU_MESSAGES.imageSize },
        UPLOAD_REFUSED,
      );
      const kind = sniffImage(content);
      if (!kind) throw new ApiError(415, UPLOAD_REFUSED, MENU_MESSAGES.imageType, 'file');
      const image = await images.save(content, kind);
      await images.makeVariants(image);
      return { image, url: menuImageUrl(image) };
    });
  });

  app.get<{ Params: { file: string } }>(
    `${API_BASE}${MENU_IMAGE_PATH}/:file`,
    { config: { allow: 'public' } },
    async (req, reply) => {
      const variant = MENU_IMAGE_VARIANT.exec(req.params.file);
      if (variant) return images.sendVariant(variant[1]!, Number(variant[2]), req, reply);
      const name = ZImageName.safeParse(req.params.file);
      if (!name.success) throw notFound();
      return images.send(name.data, req, reply);
    },
  );
};
