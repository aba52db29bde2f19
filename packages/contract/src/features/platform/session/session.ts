import { z } from 'zod';
import { zText } from '../../../common/bounds';
import { msg, type TMessage } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { ZUserType } from '../../../common/user-types';
import { ZAcl } from '../../shops/acls/acls';

/** Signed-in user (spec 000 §3 "Signed-in user"). Never carries a password hash. */
export const ZUser = z.object({
  id: z.number().int(),
  type: ZUserType,
  name: zText(),
  email: zText(),
  /** A shop manager's (line user's) acls, so the sidebar shows only what the server allows (spec 002 §3). */
  acls: z.array(ZAcl).optional(),
  /** A shop manager's one shop (users.shop_account_id): the console opens that shop's pages (spec 002 §3). */
  shopAccountId: z.number().int().nullable().optional(),
});
export type TUser = z.infer<typeof ZUser>;

export const SESSION_MESSAGES = {
  // spec 000 §8 Login failure
  badCredentials: msg(
    '請確認使用者信箱與密碼是否正確',
    'Please check if the user email and password are correct',
  ),
  emailRequired: msg('請輸入電子郵件', 'Please enter your e-mail'),
  emailInvalid: msg('電子郵件格式錯誤', 'Please enter a valid e-mail'),
  passwordRequired: msg('請輸入密碼', 'Please enter your password'),
} as const;

/**
 * spec 000 §8 Login failure, when the sign-in throttle refuses (429): says when to try again (
 * item 18). The console and the POS sign-in answer it; the login pages show it as the server sends it.
 */
export const tooManyAttemptsMessage = (waitSec: number): TMessage => {
  const sec = Math.max(1, Math.ceil(waitSec));
  if (sec < 60)
    return {
      zh: `登入失敗次數過多，請於 ${sec} 秒後再試`,
      en: `Too many failed sign-ins. Please try again in ${sec} second${sec === 1 ? '' : 's'}`,
    };
  const min = Math.ceil(sec / 60);
  return {
    zh: `登入失敗次數過多，請於 ${min} 分鐘後再試`,
    en: `Too many failed sign-ins. Please try again in ${min} minute${min === 1 ? '' : 's'}`,
  };
};

export const ZSigninRequest = z.object({
  email: zText(undefined, { error: SESSION_MESSAGES.emailRequired.zh })
    .trim()
    .min(1, SESSION_MESSAGES.emailRequired.zh)
    .max(254)
    .pipe(z.email(SESSION_MESSAGES.emailInvalid.zh)),
  password: zText(undefined, { error: SESSION_MESSAGES.passwordRequired.zh })
    .min(1, SESSION_MESSAGES.passwordRequired.zh)
    .max(200),
  type: ZUserType,
});
export type TSigninRequest = z.infer<typeof ZSigninRequest>;

export const ZUserResponse = z.object({ user: ZUser });
export type TUserResponse = z.infer<typeof ZUserResponse>;

/**
 * The password step answers the user (signed in), or what is due first (two-factor): the code
 * of the user's authenticator ('totp'), or, for a gaa without two-factor, enrolling it ('enrol').
 */
export const ZSigninResponse = z.union([ZUserResponse, z.object({ next: z.enum(['totp', 'enrol']) })]);
export type TSigninResponse = z.infer<typeof ZSigninResponse>;

// spec 000 §7 Session
export const signinOp = defineOperation({
  method: 'POST',
  path: '/:type/signin',
  summary: 'Sign in at a portal',
  spec: '000 §7 Session',
  allow: 'public',
  params: z.object({ type: ZUserType }),
  body: ZSigninRequest,
  response: ZSigninResponse,
});

export const signoutOp = defineOperation({
  method: 'POST',
  path: '/signout',
  summary: 'Sign out (deletes the session row)',
  spec: '000 §7 Session',
  allow: 'public',
  response: z.object({ ok: z.literal(true) }),
});

export const meOp = defineOperation({
  method: 'GET',
  path: '/me',
  summary: 'The signed-in user',
  spec: '000 §7 Session',
  allow: ['gaa', 'si', 'eaa', 'line'],
  response: ZUserResponse,
});

export const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    reachable: z.boolean(),
    driver: z.enum(['pglite', 'postgres']),
    latencyMs: z.number(),
  }),
  /** The live order feed of this instance: whether it listens for changes, and the boards connected. */
  orderFeed: z.object({ listening: z.boolean(), boards: z.number().int() }),
  version: zText(),
});
export const healthOp = defineOperation({
  method: 'GET',
  path: '/health',
  summary: 'Server and database health',
  allow: 'public',
  response: ZHealth,
});

/** Liveness: the process answers. Nothing else is checked: a restart would not help a database. */
export const ZLive = z.object({ status: z.literal('ok') });
export const liveOp = defineOperation({
  method: 'GET',
  path: '/health/live',
  summary: 'Liveness: the server process answers',
  allow: 'public',
  response: ZLive,
});

/**
 * Readiness: 200 when this instance should get traffic (database reachable, its migrations all
 * applied, not shutting down), else 503 with the same body saying which check failed.
 */
export const ZReady = z.object({
  ready: z.boolean(),
  database: z.boolean(),
  migrations: z.boolean(),
  shuttingDown: z.boolean(),
});
export const readyOp = defineOperation({
  method: 'GET',
  path: '/health/ready',
  summary: 'Readiness: database reachable, migrations done, not shutting down',
  allow: 'public',
  response: ZReady,
});
