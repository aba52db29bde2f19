import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type ImageKind = { ext: 'png' | 'jpg' | 'webp'; mime: string };

/** The type of an image by its first bytes (issue 6: checked by content, not by the name or header). */
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
 * Product images under DATA_DIR/uploads, named by the SHA-256 of their bytes: the same picture uploaded
 * twice is stored once, a copied menu shares its files, and a name never changes content (cached forever).
 */
export const createImageStore = (dir: string) => {
  const filePath = (name: string) => path.join(dir, path.basename(name));
  return {
    dir,
    filePath,
    save: async (content: Buffer, kind: ImageKind): Promise<string> => {
      const name = `${createHash('sha256').update(content).digest('hex')}.${kind.ext}`;
      await mkdir(dir, { recursive: true });
      const target = filePath(name);
      if (await exists(target)) return name;
      // Written aside and renamed: a reader (or another instance sharing DATA_DIR) never sees half a file.
      const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, content);
      await rename(tmp, target);
      return name;
    },
    exists: (name: string) => exists(filePath(name)),
  };
};
export type ImageStore = ReturnType<typeof createImageStore>;

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
