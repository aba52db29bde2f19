import { z } from 'zod';
import { TEXT_MAX, zId, zQueryId, zText } from '../../../common/bounds';
import { msg } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { ACLS, SHOP_MANAGERS_PATH, type TAcl } from './acl-map';

export const ZAcl = z.enum(ACLS);

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
  path: SHOP_MANAGERS_PATH,
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
