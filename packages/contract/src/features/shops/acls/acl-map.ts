// The acl map and the paths of the calls a shop manager's pages open with, without zod: the web's entry chunk
// (app/manager-pages.ts, the route guard and the sidebar), which the login page loads, imports them, and a
// bundler puts a whole module in one chunk: the operations' modules (and zod) stay out of it
// (bench/bundle-budget.mjs). acls.ts builds the schemas on these; the operations use these paths.

/** spec 002 §3 "Permission values (acls)", in the spec's order. */
export const ACLS = ['shop', 'product', 'user', 'contract', 'admin', 'report', 'order'] as const;
export type TAcl = (typeof ACLS)[number];
export const isAcl = (v: string): v is TAcl => (ACLS as readonly string[]).includes(v);

/**
 * The acl map (docs/decisions/shops.md "Permissions"): which acl a shop manager (a `line` user) needs for an API
 * route, by the route's path under /console/apis. One place: the server's authorisation hook asks it for
 * every request of a line user, the web sidebar hides what it refuses, and the acl test walks the OpenAPI
 * document with it. null = no acl needed (the session itself, /me). Paths a line user may not call at all are
 * refused by their `allow` before the acl is asked; they are mapped too, so the map reads as the spec's list.
 */
const ACL_RULES: readonly [RegExp, TAcl][] = [
  // report: statistics, sales query, report pages
  [/^\/:type\/stats(\/|$)/, 'report'],
  [/^\/:type\/sales(\/|$)/, 'report'],
  [/^\/gaa\/sales(\/|$)/, 'report'],
  [/^\/gaa\/report\//, 'report'],
  // order: the order list, its details and actions, the banned-customer list
  [/^\/:type\/summary\/orders(\/|$)/, 'order'],
  [/^\/:type\/banned-customers(\/|$)/, 'order'],
  // product: the menu editor
  [/^\/:type\/menu(\/|$)/, 'product'],
  [/^\/:type\/shops\/:accountId\/menu(\/|$)/, 'product'],
  // user: the shop's point-of-sale (order-machine) users
  [/^\/(:type|:userType|gaa|si|eaa)\/qcpos\/users/, 'user'],
  [/^\/qcpos\/(signup|users)/, 'user'],
  // contract: contracts and the system switch
  [/^\/gaa\/(shops\/:accountId\/contract|contract(\/|$)|shops\/sys\/)/, 'contract'],
  // admin: the permission page (managers and their acls: whoever edits acls can give itself all of them)
  [/^\/eaa\/eaa-shops\/:[A-Za-z]+\/(acls|managers)$/, 'admin'],
  // and the platform's admin tools (gaa only)
  [/^\/gaa\/(accounts\/:id\/|generator\/|dev\/|orders\/:id\/logistic-recall)/, 'admin'],
  // shop: a shop's profile, settings, times, QR codes, printers, integrations (after the menu rules above)
  [/^\/(:type|:userType)\/(shops|accounts|qrcode|si-accounts)\b/, 'shop'],
  [/^\/console\/:[A-Za-z]+\//, 'shop'],
  [/^\/gaa\/shops\/:[A-Za-z]+\/(mw-settings|services|service-urls|dvr-settings)$/, 'shop'],
];

export const aclForPath = (path: string): TAcl | null => {
  for (const [re, acl] of ACL_RULES) if (re.test(path)) return acl;
  return null;
};

/** Whether a user may call a path: only shop managers (line users) are bound by acls. */
export const aclAllows = (user: { type: string; acls?: readonly string[] | null }, path: string) => {
  if (user.type !== 'line') return true;
  const need = aclForPath(path);
  return need === null || (user.acls ?? []).includes(need);
};

// The calls the manager pages open with (app/manager-pages.ts in the web); each operation's path.

/** getContractsOp */
export const SHOP_CONTRACTS_PATH = '/gaa/shops/:accountId/contract';

/** getShopOp */
export const SHOP_PATH = '/:type/shops/:id';

/** listManagersOp */
export const SHOP_MANAGERS_PATH = '/eaa/eaa-shops/:id/managers';

/** listMenuShopsOp */
export const MENU_SHOPS_PATH = '/:type/menu/shops';

/** listPosUsersOp */
export const POS_USERS_PATH = '/:userType/qcpos/users';

/** listSummaryOrdersOp */
export const SUMMARY_ORDERS_PATH = '/:type/summary/orders';

/** statsSummaryOp */
export const STATS_SUMMARY_PATH = '/:type/stats/summary';
/** putShopOp */
export const SHOP_EDIT_PATH = '/:type/shops/:businessId';
/** getSettingsInfoOp */
export const SETTINGS_INFO_PATH = '/console/:id/info';
