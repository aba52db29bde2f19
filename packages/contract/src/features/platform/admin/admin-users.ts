import { z } from 'zod';
import { PG_INT, TEXT_LIMITS, TEXT_MAX, zId, zQueryId, zQueryInt, zText } from '../../../common/bounds';
import { msg } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { ZUserType } from '../../../common/user-types';

/**
 * Platform administration: gaa users, SI accounts and their users, store-owner (eaa) accounts.
 * Paths are ours (the spec shows none): /{type}/admin/…, the caller's own portal type first.
 */

export const ADMIN_PAGE_SIZES = [15, 25, 50] as const;

export const ADMIN_MESSAGES = {
  nameRequired: msg('請輸入名稱', 'Please enter a name'),
  emailRequired: msg('請輸入電子郵件', 'Please enter the e-mail'),
  emailInvalid: msg('電子郵件格式錯誤', 'Please enter a valid e-mail'),
  phoneInvalid: msg('電話只能有數字、空白、+、-、#、()', 'A phone number has only digits, spaces, + - # ( )'),
  emailTaken: msg('這個電子郵件已有帳號', 'An account with this e-mail already exists'),
  lastGaa: msg('至少要保留一位啟用中的管理員', 'At least one active administrator must remain'),
  notSelf: msg('不能停用自己的帳號', 'You cannot disable your own account'),
  siNameInvalid: msg(
    'SI 代號只能有小寫英文、數字與 -，以英文開頭',
    'The SI key has lower-case letters, digits and -, starting with a letter',
  ),
  siNameTaken: msg('這個 SI 代號已被使用', 'This SI key is already taken'),
  siHasShops: (n: number) =>
    msg(
      `這個 SI 還有 ${n} 間商店，請先把商店轉給其他 SI`,
      `This SI still has ${n} shops; reassign them first`,
    ),
  shopsRequired: msg('請至少選擇一間商店', 'Please choose at least one shop'),
  disabled: msg('已停用', 'Disabled'),
  ownerShared: msg(
    '這位商店擁有者也有其他 SI 或未指派的商店，只有平台管理員可以修改、停用或重寄邀請',
    'This store owner also owns shops outside your SI; only a platform administrator can edit, disable or re-invite them',
  ),
} as const;

const zEmail = () =>
  zText(undefined, { error: ADMIN_MESSAGES.emailRequired.zh })
    .trim()
    .min(1, ADMIN_MESSAGES.emailRequired.zh)
    .max(TEXT_LIMITS.email)
    .pipe(z.email(ADMIN_MESSAGES.emailInvalid.zh));
const zName = () =>
  zText(TEXT_MAX.name, { error: ADMIN_MESSAGES.nameRequired.zh })
    .trim()
    .min(1, ADMIN_MESSAGES.nameRequired.zh);
const zPhone = () =>
  zText(TEXT_LIMITS.phone)
    .trim()
    .regex(/^[0-9 +\-#()]*$/, ADMIN_MESSAGES.phoneInvalid.zh);

/** A console user as an administrator sees it (never a hash). */
export const ZAdminUserRow = z.object({
  id: z.number().int(),
  type: ZUserType,
  name: zText(),
  email: zText(),
  phone: zText().nullable(),
  siAccountId: z.number().int().nullable(),
  disabled: z.boolean(),
  /** false while the user has not set a password from the invitation yet. */
  passwordSet: z.boolean(),
  totpEnabled: z.boolean(),
  createdAt: zText(),
  /** eaa: the shops it owns. */
  shops: z.array(z.object({ id: z.number().int(), name: zText() })),
});
export type TAdminUserRow = z.infer<typeof ZAdminUserRow>;

export const ZAdminListQuery = z.object({
  offset: zQueryInt(0, PG_INT.max).default(0),
  limit: zQueryInt(1, 50).default(15),
  q: zText(TEXT_MAX.search).optional(),
});
export type TAdminListQuery = z.infer<typeof ZAdminListQuery>;
/** A user's state as the lists filter it: active (password set), invited (not yet set), disabled. */
export const ADMIN_USER_STATUSES = ['active', 'invited', 'disabled'] as const;
export type TAdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];
export const ZAdminUserListQuery = ZAdminListQuery.extend({ status: z.enum(ADMIN_USER_STATUSES).optional() });
export type TAdminUserListQuery = z.infer<typeof ZAdminUserListQuery>;
export const ZAdminUserPage = z.object({ total: z.number().int(), rows: z.array(ZAdminUserRow) });

export const ZNewUserBody = z.object({ name: zName(), email: zEmail(), phone: zPhone().optional() });
export type TNewUserBody = z.infer<typeof ZNewUserBody>;
export const ZEditUserBody = z.object({ name: zName(), phone: zPhone().optional(), disabled: z.boolean() });
export type TEditUserBody = z.infer<typeof ZEditUserBody>;
export const ZNewEaaBody = ZNewUserBody.extend({ shopIds: z.array(zId()).max(500) });
export type TNewEaaBody = z.infer<typeof ZNewEaaBody>;

const ZTypeParams = z.object({ type: ZUserType });
const ZUserParams = ZTypeParams.extend({ userId: zQueryId() });
const ZUserResponse = z.object({ user: ZAdminUserRow });

export const listGaaUsersOp = defineOperation({
  method: 'GET',
  path: '/gaa/admin/gaa-users',
  summary: 'Administrators (gaa users), paged and searched',
  allow: ['gaa'],
  query: ZAdminUserListQuery,
  response: ZAdminUserPage,
});
export const createGaaUserOp = defineOperation({
  method: 'POST',
  path: '/gaa/admin/gaa-users',
  summary: 'Invite an administrator (a set-password link is mailed)',
  allow: ['gaa'],
  body: ZNewUserBody,
  response: ZUserResponse,
  status: 201,
});

/** One user the caller may manage: gaa any; si its SI's users and the owners of its shops. */
export const getManagedUserOp = defineOperation({
  method: 'GET',
  path: '/:type/admin/users/:userId',
  summary: 'A user the caller manages',
  allow: ['gaa', 'si'],
  params: ZUserParams,
  response: ZUserResponse,
});
export const updateManagedUserOp = defineOperation({
  method: 'PUT',
  path: '/:type/admin/users/:userId',
  summary: 'Edit or disable a user (disabling ends its sessions at once)',
  allow: ['gaa', 'si'],
  params: ZUserParams,
  body: ZEditUserBody,
  response: ZUserResponse,
});
export const resendInviteOp = defineOperation({
  method: 'POST',
  path: '/:type/admin/users/:userId/invite',
  summary: 'Mail a new set-password link to the user',
  allow: ['gaa', 'si'],
  params: ZUserParams,
  response: z.object({ ok: z.literal(true) }),
});

// SI accounts (gaa only)
export const ZSiAccountRow = z.object({
  id: z.number().int(),
  name: zText(),
  displayName: zText(),
  contactName: zText().nullable(),
  email: zText().nullable(),
  phone: zText().nullable(),
  /** every shop of the SI (catering + retail), what removing the SI waits for */
  shopCount: z.number().int(),
  /** the SI's catering shops: what the console's gaa shop list filtered by the SI shows */
  cateringShopCount: z.number().int(),
  /** the SI's retail shops: what the retail tree's gaa shop list filtered by the SI shows */
  retailShopCount: z.number().int(),
  userCount: z.number().int(),
  createdAt: zText(),
});
export type TSiAccountRow = z.infer<typeof ZSiAccountRow>;
const zSiName = () =>
  zText(TEXT_LIMITS.accountName)
    .trim()
    .regex(/^[a-z][a-z0-9-]*$/, ADMIN_MESSAGES.siNameInvalid.zh);
export const ZSiAccountEditBody = z.object({
  displayName: zName(),
  contactName: zName(),
  email: zEmail(),
  phone: zPhone().optional(),
});
export type TSiAccountEditBody = z.infer<typeof ZSiAccountEditBody>;
/** A new SI: its contact becomes its first user and gets the set-password mail. */
export const ZSiAccountNewBody = ZSiAccountEditBody.extend({ name: zSiName() });
export type TSiAccountNewBody = z.infer<typeof ZSiAccountNewBody>;
const ZSiParams = z.object({ siId: zQueryId() });
const ZSiResponse = z.object({ siAccount: ZSiAccountRow });

export const listSiAccountsAdminOp = defineOperation({
  method: 'GET',
  path: '/gaa/admin/si-accounts',
  summary: 'SI accounts, paged and searched',
  allow: ['gaa'],
  query: ZAdminListQuery,
  response: z.object({ total: z.number().int(), rows: z.array(ZSiAccountRow) }),
});
export const createSiAccountOp = defineOperation({
  method: 'POST',
  path: '/gaa/admin/si-accounts',
  summary: 'Create an SI account and invite its first user',
  allow: ['gaa'],
  body: ZSiAccountNewBody,
  response: ZSiResponse,
  status: 201,
});
export const getSiAccountOp = defineOperation({
  method: 'GET',
  path: '/gaa/admin/si-accounts/:siId',
  summary: 'One SI account',
  allow: ['gaa'],
  params: ZSiParams,
  response: ZSiResponse,
});
export const updateSiAccountOp = defineOperation({
  method: 'PUT',
  path: '/gaa/admin/si-accounts/:siId',
  summary: 'Edit an SI account',
  allow: ['gaa'],
  params: ZSiParams,
  body: ZSiAccountEditBody,
  response: ZSiResponse,
});
export const removeSiAccountOp = defineOperation({
  method: 'DELETE',
  path: '/gaa/admin/si-accounts/:siId',
  summary: 'Remove an SI account without shops (its users are disabled)',
  allow: ['gaa'],
  params: ZSiParams,
  response: z.object({ ok: z.literal(true) }),
});

// SI users: gaa for any SI, si for its own
const ZTypeSiParams = ZTypeParams.extend({ siId: zQueryId() });
export const listSiUsersOp = defineOperation({
  method: 'GET',
  path: '/:type/admin/si-accounts/:siId/users',
  summary: 'Users of one SI account',
  allow: ['gaa', 'si'],
  params: ZTypeSiParams,
  query: ZAdminUserListQuery,
  response: ZAdminUserPage,
});
export const createSiUserOp = defineOperation({
  method: 'POST',
  path: '/:type/admin/si-accounts/:siId/users',
  summary: 'Invite a user of one SI account',
  allow: ['gaa', 'si'],
  params: ZTypeSiParams,
  body: ZNewUserBody,
  response: ZUserResponse,
  status: 201,
});

// Store owners (eaa): gaa all, si the owners of its shops
export const listEaaUsersOp = defineOperation({
  method: 'GET',
  path: '/:type/admin/eaa-users',
  summary: 'Store-owner accounts, paged and searched',
  allow: ['gaa', 'si'],
  params: ZTypeParams,
  query: ZAdminUserListQuery,
  response: ZAdminUserPage,
});
export const createEaaUserOp = defineOperation({
  method: 'POST',
  path: '/:type/admin/eaa-users',
  summary: 'Invite a store owner and give it shops',
  allow: ['gaa', 'si'],
  params: ZTypeParams,
  body: ZNewEaaBody,
  response: ZUserResponse,
  status: 201,
});
export const setEaaShopsOp = defineOperation({
  method: 'PUT',
  path: '/:type/admin/eaa-users/:userId/shops',
  summary: 'The shops a store owner owns (within the caller’s shops)',
  allow: ['gaa', 'si'],
  params: ZUserParams,
  body: z.object({ shopIds: z.array(zId()).max(500) }),
  response: ZUserResponse,
});
/** Shops the caller may hand to an owner (search over the caller's shops, paged). */
export const ZAssignableShop = z.object({
  id: z.number().int(),
  name: zText(),
  ownerName: zText().nullable(),
});
export const listAssignableShopsOp = defineOperation({
  method: 'GET',
  path: '/:type/admin/assignable-shops',
  summary: 'Shops the caller may give to a store owner',
  allow: ['gaa', 'si'],
  params: ZTypeParams,
  query: ZAdminListQuery,
  response: z.object({ total: z.number().int(), rows: z.array(ZAssignableShop) }),
});
