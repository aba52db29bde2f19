import { CONSOLE_ROUTES, expandShopPages, SHOP_PAGES } from './route-table';
import { LOGIN_ROUTES, type TRouteDef } from './route-types';

/**
 * The retail tree of spec 000 §2, served under /retail/ (basename /retail). It reuses the console's
 * route definitions where the path is the same, so a page registered once serves both trees; the shop
 * pages live under /{type}/common/{id}/... instead of /{type}/business/{id}/....
 */
const SHARED_IDS = new Set([
  'gaa-business',
  'gaa-business-wizard',
  'gaa-business-contract',
  'si-business',
  'eaa-shop-management',
  'eaa-promotions',
  'eaa-promotion-setting',
  'eaa-settings',
  'eaa-acls',
  'summary-orders',
  'summary-stat',
  'summary-shop-stat',
  'menu-management',
  'line-notify-groups',
  'portals',
  'portals-new',
  'portals-edit',
  'portals-shops',
  'portals-add-shops',
  'portal-shops',
  'portal-shop',
  'send-coupons',
  'send-coupons-new',
  'send-coupons-edit',
  'send-coupons-shops',
  'send-coupons-add-shops',
  'send-coupons-group-shops',
  'send-coupons-voucher',
  'opening',
  'account-email',
  'si-email-template',
  'gaa-users',
  'gaa-users-new',
  'gaa-users-edit',
  'si-accounts',
  'si-accounts-new',
  'si-accounts-edit',
  'si-users',
  'si-users-new',
  'si-account-users',
  'si-account-users-new',
  'si-account-users-edit',
  'eaa-account',
  'eaa-accounts',
  'eaa-accounts-new',
  'eaa-accounts-edit',
  'eaa-accounts-shops',
  'sales-query',
  'sales-banned-list',
  'printers-list',
]);

const RETAIL_SHOP_KEYS = new Set(['info', 'edit', 'qr', 'promotion']);

export const RETAIL_ROUTES: readonly TRouteDef[] = [
  ...LOGIN_ROUTES,
  ...expandShopPages(
    SHOP_PAGES.filter((p) => RETAIL_SHOP_KEYS.has(p.key)),
    'common',
  ),
  ...CONSOLE_ROUTES.filter((route) => SHARED_IDS.has(route.id)),
];
