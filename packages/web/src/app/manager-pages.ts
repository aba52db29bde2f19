import {
  aclAllows,
  getContractsOp,
  getSettingsInfoOp,
  getShopOp,
  listManagersOp,
  listMenuShopsOp,
  listPosUsersOp,
  listSummaryOrdersOp,
  putShopOp,
  statsSummaryOp,
  type TUser,
} from '@shopdesk/contract';

/**
 * The pages a shop manager (line user) may open, each named by the call it opens with. Whether the manager
 * may open it is the contract's acl map asked about that call (`aclAllows`, spec 002 §3): the same rule the
 * server's authorisation hook runs, so the sidebar and the route guard never disagree with the API.
 */
const MANAGER_PAGE_CALLS: Readonly<Record<string, string>> = {
  'summary-stat': statsSummaryOp.path,
  'summary-orders': listSummaryOrdersOp.path,
  'menu-management': listMenuShopsOp.path,
  'line-business-info': getShopOp.path,
  'line-business-pos-users': listPosUsersOp.path,
  'line-business-contract': getContractsOp.path,
  'line-business-acls': listManagersOp.path,
  'line-business-edit': putShopOp.path,
  'line-business-settings': getSettingsInfoOp.path,
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
