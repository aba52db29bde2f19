import { MENU_IMAGE_WIDTHS } from '@shopdesk/contract';
import sharp from 'sharp';
import type { UploadMeta, UploadStore } from '../../../storage/uploads';

/** A 2 MB upload may still decode to a huge bitmap: refused above this many pixels (served as it is). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * The WebP copy of an image at `width`, or null when the image is not wider than that or cannot be
 * decoded (the original then answers that width).
 */
export const resizeToWebp = async (bytes: Buffer, width: number): Promise<Buffer | null> => {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS });
    const meta = await image.metadata();
    // EXIF orientations 5-8 swap the sides: the displayed width is the stored height
    const displayed = meta.orientation && meta.orientation >= 5 ? meta.height : meta.width;
    if (!displayed || displayed <= width) return null;
    return await image.rotate().resize({ width }).webp({ quality: 80 }).toBuffer();
  } catch {
    return null;
  }
};

/**
 * The stored file answering `source` at `width`: made (and recorded) when missing, so images stored before
 * resizing existed get their copies on first read. Several instances may make one at once: the first
 * recorded wins and every instance answers that one.
 */
export const imageVariant = async (
  uploads: UploadStore,
  source: UploadMeta,
  width: number,
): Promise<UploadMeta> => {
  const known = await uploads.variantOf(source.sha256, width);
  if (known) return known;
  const original = await uploads.get(source.sha256);
  if (!original) return source;
  const resized = await resizeToWebp(original.bytes, width);
  const variant = resized ? await uploads.put(resized, 'image/webp') : source;
  await uploads.saveVariant(source.sha256, width, variant.sha256);
  return (await uploads.variantOf(source.sha256, width)) ?? variant;
};

/** Every width of a just-uploaded product image, so the customer app's first look is already small. */
export const makeImageVariants = async (uploads: UploadStore, source: UploadMeta) => {
  for (const width of MENU_IMAGE_WIDTHS) await imageVariant(uploads, source, width);
};
