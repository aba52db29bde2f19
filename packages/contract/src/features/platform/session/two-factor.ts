import { z } from 'zod';
import { zText } from '../../../common/bounds';
import { msg } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import type { TUserType } from '../../../common/user-types';
import { ZUser } from './session';

/**
 * Two-factor sign-in: TOTP (RFC 6238, 6 digits, 30 s, SHA-1: what every authenticator app
 * reads from an otpauth:// QR code), required for gaa, optional for the other console users.
 */
export const TOTP = {
  digits: 6,
  periodSec: 30,
  /** Codes of the step before and after the current one are accepted too (clock drift). */
  toleranceSteps: 1,
  recoveryCodes: 10,
  /** Minutes a half-done sign-in waits for its code, and for a forced enrolment. */
  challengeMinutes: { totp: 5, enrol: 15 },
  /** Wrong codes one half-done sign-in may take before the password is asked again. */
  challengeAttempts: 5,
  issuer: 'Shopdesk',
} as const;

/**
 * Who must use two-factor: platform administrators (gaa), unless the user is two-factor-exempt (only the demo
 * seed sets that, for gaa@demo.test: the printed demo password must open the console). Everybody else may.
 */
export const twoFactorRequired = (type: TUserType, exempt = false): boolean => type === 'gaa' && !exempt;

/** A code as typed: spaces and dashes dropped, letters lower-cased (recovery codes are `xxxxx-xxxxx`). */
export const normaliseOtpInput = (raw: string): string => raw.replace(/[\s-]/g, '').toLowerCase();

/** What kind of code was typed: six digits, a recovery code (10 letters/digits), or neither. */
export const otpInputKind = (raw: string): 'totp' | 'recovery' | null => {
  const c = normaliseOtpInput(raw);
  if (/^\d{6}$/.test(c)) return 'totp';
  if (/^[a-z2-7]{10}$/.test(c)) return 'recovery';
  return null;
};

export const TWO_FACTOR_MESSAGES = {
  codeRequired: msg('請輸入驗證碼', 'Please enter the code'),
  codeFormat: msg(
    '請輸入驗證器 App 顯示的 6 位數驗證碼，或一組備用碼',
    'Enter the 6-digit code from your authenticator app, or a recovery code',
  ),
  codeWrong: msg('驗證碼錯誤或已過期，請再試一次', 'That code is wrong or has expired. Please try again'),
  codeReplayed: msg(
    '這組驗證碼已經使用過，請等待驗證器 App 顯示下一組',
    'That code was already used. Please wait for the next code in your authenticator app',
  ),
  recoveryWrong: msg('備用碼錯誤或已使用過', 'That recovery code is wrong or was already used'),
  challengeExpired: msg(
    '登入步驟已逾時或嘗試次數過多，請重新輸入密碼',
    'This sign-in has expired or had too many wrong codes. Please enter your password again',
  ),
  alreadyEnabled: msg('已啟用兩步驟驗證', 'Two-factor sign-in is already on'),
  notStarted: msg('請先開始設定兩步驟驗證', 'Please start setting up two-factor sign-in first'),
  requiredForAdmins: msg(
    '平台管理員必須使用兩步驟驗證，無法停用',
    'Platform administrators must use two-factor sign-in; it cannot be turned off',
  ),
  passwordWrong: msg('密碼錯誤', 'The password is wrong'),
} as const;

const zCode = () =>
  zText(40, { error: TWO_FACTOR_MESSAGES.codeRequired.zh })
    .trim()
    .min(1, TWO_FACTOR_MESSAGES.codeRequired.zh)
    .refine((v) => otpInputKind(v) !== null, TWO_FACTOR_MESSAGES.codeFormat.zh);
/** A 6-digit code only (confirming an enrolment: a recovery code proves nothing there). */
const zTotpCode = () =>
  zText(40, { error: TWO_FACTOR_MESSAGES.codeRequired.zh })
    .trim()
    .min(1, TWO_FACTOR_MESSAGES.codeRequired.zh)
    .refine((v) => otpInputKind(v) === 'totp', TWO_FACTOR_MESSAGES.codeFormat.zh);

export const ZOtpCodeBody = z.object({ code: zCode() });
export const ZTotpCodeBody = z.object({ code: zTotpCode() });

/** What an authenticator app needs: the otpauth:// URI (the QR code) and the secret to type by hand. */
export const ZTotpSetup = z.object({ otpauthUri: zText(500), secret: zText(64), email: zText() });
export type TTotpSetup = z.infer<typeof ZTotpSetup>;

/** Shown once, right after enrolment; only their hashes are kept. */
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(zText(20)) });

export const signinTotpOp = defineOperation({
  method: 'POST',
  path: '/signin/totp',
  summary: 'Second sign-in step: the authenticator code (or a recovery code) of the half-done sign-in',
  allow: 'public',
  body: ZOtpCodeBody,
  response: z.object({ user: ZUser }),
});

export const signinEnrolStartOp = defineOperation({
  method: 'POST',
  path: '/signin/enrol/start',
  summary: 'Forced enrolment (gaa without two-factor): the secret to scan',
  allow: 'public',
  response: ZTotpSetup,
});

export const signinEnrolConfirmOp = defineOperation({
  method: 'POST',
  path: '/signin/enrol/confirm',
  summary: 'Forced enrolment: confirm with a first code; signs in and answers the recovery codes (once)',
  allow: 'public',
  body: ZTotpCodeBody,
  response: z.object({ user: ZUser, recoveryCodes: z.array(zText(20)) }),
});

const SIGNED_IN = ['gaa', 'si', 'eaa', 'line'] as const satisfies readonly TUserType[];

export const ZTotpStatus = z.object({
  enabled: z.boolean(),
  enabledAt: zText().nullable(),
  required: z.boolean(),
  /** A gaa let off two-factor (the demo seed's gaa only): the console warns about it. */
  exempt: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TTotpStatus = z.infer<typeof ZTotpStatus>;

export const myTotpOp = defineOperation({
  method: 'GET',
  path: '/me/totp',
  summary: 'Whether two-factor sign-in is on for the signed-in user',
  allow: [...SIGNED_IN],
  response: ZTotpStatus,
});

export const myTotpStartOp = defineOperation({
  method: 'POST',
  path: '/me/totp/start',
  summary: 'Start enrolment: a new secret to scan (replaces an unconfirmed one)',
  allow: [...SIGNED_IN],
  response: ZTotpSetup,
});

export const myTotpConfirmOp = defineOperation({
  method: 'POST',
  path: '/me/totp/confirm',
  summary: 'Confirm enrolment with a first code; answers the recovery codes (once)',
  allow: [...SIGNED_IN],
  body: ZTotpCodeBody,
  response: ZRecoveryCodes,
});

export const myTotpDisableOp = defineOperation({
  method: 'POST',
  path: '/me/totp/disable',
  summary: 'Turn two-factor off with the password and a code (not for gaa)',
  allow: [...SIGNED_IN],
  body: z.object({ password: zText(200).min(1), code: zCode() }),
  response: z.object({ ok: z.literal(true) }),
});
