import { Readable } from 'node:stream';
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
  const variants = variantCache();
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
      const key = `${sha256}.${width}`;
      let hit = variants.get(key);
      if (!hit) {
        const source = await uploads.head(sha256);
        if (!source || !Object.values(IMAGE_MIME).includes(source.contentType)) throw notFound();
        const meta = await imageVariant(uploads, source, width);
        const file = meta.size <= VARIANT_CACHE_FILE_MAX ? await uploads.get(meta.sha256) : null;
        if (!file) return sendUpload(uploads, meta, req, reply);
        hit = { meta, bytes: file.bytes };
        variants.set(key, hit);
      }
      const { bytes } = hit;
      return sendUpload({ ...uploads, open: async () => Readable.from([bytes]) }, hit.meta, req, reply);
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

/**
 * The menu photos' resized copies answered lately, kept in memory (docs/decisions/customer-app.md "Customer app:
 * first paint from the server"): a menu's first screen asks for the same few files on every visit, and each
 * read from the store is three queries. Names are content hashes, so a kept copy is never stale; the oldest
 * go first past VARIANT_CACHE_BYTES.
 */
const VARIANT_CACHE_BYTES = 32 * 1024 * 1024;
const VARIANT_CACHE_FILE_MAX = 512 * 1024;
const variantCache = () => {
  const kept = new Map<string, { meta: UploadMeta; bytes: Buffer }>();
  let total = 0;
  return {
    get: (key: string) => {
      const hit = kept.get(key);
      if (hit) {
        // most recently used last
        kept.delete(key);
        kept.set(key, hit);
      }
      return hit;
    },
    set: (key: string, value: { meta: UploadMeta; bytes: Buffer }) => {
      if (kept.has(key)) return;
      kept.set(key, value);
      total += value.bytes.length;
      for (const [k, v] of kept) {
        if (total <= VARIANT_CACHE_BYTES) break;
        kept.delete(k);
        total -= v.bytes.length;
      }
    },
  };
};
