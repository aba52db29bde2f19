import { z } from 'zod';
import { zId, zQueryId, zText } from '../../../common/bounds';
import { msg } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { POS_USERS_PATH } from '../acls/acl-map';

/** Console portals that manage order-machine users (spec 002 §2 screens 3 and 5: gaa and eaa lists; si by shop access). */
export const POS_USER_CONSOLE_TYPES = ['gaa', 'si', 'eaa'] as const;
/** Who may call the POS-user API: those, and a shop manager (line) holding the `user` acl, its own shop. */
export const POS_USER_CALLER_TYPES = [...POS_USER_CONSOLE_TYPES, 'line'] as const;
export const ZPosUserConsoleType = z.enum(POS_USER_CALLER_TYPES);

/** spec 002 §5 and §9: at most 100 POS users per shop. */
export const POS_USERS_MAX = 100;
/** The list never carries a password; the dialog shows this in its place (spec 002 §2 screen 5). */
export const POS_PASSWORD_MASK = '••••••';

export const POS_USER_MESSAGES = {
  // spec 002 §8 POS users
  added: msg('新增成功！', 'User added!'),
  addFailed: msg('無法新增使用者', 'Unable to add the user'),
  deleted: msg('已刪除。', 'Deleted.'),
  deleteFailed: msg('無法刪除使用者', 'Unable to delete the user'),
  // Our rules (docs/decisions/shops.md "POS users")
  usernameRequired: msg('請輸入使用者名稱', 'Please enter a username'),
  usernameRule: msg(
    '使用者名稱須為 3–32 個小寫英文字母、數字或 . _ -，並以字母或數字開頭',
    'Usernames are 3–32 lower-case letters, digits or . _ -, starting with a letter or digit',
  ),
  passwordRule: msg('密碼須為 8–72 個字元', 'Passwords are 8 to 72 characters'),
  usernameTaken: msg('此使用者名稱已被使用', 'This username is already taken'),
  limitReached: msg('每間商店最多 100 個點餐機使用者', 'A shop may have at most 100 order-machine users'),
  badCredentials: msg(
    '請確認使用者名稱與密碼是否正確',
    'Please check if the username and password are correct',
  ),
} as const;

/** Usernames are global (the POS sign-in names no shop), case-insensitive and stored lower-case. */
export const ZPosUsername = zText(undefined, { error: POS_USER_MESSAGES.usernameRequired.zh })
  .trim()
  .toLowerCase()
  .min(1, POS_USER_MESSAGES.usernameRequired.zh)
  .regex(/^[a-z0-9][a-z0-9._-]{2,31}$/, POS_USER_MESSAGES.usernameRule.zh);

export const ZPosPassword = zText(undefined, { error: POS_USER_MESSAGES.passwordRule.zh })
  .min(8, POS_USER_MESSAGES.passwordRule.zh)
  .max(72, POS_USER_MESSAGES.passwordRule.zh);

/** A POS user as the console lists it (spec 002 §3 "POS user", without its password). */
export const ZPosUser = z.object({
  username: zText(),
  shopId: z.number().int(),
  createdAt: zText(),
});
export type TPosUser = z.infer<typeof ZPosUser>;

// spec 002 §7 POS users
export const listPosUsersOp = defineOperation({
  method: 'GET',
  path: POS_USERS_PATH,
  summary: 'Order-machine users of a shop (passwords are never returned)',
  spec: '002 §7 POS users',
  allow: POS_USER_CALLER_TYPES,
  params: z.object({ userType: ZPosUserConsoleType }),
  query: z.object({ shopId: zQueryId() }),
  response: z.object({ total: z.number().int(), max: z.number().int(), users: z.array(ZPosUser) }),
});

export const ZPosSignupRequest = z.object({
  username: ZPosUsername,
  password: ZPosPassword,
  shopId: zId(),
});
export type TPosSignupRequest = z.input<typeof ZPosSignupRequest>;

export const posSignupOp = defineOperation({
  method: 'POST',
  path: '/qcpos/signup',
  summary: 'Add an order-machine user to a shop (at most 100 per shop)',
  spec: '002 §7 POS users',
  allow: POS_USER_CALLER_TYPES,
  body: ZPosSignupRequest,
  response: z.object({ user: ZPosUser }),
  status: 201,
});

export const deletePosUserOp = defineOperation({
  method: 'DELETE',
  path: '/qcpos/users/:username',
  summary: 'Delete an order-machine user (its POS sessions end with it)',
  spec: '002 §7 POS users',
  allow: POS_USER_CALLER_TYPES,
  params: z.object({ username: zText().trim().toLowerCase().min(1).max(64) }),
  response: z.object({ ok: z.literal(true) }),
});

export const ZPosSigninRequest = z.object({
  username: zText(undefined, { error: POS_USER_MESSAGES.usernameRequired.zh })
    .trim()
    .toLowerCase()
    .min(1)
    .max(64),
  password: zText(undefined, { error: POS_USER_MESSAGES.passwordRule.zh }).min(1).max(200),
});
export type TPosSigninRequest = z.infer<typeof ZPosSigninRequest>;

/** spec 000 §3 "Point-of-sale user": shopId, shopName, username, token. */
export const ZPosSigninResponse = z.object({
  user: z.object({ shopId: z.number().int(), shopName: zText(), username: zText(), token: zText() }),
});

// spec 000 §7 Session: POST /qcpos/signin
export const posSigninOp = defineOperation({
  method: 'POST',
  path: '/qcpos/signin',
  summary: 'Order-machine sign-in: answers the POS user with a bearer token',
  spec: '000 §7 Session',
  allow: 'public',
  body: ZPosSigninRequest,
  response: ZPosSigninResponse,
});
