import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../../http/errors';
import { sendUpload, type UploadMeta, type UploadStore } from '../../../storage/uploads';
import { imageVariant, makeImageVariants } from './image-variants';

export type ImageKind = { ext: 'png' | 'jpg' | 'webp'; mime: string };

/** The type of an image by its first bytes (checked by content, not by the name or header). */
export const sniffImage = (b: Buffer): ImageKind | null => {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { ext: 'png', mime: 'image/png' };
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff)
    return { ext: 'jpg', mime: 'image/jpeg' };
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return { ext: 'webp', mime: 'image/webp' };
  return null;
};

export const IMAGE_MIME: Record<ImageKind['ext'], string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/**
 * Product images and portal logos, kept by the upload store (src/storage/uploads.ts, in the database) and named
 * by the SHA-256 of their bytes plus the extension of their type: the same picture uploaded twice is stored
 * once, a copied menu shares its files, and a name never changes content (cached forever). A name resolves
 * only to a file of the type its extension says.
 */
export const createImageStore = (uploads: UploadStore) => {
  const IMAGE_NAME = /^([a-f0-9]{64})\.(png|jpg|webp)$/;
  const find = async (name: string): Promise<UploadMeta | null> => {
    const m = IMAGE_NAME.exec(name);
    if (!m) return null;
    const meta = await uploads.head(m[1]!);
    return meta && meta.contentType === IMAGE_MIME[m[2] as ImageKind['ext']] ? meta : null;
  };
  return {
    save: async (content: Buffer, kind: ImageKind): Promise<string> => {
      const { sha256 } = await uploads.put(content, kind.mime);
      return `${sha256}.${kind.ext}`;
    },
    exists: async (name: string) => (await find(name)) !== null,
    /** Makes the resized copies of a stored product image (MENU_IMAGE_WIDTHS). */
    makeVariants: async (name: string) => {
      const meta = await find(name);
      if (meta) await makeImageVariants(uploads, meta);
    },
    /** Answers `{sha}.w{width}.webp`: the resized copy of a stored image (made now if missing). */
    sendVariant: async (sha256: string, width: number, req: FastifyRequest, reply: FastifyReply) => {
      const source = await uploads.head(sha256);
      if (!source || !Object.values(IMAGE_MIME).includes(source.contentType)) throw notFound();
      return sendUpload(uploads, await imageVariant(uploads, source, width), req, reply);
    },
    /** Answers the image on a public read path (404 for a name not stored). */
    send: async (name: string, req: FastifyRequest, reply: FastifyReply) => {
      const meta = await find(name);
      if (!meta) throw notFound();
      return sendUpload(uploads, meta, req, reply);
    },
  };
};
export type ImageStore = ReturnType<typeof createImageStore>;
