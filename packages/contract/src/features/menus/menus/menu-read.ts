import { z } from 'zod';
import { zText } from '../../../common/bounds';
import { defineOperation } from '../../../common/operation';
import { ZShopKindFilter, ZUserType } from '../../../common/user-types';
import { MENU_SHOPS_PATH } from '../../shops/acls/acl-map';
import { MENU_USER_TYPES, ZMenuClass, ZMenuParams, ZMenuProduct, ZMenuShop } from './menu-model';

// Not in the spec (it names only the pages, 000 §2): docs/decisions/menus.md "Menus" lists these calls.

export const ZMenuShopsQuery = z.object({
  /** Matches the shop name or its account id. */
  q: zText().trim().max(50).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  /** The retail tree (/retail/menu-management) lists retail shops, the console catering shops. */
  kind: ZShopKindFilter,
});
export type TMenuShopsQuery = z.input<typeof ZMenuShopsQuery>;

export const ZMenuShopOption = z.object({ accountId: z.number().int(), name: zText() });
export type TMenuShopOption = z.infer<typeof ZMenuShopOption>;

/** The shop picker: the caller's shops (gaa any, si its SI account's, eaa its own, line its one). */
export const listMenuShopsOp = defineOperation({
  method: 'GET',
  path: MENU_SHOPS_PATH,
  summary: 'Shops whose menu the caller may edit (search by name or account id)',
  allow: MENU_USER_TYPES,
  params: z.object({ type: ZUserType }),
  query: ZMenuShopsQuery,
  response: z.object({ total: z.number().int(), rows: z.array(ZMenuShopOption) }),
});

export const ZMenu = z.object({
  shop: ZMenuShop,
  classes: z.array(ZMenuClass),
  /** Every live (not archived) product of the shop, with its option groups and options, in order. */
  products: z.array(ZMenuProduct),
});
export type TMenu = z.infer<typeof ZMenu>;

export const getMenuOp = defineOperation({
  method: 'GET',
  path: '/:type/shops/:accountId/menu',
  summary: "A shop's whole menu: classes, products, option groups and options",
  allow: MENU_USER_TYPES,
  params: ZMenuParams,
  response: ZMenu,
});
