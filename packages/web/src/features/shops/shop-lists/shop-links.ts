import type { TUserType } from '@shopdesk/contract';

/**
 * Where the list actions lead (spec 002 §2 screens 1–3). Shop pages sit under /{type}/business/{id}/…
 * in the console and /{type}/common/{id}/… in the retail tree (spec 000 §2); the shell pages open in a
 * new tab with shop_id and shop_name (spec 002 §2 "These pages open in a new browser tab").
 */
export type TShopRef = { id: number; name: string; siAccountId?: number | null };

const q = (params: Record<string, string | number | null | undefined>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) s.set(k, String(v));
  return s.toString();
};

export const shopPage = (type: TUserType, retail: boolean, id: number, page: string) =>
  `/${type}/${retail ? 'common' : 'business'}/${id}/${page}`;

/** A shell page in a new tab: an absolute href under the app's basename. */
export const newTabHref = (basename: string, path: string, shop: TShopRef) =>
  `${basename}${path}?${q({ shop_id: shop.id, shop_name: shop.name })}`;

export const infoPage = (type: TUserType, retail: boolean, shop: TShopRef) =>
  `${shopPage(type, retail, shop.id, 'info')}?${q({ siAccountId: shop.siAccountId ?? '' })}`;

export const updateOaPage = (type: TUserType, shop: TShopRef) =>
  `/${type}/business/${shop.id}/update-oa?${q({ siAccountId: shop.siAccountId ?? '', type: 'catering' })}`;

/** gaa "shop parameters": the per-shop settings page (spec 001), opened for one account. */
export const gaaSettingsPage = (shop: TShopRef) => `/gaa/settings?${q({ accountId: shop.id })}`;

export const contractPage = (shop: TShopRef) =>
  `/gaa/business/${shop.id}/contract?${q({ businessId: shop.id })}`;
