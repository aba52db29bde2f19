import { z } from 'zod';
import { zText } from '../../../common/bounds';
import { defineOperation } from '../../../common/operation';
import { ZPagingQuery } from '../../../common/paging';
import { ZShopKind } from '../../../common/user-types';
import { ZShopQueryParam, ZTagNamesParam } from './shop-query';

/** Page sizes of the gaa and si lists (spec 002 §9); the first is the default. */
export const GAA_PAGE_SIZES = [15, 25, 50] as const;

/** Sort keys of the gaa list (spec 002 §9): account id, name, initialised status, EAA name, tax id, SI name. */
export const GAA_SHOP_SORT_KEYS = [
  'accountId',
  'name',
  'isInitialized',
  'eaaName',
  'invoice',
  'siName',
] as const;
export type TGaaShopSortKey = (typeof GAA_SHOP_SORT_KEYS)[number];
/** spec 002 §2 screen 1: default sort by account id descending. */
export const GAA_SHOP_DEFAULT_SORT = { key: 'accountId', desc: true } as const;

/** Shop row (gaa), spec 002 §3. id and accountId are the same number (docs/decisions/shops.md). */
export const ZGaaShopRow = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  name: zText(),
  email: zText(),
  invoice: zText().nullable(),
  siAccountId: z.number().int().nullable(),
  siAccountName: zText().nullable(),
  eaaAccountName: zText().nullable(),
  eaaAccountEmail: zText().nullable(),
  /** Go-live status (spec 002 §4): false = not online, true = online. */
  isInitialized: z.boolean(),
  /** The old official account was stopped (spec 002 §4 "Old-account stop"). */
  isOaDisabled: z.boolean(),
  tags: z.array(zText()),
});
export type TGaaShopRow = z.infer<typeof ZGaaShopRow>;

export const ZQueryShopsRequest = ZPagingQuery.extend({
  query: ZShopQueryParam.optional(),
  queryByTag: ZTagNamesParam.optional(),
  /** Shop kind: the console lists catering shops, the /retail/ tree passes type=retail. */
  type: ZShopKind.default('catering'),
});
export type TQueryShopsRequest = z.input<typeof ZQueryShopsRequest>;

export const ZQueryShopsResponse = z.object({
  data: z.object({ total: z.number().int(), shops: z.array(ZGaaShopRow) }),
});
export type TQueryShopsResponse = z.infer<typeof ZQueryShopsResponse>;

// spec 002 §7 Shops: GET /gaa/shops/query
export const queryShopsOp = defineOperation({
  method: 'GET',
  path: '/gaa/shops/query',
  summary: 'gaa shop list: filter, sort and page',
  spec: '002 §7 Shops',
  allow: ['gaa'],
  query: ZQueryShopsRequest,
  response: ZQueryShopsResponse,
});

// spec 002 §7 Shops: GET /gaa/shops/bulk?type=retail — the retail tree's gaa list, same rows and paging.
export const bulkShopsOp = defineOperation({
  method: 'GET',
  path: '/gaa/shops/bulk',
  summary: 'gaa shop list by kind (type=retail for the retail tree)',
  spec: '002 §7 Shops',
  allow: ['gaa'],
  query: ZQueryShopsRequest,
  response: ZQueryShopsResponse,
});
