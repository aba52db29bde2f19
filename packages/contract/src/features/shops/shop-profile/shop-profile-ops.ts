import { z } from 'zod';
import { zQueryId, zText } from '../../../common/bounds';
import { defineOperation } from '../../../common/operation';
import { ZShopKind } from '../../../common/user-types';
import { SHOP_EDIT_PATH, SHOP_PATH } from '../acls/acl-map';
import { ZBusinessData, ZPrinterMealType } from './business-data';

/** The portal types of the shop pages (spec 000 §2 "Shop pages (type is gaa, si or eaa)"). */
export const SHOP_PORTALS = ['gaa', 'si', 'eaa'] as const;
export const ZShopPortal = z.enum(SHOP_PORTALS);
export type TShopPortal = z.infer<typeof ZShopPortal>;
const GSE = ['gaa', 'si', 'eaa'] as const;
/** The shop's own page: also a shop manager (line) holding the `shop` acl, its one shop. */
const GSEL = ['gaa', 'si', 'eaa', 'line'] as const;
const ZShopPageType = z.enum(GSEL);
/** Who opens the shop info page: the portals, and a shop manager (line) of its one shop. */
export type TShopPageType = z.infer<typeof ZShopPageType>;
const ZId = zQueryId().max(2_147_483_647);

export const ZShopResponse = z.object({
  accountId: z.number().int(),
  kind: ZShopKind,
  businessData: ZBusinessData,
  /** Expiry of the binding code (ISO 8601), null when the shop has none. */
  codeExpiredTime: zText().nullable(),
});
export type TShopResponse = z.infer<typeof ZShopResponse>;

// spec 000 §7 Shops: GET /{type}/shops/{id}
export const getShopOp = defineOperation({
  method: 'GET',
  path: SHOP_PATH,
  summary: 'The whole shop as businessData',
  spec: '000 §7 Shops',
  allow: GSEL,
  params: z.object({ type: ZShopPageType, id: ZId }),
  response: ZShopResponse,
});

export const ZPutShopRequest = z.object({ businessData: ZBusinessData });
export type TPutShopRequest = z.infer<typeof ZPutShopRequest>;

// spec 000 §7 Shops: PUT /{type}/shops/{businessId} body {businessData: whole shop}
export const putShopOp = defineOperation({
  method: 'PUT',
  path: SHOP_EDIT_PATH,
  summary: 'Save the shop edit form (rules of spec 000 §5 and 001 §5 are checked again)',
  spec: '000 §7 Shops',
  allow: GSEL,
  params: z.object({ type: ZShopPageType, businessId: ZId }),
  body: ZPutShopRequest,
  response: ZShopResponse,
});

export const ZBindingCodeResponse = z.object({
  results: z.object({ code: zText(), expiredTime: zText() }),
});
export type TBindingCodeResponse = z.infer<typeof ZBindingCodeResponse>;

// spec 000 §7 Shops: POST /{type}/shops/{accountId}/code with empty body
export const regenerateBindingCodeOp = defineOperation({
  method: 'POST',
  path: '/:type/shops/:accountId/code',
  summary: 'A new 6-digit binding code and its expiry',
  spec: '000 §7 Shops',
  allow: GSE,
  params: z.object({ type: ZShopPortal, accountId: ZId }),
  response: ZBindingCodeResponse,
});

/** Manager info (spec 000 §3 "Other entities"): the first element of the list is the shop's. */
export const ZManagerInfo = z.object({
  menuUrl: zText(),
  orderUrl: zText(),
  infoUrl: zText(),
  shoppingUrl: zText(),
  /** What the manager QR code encodes. */
  qrcodeUrl: zText(),
  /** Origin of the webhook; webhookUrl is the shop's full webhook address. */
  webhookUrlDomain: zText(),
  webhookUrl: zText(),
});
export type TManagerInfo = z.infer<typeof ZManagerInfo>;

// spec 000 §7 Shops: GET /{type}/si-accounts/{siAccountId}?type=&businessId=
export const managerInfoOp = defineOperation({
  method: 'GET',
  path: '/:type/si-accounts/:siAccountId',
  summary: 'Manager info of a shop: its public URLs (siAccountId 0 = a shop without SI)',
  spec: '000 §7 Shops',
  allow: GSEL,
  params: z.object({ type: ZShopPageType, siAccountId: z.coerce.number().int().min(0).max(2_147_483_647) }),
  query: z.object({ type: ZShopKind.optional(), businessId: ZId }),
  response: z.object({ results: z.array(ZManagerInfo) }),
});

export const ZLabelPrinter = z.object({
  /** Meal types whose label printing is off (spec 000 §3 printerLabelCheckboxes / disabledLabel). */
  disabledLabel: z.array(ZPrinterMealType).max(3),
});
export type TLabelPrinter = z.infer<typeof ZLabelPrinter>;

// spec 000 §7 Shops: GET /{type}/accounts/{id}/label-printer
export const getLabelPrinterOp = defineOperation({
  method: 'GET',
  path: '/:type/accounts/:id/label-printer',
  summary: 'Label-printer settings of a shop',
  spec: '000 §7 Shops',
  // line: the shop edit page of a manager holding the `shop` acl (its save, PATCH, is GSEL too)
  allow: GSEL,
  params: z.object({ type: ZShopPageType, id: ZId }),
  response: ZLabelPrinter,
});

// spec 000 §7 Shops: PATCH /{type}/accounts/{businessId}/label-printer body {disabledLabel}
export const patchLabelPrinterOp = defineOperation({
  method: 'PATCH',
  path: '/:type/accounts/:businessId/label-printer',
  summary: 'Save the label-printer settings',
  spec: '000 §7 Shops',
  allow: GSEL,
  params: z.object({ type: ZShopPageType, businessId: ZId }),
  body: ZLabelPrinter,
  response: ZLabelPrinter,
});
