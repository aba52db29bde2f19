import { z } from 'zod';
import { zQueryId, zText } from '../../../common/bounds';
import { msg } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { SHOP_PORTALS, ZShopPortal } from '../shop-profile/shop-profile-ops';

/** Who works on a shop's table QR codes: the shop pages' portals (spec routes.tsv: gaa si eaa). */
export const TABLE_QR_USERS = SHOP_PORTALS;
/** A database id: a positive int4, so an oversized number is a 400, not a database error. */
export const ZQrId = zQueryId().max(2_147_483_647);

// spec 000 §3 "QR code": qrType eatIn or toGo; spec 000 §9: web versions 1 and 2.
export const QR_TYPES = ['eatIn', 'toGo'] as const;
export const ZQrType = z.enum(QR_TYPES);
export type TQrType = z.infer<typeof ZQrType>;
export const WEB_VERSIONS = [1, 2] as const;
export const ZWebVersion = z.union([z.literal(1), z.literal(2)]);
export type TWebVersion = z.infer<typeof ZWebVersion>;
/** spec 000 §2: 1 = QC1.0, 2 = Web2.0. */
export const WEB_VERSION_LABELS: Record<TWebVersion, string> = { 1: 'QC1.0', 2: 'Web2.0' };

/** spec 000 §9: QR image 200 px by default, error correction level H. Size bounds are ours (docs/decisions/shops.md). */
export const QR_IMAGE = { defaultSize: 200, minSize: 100, maxSize: 1000, errorLevel: 'H' } as const;
export const TABLE_NUMBER_MAX = 20;

export const TABLE_QR_MESSAGES = {
  // spec 000 §5 / §8
  tableNumberRequired: msg('桌號不能空白', 'Table number is required'),
  duplicate: msg('桌號重複', 'This table number already exists for this dining mode'),
  tableNumberTooLong: msg(
    `桌號最多 ${TABLE_NUMBER_MAX} 個字`,
    `Table number: at most ${TABLE_NUMBER_MAX} characters`,
  ),
} as const;

/** A table's QR code (spec 000 §3 "QR code"). `link` is what the QR encodes. */
export const ZTableQr = z.object({
  id: z.number().int(),
  tableNumber: zText(),
  qrType: ZQrType,
  webVersion: ZWebVersion,
  endpoint: zText(),
  accountId: z.number().int(),
  link: zText(),
});
export type TTableQr = z.infer<typeof ZTableQr>;

export const ZTableNumber = zText(undefined, { error: TABLE_QR_MESSAGES.tableNumberRequired.zh })
  .trim()
  .min(1, TABLE_QR_MESSAGES.tableNumberRequired.zh)
  .max(TABLE_NUMBER_MAX, TABLE_QR_MESSAGES.tableNumberTooLong.zh);

/** One code to create. The retail page sends only tableNumber: a dine-in code for web version 2 (spec 000 §2). */
export const ZCreateQrcodeItem = z.object({
  tableNumber: ZTableNumber,
  qrType: ZQrType.default('eatIn'),
  webVersion: ZWebVersion.default(2),
});
export type TCreateQrcodeItem = z.input<typeof ZCreateQrcodeItem>;

export const ZCreateQrcodesRequest = z.array(ZCreateQrcodeItem).min(1).max(100);
export type TCreateQrcodesRequest = z.input<typeof ZCreateQrcodesRequest>;

// spec 000 §7 Shops: results[] with tableNumber, qrType, endpoint, accountId, link, insertQrcodeRes.insertId
export const ZCreatedQrcode = ZTableQr.omit({ id: true }).extend({
  insertQrcodeRes: z.object({ insertId: z.number().int() }),
});
export const ZCreateQrcodesResponse = z.object({ results: z.array(ZCreatedQrcode) });
export type TCreateQrcodesResponse = z.infer<typeof ZCreateQrcodesResponse>;

export const ZQrcodeListResponse = z.object({ results: z.array(ZTableQr) });
export type TQrcodeListResponse = z.infer<typeof ZQrcodeListResponse>;

const ZShopParams = z.object({ type: ZShopPortal, id: ZQrId });

export const listQrcodesOp = defineOperation({
  method: 'GET',
  path: '/:type/shops/:id/qrcode',
  summary: "A shop's table QR codes",
  spec: '000 §7 Shops',
  allow: TABLE_QR_USERS,
  params: ZShopParams,
  response: ZQrcodeListResponse,
});

export const createQrcodesOp = defineOperation({
  method: 'POST',
  path: '/:type/shops/:id/qrcode',
  summary: 'Create table QR codes',
  spec: '000 §7 Shops',
  allow: TABLE_QR_USERS,
  params: ZShopParams,
  body: ZCreateQrcodesRequest,
  response: ZCreateQrcodesResponse,
  status: 201,
});

export const deleteQrcodeOp = defineOperation({
  method: 'DELETE',
  path: '/:type/qrcode/:id',
  summary: 'Delete a table QR code',
  spec: '000 §7 Shops',
  allow: TABLE_QR_USERS,
  params: z.object({ type: ZShopPortal, id: ZQrId }),
  response: z.object({ id: z.number().int() }),
});

/** The sample spreadsheet (binary .xlsx); the web downloads it, it is not JSON. */
export const qrcodeExampleOp = defineOperation({
  method: 'GET',
  path: '/:type/qrcode-example',
  summary: 'Sample spreadsheet for the table import (.xlsx)',
  spec: '000 §7 Shops',
  allow: TABLE_QR_USERS,
  params: z.object({ type: ZShopPortal }),
  response: z.unknown().describe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
});
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
