import {
  aclAllows,
  MENU_SHOPS_PATH,
  POS_USERS_PATH,
  SETTINGS_INFO_PATH,
  SHOP_CONTRACTS_PATH,
  SHOP_EDIT_PATH,
  SHOP_MANAGERS_PATH,
  SHOP_PATH,
  STATS_SUMMARY_PATH,
  SUMMARY_ORDERS_PATH,
  type TUser,
} from '@shopdesk/contract';
import { CONSOLE_ROUTES, HOME_PATH } from './route-table';

/**
 * The pages a shop manager (line user) may open, each named by the call it opens with. Whether the manager
 * may open it is the contract's acl map asked about that call (`aclAllows`, spec 002 §3): the same rule the
 * server's authorisation hook runs, so the sidebar and the route guard never disagree with the API.
 */
// The calls' paths are the contract's path constants, not `op.path`: an operation object brings its zod
// schemas (and zod) into the entry chunk, which every page, the login page first, loads (bench/bundle-budget.mjs).
const MANAGER_PAGE_CALLS: Readonly<Record<string, string>> = {
  'summary-stat': STATS_SUMMARY_PATH,
  'summary-orders': SUMMARY_ORDERS_PATH,
  'menu-management': MENU_SHOPS_PATH,
  'line-business-info': SHOP_PATH,
  'line-business-pos-users': POS_USERS_PATH,
  'line-business-contract': SHOP_CONTRACTS_PATH,
  'line-business-acls': SHOP_MANAGERS_PATH,
  'line-business-edit': SHOP_EDIT_PATH,
  'line-business-settings': SETTINGS_INFO_PATH,
};

/** Whether the user's acls open the route (users other than line are not bound by acls). */
export const aclsOpen = (user: TUser | null | undefined, routeId: string): boolean => {
  const call = MANAGER_PAGE_CALLS[routeId];
  return user?.type !== 'line' || call === undefined || aclAllows(user, call);
};

/** A route path with the manager's one shop in place of `:id` (null when the manager has no shop). */
export const managerPath = (user: TUser | null | undefined, path: string): string | null => {
  if (!path.includes(':id')) return path;
  const shop = user?.shopAccountId;
  return shop ? path.replace(':id', String(shop)) : null;
};

/**
 * Where a user lands after signing in and where "Back to home" leads: the statistics page, or for a shop manager
 * without the report acl the first page of its sidebar its acls open (Orders with `order`), so that home never
 * shows "No permission" and the button never leads back to the page it is on. A manager whose acls open no
 * page keeps the statistics page (it says no permission: there is nothing else to show).
 */
export const homePath = (user: TUser | null | undefined): string => {
  if (user?.type !== 'line') return HOME_PATH;
  for (const routeId of Object.keys(MANAGER_PAGE_CALLS)) {
    if (!aclsOpen(user, routeId)) continue;
    const route = CONSOLE_ROUTES.find((r) => r.id === routeId);
    const path = route && managerPath(user, route.path);
    if (path) return path;
  }
  return HOME_PATH;
};
