import { z } from 'zod';
import { TEXT_MAX, zId, zQueryId, zText } from '../common/bounds';
import { msg } from '../common/errors';
import { defineOperation } from '../common/operation';

/** spec 002 §3 "Permission values (acls)", in the spec's order. */
export const ACLS = ['shop', 'product', 'user', 'contract', 'admin', 'report', 'order'] as const;
export const ZAcl = z.enum(ACLS);
export type TAcl = z.infer<typeof ZAcl>;
export const isAcl = (v: string): v is TAcl => (ACLS as readonly string[]).includes(v);

export const ACL_LABELS: Record<TAcl, { zh: string; en: string }> = {
  shop: { zh: '商店管理', en: 'Shop management' },
  product: { zh: '商品管理', en: 'Product management' },
  user: { zh: '權限管理', en: 'Permission management' },
  contract: { zh: '合約管理', en: 'Contract management' },
  admin: { zh: '管理員', en: 'Admin' },
  report: { zh: '營運報表', en: 'Business reports' },
  order: { zh: '訂單管理', en: 'Order management' },
};

export const ACL_MESSAGES = {
  // spec 002 §8 Permission edit
  saved: msg('編輯權限成功', 'Permissions updated'),
  // ours (the spec shows none)
  saveFailed: msg('編輯權限失敗', 'Could not update the permissions'),
  notManager: msg('此使用者不是這間商店的管理者', 'This user is not a manager of this shop'),
  accountMismatch: msg('accountId 與網址不符', 'accountId does not match the address'),
} as const;

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

/** spec 002 §3 Manager (permission user). */
export const ZManager = z.object({
  userId: z.number().int(),
  accountId: z.number().int(),
  name: zText(),
  phone: zText().nullable(),
  email: zText(),
  acls: z.array(ZAcl),
});
export type TManager = z.infer<typeof ZManager>;

/** The owner, and a manager holding the `admin` acl for its own shop. */
const EAA = ['eaa', 'line'] as const;

// spec 002 §7 Acls
export const listManagersOp = defineOperation({
  method: 'GET',
  path: '/eaa/eaa-shops/:id/managers',
  summary: "A shop's managers (line users) with their acls",
  spec: '002 §7 Acls',
  allow: EAA,
  params: z.object({ id: zQueryId() }),
  response: z.object({ managers: z.array(ZManager) }),
});

export const ZSaveAclsRequest = z.object({
  userId: zId(),
  accountId: zId(),
  /** The full set the manager holds after the save (duplicates are removed). */
  acls: z.array(ZAcl).max(ACLS.length * 2),
});
export type TSaveAclsRequest = z.infer<typeof ZSaveAclsRequest>;

export const saveAclsOp = defineOperation({
  method: 'POST',
  path: '/eaa/eaa-shops/:accountId/acls',
  summary: "Sets a manager's acls (spec 002 §6); the change applies to the manager's next request",
  spec: '002 §7 Acls',
  allow: EAA,
  params: z.object({ accountId: zQueryId() }),
  body: ZSaveAclsRequest,
  response: z.object({ manager: ZManager, message: zText(TEXT_MAX.name) }),
});
