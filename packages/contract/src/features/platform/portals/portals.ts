import { z } from 'zod';
import { PG_INT, TEXT_MAX, zId, zQueryId, zQueryInt, zText } from '../../../common/bounds';
import { msg } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';

/**
 * Entrance portals (spec 000 §2 "Portals" names the routes only; docs/decisions/platform.md "Portals,
 * applications and SI mail templates"): a branded entry page listing a chosen group of shops, each linking
 * to its ordering page, published at /p/{portalKey}. gaa only (spec 000 §6).
 */
export const PORTAL_KEY_MAX = 40;
/** Lower-case letters, digits and dashes: the key is a URL segment printed on posters, so it stays plain. */
export const PORTAL_KEY = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
/** Keys the console's own routes use (/portals/new, /portals/shops). */
export const RESERVED_PORTAL_KEYS = ['new', 'shops'] as const;
export const PORTAL_COLOR = /^#[0-9a-fA-F]{6}$/;
export const PORTAL_LIMITS = { name: 40, description: 500, label: 40, maxAddAtOnce: 200 } as const;
/** The public page is cached this long by browsers and proxies; an edit changes its ETag at once. */
export const PORTAL_PAGE_MAX_AGE = 60;
/**
 * An uploaded logo: PNG, JPEG or WebP (checked by its bytes, never SVG: a script could ride in
 * it), at most 1 MB, stored beside the menu images under DATA_DIR/uploads by the SHA-256 of its bytes.
 */
export const PORTAL_LOGO_BYTES = 1024 * 1024;
export const PORTAL_LOGO_PATH = '/portal-logos';
export const portalLogoUrl = (image: string) => `/console/apis${PORTAL_LOGO_PATH}/${image}`;
export const PORTAL_LOGO_IMAGE = /^[a-f0-9]{64}\.(png|jpg|webp)$/;
/** The stored image a logo URL names, or null for an outside https:// URL or none. */
export const uploadedLogoOf = (logoUrl: string): string | null => {
  const prefix = portalLogoUrl('');
  if (!logoUrl.startsWith(prefix)) return null;
  const name = logoUrl.slice(prefix.length);
  return PORTAL_LOGO_IMAGE.test(name) ? name : null;
};
/** A portal's number: a console route's {portalKey} that is all digits names the portal by it. */
export const PORTAL_ID_PARAM = /^\d{1,9}$/;
/** The most shops one reorder may list (a page of the shops table holds at most 100). */
export const PORTAL_ORDER_MAX = 500;

export const PORTAL_MESSAGES = {
  keyFormat: msg(
    '代碼只能使用小寫英文、數字與連字號（-），且不可以連字號開頭或結尾',
    'The key may hold lower-case letters, digits and dashes, not starting or ending with a dash',
  ),
  keyReserved: msg('此代碼為系統保留，請換一個', 'This key is reserved, please choose another'),
  keyTaken: msg('此代碼已被使用', 'This key is already in use'),
  color: msg('顏色格式為 #RRGGBB', 'A colour is #RRGGBB'),
  logoUrl: msg('標誌網址須為 https:// 開頭的網址', 'The logo URL must start with https://'),
  keyDigits: msg(
    '代碼須包含英文字母（純數字會與入口編號混淆）',
    'The key needs a letter (digits alone would read as the entrance number)',
  ),
  logoType: msg('標誌須為 PNG、JPEG 或 WebP 圖片', 'The logo must be a PNG, JPEG or WebP image'),
  logoSize: msg('標誌圖片不可超過 1 MB', 'The logo may be at most 1 MB'),
  logoMissing: msg('請選擇標誌圖片檔案', 'Please choose a logo image file'),
  logoUnknown: msg('找不到上傳的標誌，請重新上傳', 'The uploaded logo was not found, please upload it again'),
  logoUploaded: msg('已上傳標誌', 'Logo uploaded'),
  reordered: msg('已更新排序', 'Order saved'),
  orderMismatch: msg('排序中的商店須為此入口的商店', 'Only shops of this entrance can be ordered'),
  notFound: msg('找不到此入口', 'This entrance does not exist'),
  shopsRequired: msg('請選擇商店', 'Please choose shops'),
  saved: msg('已儲存', 'Saved'),
  created: msg('已建立入口', 'Entrance created'),
  deleted: msg('已刪除入口', 'Entrance deleted'),
  added: (n: number) => msg(`已加入 ${n} 家商店`, `${n} shop(s) added`),
  removed: msg('已自入口移除商店', 'Shop removed from the entrance'),
  notInPortal: msg('此商店不在此入口', 'This shop is not in this entrance'),
} as const;

const required = (zh: string) => zText(TEXT_MAX.name, { error: zh });

export const ZPortalInput = z.object({
  key: zText(PORTAL_KEY_MAX)
    .trim()
    .min(2, PORTAL_MESSAGES.keyFormat.zh)
    .regex(PORTAL_KEY, PORTAL_MESSAGES.keyFormat.zh)
    .refine((k) => !PORTAL_ID_PARAM.test(k), PORTAL_MESSAGES.keyDigits.zh)
    .refine((k) => !(RESERVED_PORTAL_KEYS as readonly string[]).includes(k), PORTAL_MESSAGES.keyReserved.zh),
  name: required('請輸入名稱').trim().min(1, '請輸入名稱').max(PORTAL_LIMITS.name),
  logoUrl: zText(TEXT_MAX.url)
    .trim()
    .refine(
      (u) => u === '' || /^https:\/\/\S+$/.test(u) || uploadedLogoOf(u) !== null,
      PORTAL_MESSAGES.logoUrl.zh,
    )
    .default(''),
  primaryColor: zText(7).regex(PORTAL_COLOR, PORTAL_MESSAGES.color.zh).default('#1677ff'),
  accentColor: zText(7).regex(PORTAL_COLOR, PORTAL_MESSAGES.color.zh).default('#fa8c16'),
  description: zText(PORTAL_LIMITS.description).trim().default(''),
  /** Unpublished portals answer 404 at /p/{key}. */
  published: z.boolean().default(true),
});
export type TPortalInput = z.input<typeof ZPortalInput>;

export const ZPortal = z.object({
  /** The portal's number (a console route may name the portal by it). */
  id: z.number().int(),
  key: zText(),
  name: zText(),
  logoUrl: zText(),
  primaryColor: zText(),
  accentColor: zText(),
  description: zText(),
  published: z.boolean(),
  shopCount: z.number().int(),
  visibleCount: z.number().int(),
  updatedAt: zText(),
});
export type TPortal = z.infer<typeof ZPortal>;

/** One shop of a portal: its place in the list, the label shown instead of its name, and whether it shows. */
export const ZPortalShopInput = z.object({
  label: zText(PORTAL_LIMITS.label).trim().default(''),
  displayOrder: z.number().int().min(0).max(9999).default(0),
  visible: z.boolean().default(true),
});
export type TPortalShopInput = z.input<typeof ZPortalShopInput>;

export const ZPortalShop = z.object({
  shopId: z.number().int(),
  name: zText(),
  label: zText(),
  displayOrder: z.number().int(),
  visible: z.boolean(),
  /** The shop's own state: a portal never lists a shop whose system is closed. */
  online: z.boolean(),
});
export type TPortalShop = z.infer<typeof ZPortalShop>;

const ZKey = z.object({ portalKey: zText(PORTAL_KEY_MAX).regex(PORTAL_KEY) });
const ZKeyShop = ZKey.extend({ shopId: zQueryId() });
const ZList = z.object({
  offset: zQueryInt(0, PG_INT.max).default(0),
  limit: zQueryInt(1, 100).default(20),
  q: zText(TEXT_MAX.search).trim().optional(),
});
const SPEC = '000 §2 Portals (ours)';

export const listPortalsOp = defineOperation({
  method: 'GET',
  path: '/gaa/portals',
  summary: 'Entrance portals, newest first, searched by key or name',
  spec: SPEC,
  allow: ['gaa'],
  query: ZList,
  response: z.object({ total: z.number().int(), rows: z.array(ZPortal) }),
});
export const createPortalOp = defineOperation({
  method: 'POST',
  path: '/gaa/portals',
  summary: 'Create an entrance portal',
  spec: SPEC,
  allow: ['gaa'],
  body: ZPortalInput,
  response: z.object({ portal: ZPortal }),
  status: 201,
});
export const getPortalOp = defineOperation({
  method: 'GET',
  path: '/gaa/portals/:portalKey',
  summary: 'One entrance portal',
  spec: SPEC,
  allow: ['gaa'],
  params: ZKey,
  response: z.object({ portal: ZPortal }),
});
export const updatePortalOp = defineOperation({
  method: 'PUT',
  path: '/gaa/portals/:portalKey',
  summary: 'Edit an entrance portal (its key stays: it is the published URL)',
  spec: SPEC,
  allow: ['gaa'],
  params: ZKey,
  body: ZPortalInput.omit({ key: true }),
  response: z.object({ portal: ZPortal }),
});
export const deletePortalOp = defineOperation({
  method: 'DELETE',
  path: '/gaa/portals/:portalKey',
  summary: 'Delete an entrance portal and its shop entries',
  spec: SPEC,
  allow: ['gaa'],
  params: ZKey,
  response: z.object({ ok: z.literal(true) }),
});
export const listPortalShopsOp = defineOperation({
  method: 'GET',
  path: '/gaa/portals/:portalKey/shops',
  summary: "A portal's shops in display order",
  spec: SPEC,
  allow: ['gaa'],
  params: ZKey,
  query: ZList,
  response: z.object({ total: z.number().int(), rows: z.array(ZPortalShop) }),
});
export const ZPortalCandidate = z.object({
  shopId: z.number().int(),
  name: zText(),
  siName: zText().nullable(),
  online: z.boolean(),
  inPortal: z.boolean(),
});
export const portalCandidatesOp = defineOperation({
  method: 'GET',
  path: '/gaa/portals/:portalKey/candidates',
  summary: 'Every shop, searched by name or id, paged, marked when already in the portal',
  spec: SPEC,
  allow: ['gaa'],
  params: ZKey,
  query: ZList,
  response: z.object({ total: z.number().int(), rows: z.array(ZPortalCandidate) }),
});
export const addPortalShopsOp = defineOperation({
  method: 'POST',
  path: '/gaa/portals/:portalKey/shops',
  summary: 'Add shops to a portal (at the end of its list; shops already in it are skipped)',
  spec: SPEC,
  allow: ['gaa'],
  params: ZKey,
  body: z.object({
    shopIds: z.array(zId()).min(1, PORTAL_MESSAGES.shopsRequired.zh).max(PORTAL_LIMITS.maxAddAtOnce),
  }),
  response: z.object({ added: z.number().int() }),
});
export const getPortalShopOp = defineOperation({
  method: 'GET',
  path: '/gaa/portals/:portalKey/shops/:shopId',
  summary: "One shop's entry in a portal",
  spec: SPEC,
  allow: ['gaa'],
  params: ZKeyShop,
  response: z.object({ portal: ZPortal, shop: ZPortalShop }),
});
export const updatePortalShopOp = defineOperation({
  method: 'PUT',
  path: '/gaa/portals/:portalKey/shops/:shopId',
  summary: "Set one shop's entry: display order, label, visible",
  spec: SPEC,
  allow: ['gaa'],
  params: ZKeyShop,
  body: ZPortalShopInput,
  response: z.object({ shop: ZPortalShop }),
});
export const removePortalShopOp = defineOperation({
  method: 'DELETE',
  path: '/gaa/portals/:portalKey/shops/:shopId',
  summary: 'Remove a shop from a portal',
  spec: SPEC,
  allow: ['gaa'],
  params: ZKeyShop,
  response: z.object({ ok: z.literal(true) }),
});
export const ZPortalShopOverviewRow = z.object({
  shopId: z.number().int(),
  name: zText(),
  online: z.boolean(),
  portals: z.array(z.object({ key: zText(), name: zText(), visible: z.boolean() })),
});
export type TPortalShopOverviewRow = z.infer<typeof ZPortalShopOverviewRow>;
export const portalShopsOverviewOp = defineOperation({
  method: 'GET',
  path: '/gaa/portal-shops',
  summary: 'Every shop that is in at least one portal, with its portals (/portals/shops)',
  spec: SPEC,
  allow: ['gaa'],
  query: ZList,
  response: z.object({ total: z.number().int(), rows: z.array(ZPortalShopOverviewRow) }),
});

export const ZUploadedLogo = z.object({ image: zText(), url: zText() });
/** multipart/form-data with one file field `file`; the body is read by the route, not by a schema. */
export const uploadPortalLogoOp = defineOperation({
  method: 'POST',
  path: '/gaa/portal-logos',
  summary: "Upload an entrance's logo (PNG, JPEG or WebP, at most 1 MB); the form saves its URL",
  spec: SPEC,
  allow: ['gaa'],
  multipartFile: 'file',
  response: ZUploadedLogo,
  status: 201,
});
export const reorderPortalShopsOp = defineOperation({
  method: 'PUT',
  path: '/gaa/portals/:portalKey/shop-order',
  summary:
    "Reorder a portal's shops (drag and drop): the listed shops take the places they held, in the given order",
  spec: SPEC,
  allow: ['gaa'],
  params: ZKey,
  body: z.object({ shopIds: z.array(zId()).min(1, PORTAL_MESSAGES.shopsRequired.zh).max(PORTAL_ORDER_MAX) }),
  response: z.object({ ok: z.literal(true) }),
});

/** The public page's path. */
export const portalPagePath = (key: string) => `/p/${encodeURIComponent(key)}`;
