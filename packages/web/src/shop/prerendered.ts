import type { TMealType, TStorefrontMenu, TStorefrontShop } from '@shopdesk/contract';

/**
 * What the server put in the page (docs/decisions/customer-app.md "Customer app: first paint from the server"):
 * the shop's profile and, on the menu, the menu of the meal type it showed, so the first render needs no
 * request and matches the page's first screen (server features/orders/storefront/shop-page.ts).
 */
type TPageData = {
  shopId: number;
  shop: TStorefrontShop;
  menu?: { mealType: TMealType; menu: TStorefrontMenu };
};

const read = (): TPageData | null => {
  if (typeof document === 'undefined') return null;
  try {
    const text = document.getElementById('shop-data')?.textContent;
    return text ? (JSON.parse(text) as TPageData) : null;
  } catch {
    return null;
  }
};
const page = read();
let menuUsed = false;

/** The page's first screen drawn by the server (the app's first render replaces it). */
export const hasFirstScreen = () =>
  typeof document !== 'undefined' && Boolean(document.getElementById('root')?.firstElementChild);

export const pageShop = (shopId: number): TStorefrontShop | undefined =>
  page?.shopId === shopId ? page.shop : undefined;

/** The page's menu, for the first menu shown only: a later visit of the menu reads it afresh. */
export const pageMenu = (shopId: number, mealType: TMealType | null): TStorefrontMenu | undefined =>
  !menuUsed && page?.shopId === shopId && page.menu?.mealType === mealType ? page.menu.menu : undefined;
export const pageMenuUsed = () => {
  menuUsed = true;
};
