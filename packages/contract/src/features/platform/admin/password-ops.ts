import { z } from 'zod';
import { TEXT_MAX, zText } from '../../../common/bounds';
import { msg } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { ZUserType } from '../../../common/user-types';
import { SESSION_MESSAGES } from '../session/session';
import { PASSWORD_MAX, ZNewPassword } from './password-rules';

/** Set-password links (invitation and forgotten password) and changing one's own password. */
export const PASSWORD_TOKEN_HOURS = { invite: 72, reset: 1 } as const;

export const PASSWORD_FLOW_MESSAGES = {
  resetSent: msg(
    '如果這個電子郵件有帳號，我們已寄出重設密碼的連結（1 小時內有效）',
    'If an account uses this e-mail, a reset link is on its way (valid for 1 hour)',
  ),
  passwordSet: msg('密碼已設定，請登入', 'Your password is set; please sign in'),
  passwordChanged: msg('密碼已更新', 'Password updated'),
} as const;

const zToken = () => zText(TEXT_MAX.code).min(16);

export const passwordTokenInfoOp = defineOperation({
  method: 'GET',
  path: '/password-tokens/:token',
  summary: 'Whether a set-password link is still valid, and for whom',
  allow: 'public',
  params: z.object({ token: zToken() }),
  response: z.object({ email: zText(), type: ZUserType, purpose: z.enum(['invite', 'reset']) }),
});

export const setPasswordOp = defineOperation({
  method: 'POST',
  path: '/password-tokens/:token',
  summary: 'Set a password with a single-use link',
  allow: 'public',
  params: z.object({ token: zToken() }),
  body: z.object({ password: ZNewPassword }),
  response: z.object({ type: ZUserType }),
});

export const forgotPasswordOp = defineOperation({
  method: 'POST',
  path: '/:type/password/forgot',
  summary: 'Mail a reset link when the e-mail has an account of this portal (answers the same either way)',
  allow: 'public',
  params: z.object({ type: ZUserType }),
  body: z.object({
    email: zText(undefined, { error: SESSION_MESSAGES.emailRequired.zh })
      .trim()
      .min(1, SESSION_MESSAGES.emailRequired.zh)
      .max(254)
      .pipe(z.email(SESSION_MESSAGES.emailInvalid.zh)),
  }),
  response: z.object({ ok: z.literal(true) }),
});

export const changePasswordOp = defineOperation({
  method: 'PUT',
  path: '/me/password',
  summary: 'Change one’s own password (other sessions end)',
  allow: ['gaa', 'si', 'eaa', 'line'],
  body: z.object({
    currentPassword: zText(PASSWORD_MAX).min(1, SESSION_MESSAGES.passwordRequired.zh),
    newPassword: ZNewPassword,
  }),
  response: z.object({ ok: z.literal(true) }),
});

// Sessions of the signed-in user ("Sessions page")
export const ZSessionRow = z.object({
  id: zText(),
  current: z.boolean(),
  ip: zText().nullable(),
  userAgent: zText().nullable(),
  createdAt: zText(),
  lastSeenAt: zText(),
});
export type TSessionRow = z.infer<typeof ZSessionRow>;
export const listMySessionsOp = defineOperation({
  method: 'GET',
  path: '/me/sessions',
  summary: 'Where the signed-in user is signed in',
  allow: ['gaa', 'si', 'eaa', 'line'],
  response: z.object({ sessions: z.array(ZSessionRow) }),
});
export const endOtherSessionsOp = defineOperation({
  method: 'DELETE',
  path: '/me/sessions',
  summary: 'Sign out everywhere else',
  allow: ['gaa', 'si', 'eaa', 'line'],
  response: z.object({ ended: z.number().int() }),
});
