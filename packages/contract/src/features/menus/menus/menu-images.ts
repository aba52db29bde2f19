// No zod here: the customer app's menu imports these (its bundle stays without schemas,
// docs/decisions/customer-app.md "Bundle budget"); menu-bulk.ts re-exports them.

/** Public read path of stored images (the storefront shows them to customers without a session). */
export const MENU_IMAGE_PATH = '/menu-images';
export const menuImageUrl = (image: string) => `/console/apis${MENU_IMAGE_PATH}/${image}`;

/**
 * The widths a product image is also served at, as WebP: `{sha}.w{width}.webp` next to the
 * original `{sha}.{ext}`. Made on upload (or on the first read of an image stored before); an image not wider
 * than a width is served as it is under that name.
 */
export const MENU_IMAGE_WIDTHS = [320, 640, 1280] as const;
export type TMenuImageWidth = (typeof MENU_IMAGE_WIDTHS)[number];
export const MENU_IMAGE_VARIANT = /^([a-f0-9]{64})\.w(320|640|1280)\.webp$/;

/** The `srcset` of a stored product image's URL; undefined for any other URL (an outside link). */
export const menuImageSrcset = (url: string | null | undefined): string | undefined => {
  const m = url ? /^(.*\/menu-images\/)([a-f0-9]{64})\.(png|jpg|webp)$/.exec(url) : null;
  if (!m) return undefined;
  return MENU_IMAGE_WIDTHS.map((w) => `${m[1]}${m[2]}.w${w}.webp ${w}w`).join(', ');
};
