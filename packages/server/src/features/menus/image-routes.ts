import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import multipart from '@fastify/multipart';
import {
  API_BASE,
  MENU_IMAGE_PATH,
  MENU_LIMITS,
  MENU_MESSAGES,
  menuImageUrl,
  uploadMenuImageOp,
  ZImageName,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { ApiError, notFound } from '../../http/errors';
import { readUploadedFile } from '../../http/multipart';
import { registerOperation } from '../../http/operation';
import { createImageStore, IMAGE_MIME, type ImageStore, sniffImage } from './images';
import { menuContext } from './menu-access';

const UPLOAD_REFUSED = 'UPLOAD_REFUSED';

/** DATA_DIR/uploads; an app built without DATA_DIR (API tests) gets a temporary folder removed on close. */
export const openImageStore = async (app: FastifyInstance): Promise<ImageStore> => {
  const dataDir = app.appConfig.dataDir;
  if (dataDir) return createImageStore(path.join(dataDir, 'uploads'));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shopdesk-uploads-'));
  app.addHook('onClose', () => rm(dir, { recursive: true, force: true }));
  return createImageStore(dir);
};

/**
 * Image upload (issue 6) and the public read path. Uploads are for the shop's own editors; reading is
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
      return { image, url: menuImageUrl(image) };
    });
  });

  app.get<{ Params: { file: string } }>(
    `${API_BASE}${MENU_IMAGE_PATH}/:file`,
    { config: { allow: 'public' } },
    async (req, reply) => {
      const name = ZImageName.safeParse(req.params.file);
      if (!name.success || !(await images.exists(name.data))) throw notFound();
      const ext = name.data.split('.').pop() as keyof typeof IMAGE_MIME;
      return (
        reply
          .type(IMAGE_MIME[ext])
          .header('cache-control', 'public, max-age=31536000, immutable')
          // The storefront may live on another origin (helmet defaults to same-origin).
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(createReadStream(images.filePath(name.data)))
      );
    },
  );
};
