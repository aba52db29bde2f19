import { z } from 'zod';
import { PG_INT, zId, zText } from '../../../common/bounds';
import { defineOperation } from '../../../common/operation';
import {
  MENU_COPY_USER_TYPES,
  MENU_MESSAGES,
  MENU_USER_TYPES,
  ZMenuParams,
  ZMenuProduct,
} from './menu-model';

const ZProductIds = z
  .array(zId())
  .min(1, MENU_MESSAGES.selectionRequired.zh)
  .max(1000)
  .transform((ids) => [...new Set(ids)]);

export const ZBulkSoldOutRequest = z.object({ productIds: ZProductIds, soldOut: z.boolean() });
export type TBulkSoldOutRequest = z.input<typeof ZBulkSoldOutRequest>;

export const ZBulkMoveRequest = z.object({
  productIds: ZProductIds,
  classId: z.number({ error: MENU_MESSAGES.classRequired.zh }).int().positive().max(PG_INT.max),
});
export type TBulkMoveRequest = z.input<typeof ZBulkMoveRequest>;

const ZBulkResponse = z.object({ products: z.array(ZMenuProduct) });

export const bulkSoldOutOp = defineOperation({
  method: 'POST',
  path: '/:type/shops/:accountId/menu/bulk/sold-out',
  summary: 'Mark products sold out, or back on sale',
  allow: MENU_USER_TYPES,
  params: ZMenuParams,
  body: ZBulkSoldOutRequest,
  response: ZBulkResponse,
});

export const bulkMoveOp = defineOperation({
  method: 'POST',
  path: '/:type/shops/:accountId/menu/bulk/move',
  summary: 'Move products to another class (appended at its end, in their current order)',
  allow: MENU_USER_TYPES,
  params: ZMenuParams,
  body: ZBulkMoveRequest,
  response: ZBulkResponse,
});

export const restoreStockOp = defineOperation({
  method: 'POST',
  path: '/:type/shops/:accountId/menu/bulk/restore-stock',
  summary: "Restore today's stock now: every product back to its daily stock, sold-out marks cleared",
  allow: MENU_USER_TYPES,
  params: ZMenuParams,
  response: z.object({ restored: z.number().int() }),
});

export const ZCopyMenuRequest = z.object({ fromAccountId: zId() });
export type TCopyMenuRequest = z.infer<typeof ZCopyMenuRequest>;

export const copyMenuOp = defineOperation({
  method: 'POST',
  path: '/:type/shops/:accountId/menu/copy',
  summary: "Replace this shop's menu by a copy of another shop's (gaa any two shops, si between its own)",
  allow: MENU_COPY_USER_TYPES,
  params: ZMenuParams.extend({ type: z.enum(MENU_COPY_USER_TYPES) }),
  body: ZCopyMenuRequest,
  response: z.object({ classes: z.number().int(), products: z.number().int() }),
});

export const ZUploadedImage = z.object({ image: zText(), url: zText() });
export type TUploadedImage = z.infer<typeof ZUploadedImage>;

/** multipart/form-data with one file field `file`; the body is read by the route, not by a schema. */
export const uploadMenuImageOp = defineOperation({
  method: 'POST',
  path: '/:type/shops/:accountId/menu/images',
  summary: 'Upload a product image (PNG, JPEG or WebP, at most 2 MB)',
  allow: MENU_USER_TYPES,
  params: ZMenuParams,
  multipartFile: 'file',
  response: ZUploadedImage,
  status: 201,
});

export {
  MENU_IMAGE_PATH,
  MENU_IMAGE_VARIANT,
  MENU_IMAGE_WIDTHS,
  menuImageSrcset,
  menuImageUrl,
  type TMenuImageWidth,
} from './menu-images';
