import { z } from 'zod';
import { zText } from '../../../common/bounds';
import { defineOperation } from '../../../common/operation';
import { ZPagingQuery } from '../../../common/paging';
import { ZShopKind } from '../../../common/user-types';

/** SI shop row (spec 002 §3). */
export const ZSiShopRow = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  name: zText(),
  storeInfo: zText().nullable(),
  siAccountName: zText().nullable(),
  siAccountId: z.number().int().nullable(),
  /** The store-system shop id ("shop SHOP ID" column). */
  shopId: zText().nullable(),
  invoice: zText().nullable(),
});
export type TSiShopRow = z.infer<typeof ZSiShopRow>;

export const SI_SHOP_SORT_KEYS = ['accountId', 'name', 'shopId', 'invoice'] as const;

export const ZSiShopsRequest = ZPagingQuery.extend({
  /** The search box (spec 002 §2 screen 2): account id exact, or name, SHOP ID or tax id containing the text. */
  keyword: zText().trim().max(50).optional(),
  type: ZShopKind.default('catering'),
});
export type TSiShopsRequest = z.input<typeof ZSiShopsRequest>;

// spec 002 §7 Shops: GET /si/shops/bulk — the caller's SI account's shops only.
export const siShopsOp = defineOperation({
  method: 'GET',
  path: '/si/shops/bulk',
  summary: "si shop list: the shops of the caller's SI account",
  spec: '002 §7 Shops',
  allow: ['si'],
  query: ZSiShopsRequest,
  response: z.object({ data: z.object({ total: z.number().int(), shops: z.array(ZSiShopRow) }) }),
});

/** Page sizes of the eaa list (spec 002 §9); the first is the default. */
export const EAA_PAGE_SIZES = [10, 15, 20] as const;

/** EAA shop row (spec 002 §3: accountId, businessId, name) with the list's tax id and online-ordering switch. */
export const ZEaaShopRow = z.object({
  accountId: z.number().int(),
  businessId: z.number().int(),
  name: zText(),
  invoice: zText().nullable(),
  /** Online ordering (spec 000 §3 isEnabled, 002 §4). */
  isEnabled: z.boolean(),
});
export type TEaaShopRow = z.infer<typeof ZEaaShopRow>;

export const ZEaaShopsRequest = ZPagingQuery.extend({
  limit: z.coerce.number().int().min(1).max(200).default(EAA_PAGE_SIZES[0]),
  type: ZShopKind.default('catering'),
});
export type TEaaShopsRequest = z.input<typeof ZEaaShopsRequest>;

// spec 002 §7 Shops: GET /eaa/shops (response shops[]), also with type=retail.
export const eaaShopsOp = defineOperation({
  method: 'GET',
  path: '/eaa/shops',
  summary: 'eaa shop list: the shops the caller owns',
  spec: '002 §7 Shops',
  allow: ['eaa'],
  query: ZEaaShopsRequest,
  response: z.object({ total: z.number().int(), shops: z.array(ZEaaShopRow) }),
});
