import { z } from 'zod';

/** The four console user types (spec 000 §1). */
export const USER_TYPES = ['gaa', 'si', 'eaa', 'line'] as const;
export const ZUserType = z.enum(USER_TYPES);
export type TUserType = z.infer<typeof ZUserType>;

/** Portals that remember themselves as "last portal type" (spec 000 §4): line users use the eaa login after logout. */
export const REMEMBERED_PORTALS = ['gaa', 'si', 'eaa'] as const;
export type TRememberedPortal = (typeof REMEMBERED_PORTALS)[number];
export const DEFAULT_PORTAL: TRememberedPortal = 'eaa';

/** Shop kind: the /retail/ tree and type=retail queries select on it. */
export const SHOP_KINDS = ['catering', 'retail'] as const;
export const ZShopKind = z.enum(SHOP_KINDS);
export type TShopKind = z.infer<typeof ZShopKind>;
/**
 * The report pages' shop-kind filter (?kind=): the retail tree asks for retail shops, the console for
 * catering ones; left out = every shop (API clients of before keep their answers). docs/decisions/shops.md "Retail tree".
 */
export const ZShopKindFilter = ZShopKind.optional();
