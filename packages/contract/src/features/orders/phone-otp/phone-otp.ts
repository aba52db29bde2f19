import { z } from 'zod';
import { zQueryId, zText } from '../../../common/bounds';
import { msg, type TMessage } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { stripPhoneSeparators } from '../../../common/tw-numbers';
import type { TMealType } from '../../menus/menus/menu-model';
import { phoneField, type TOrderShop, type TPhoneField } from '../storefront/order-context';

/**
 * SMS verification of the customer's phone (spec 001 §2.2 is_otp_enabled "SMS verification"; the rest is ours,
 * docs/decisions/customer-app.md "SMS verification"). With the switch on, a phone is verified with a one-time
 * code before its first order: the verification is remembered per phone and holder (the LINE user inside LINE,
 * else the customer app's device id), so the next order of the same holder asks nothing.
 */
export const OTP_CODE_LENGTH = 6;
/** A code is valid this long after it was sent. */
export const OTP_CODE_TTL_MS = 5 * 60_000;
/** One code per phone per this long… */
export const OTP_RESEND_GAP_MS = 60_000;
/** …and at most this many per phone in a rolling hour. */
export const OTP_SENDS_PER_HOUR = 5;
export const OTP_HOUR_MS = 60 * 60_000;
/** Wrong codes a code takes; then a new code is needed. */
export const OTP_MAX_ATTEMPTS = 5;
/** The holder id's length bound (a LINE user id is 33 characters; the app's device id 32). */
export const OTP_HOLDER_MAX = 64;

export const OTP_MESSAGES = {
  // the order is refused: the shop verifies phones and this phone (for this holder) is not verified yet
  notVerified: msg('請先完成手機簡訊驗證', 'Please verify your phone number by SMS first'),
  notEnabled: msg('商店未開啟簡訊驗證', 'This shop does not verify phone numbers by SMS'),
  mobileOnly: msg('簡訊驗證需填寫手機號碼（09 開頭）', 'SMS verification needs a mobile number (09…)'),
  tooSoon: msg('驗證碼已傳送，請稍後再試', 'A code was just sent: please wait before asking again'),
  tooMany: msg(
    '此手機號碼取得驗證碼次數過多，請稍後再試',
    'Too many codes for this phone number: please try again later',
  ),
  noCode: msg('驗證碼已失效，請重新取得驗證碼', 'The code has expired: please ask for a new one'),
  wrongCode: msg('驗證碼錯誤', 'The code is not correct'),
  attemptsUsed: msg('驗證碼錯誤次數過多，請重新取得驗證碼', 'Too many wrong codes: please ask for a new one'),
  smsUnavailable: msg(
    '簡訊服務暫時無法使用，請稍後再試',
    'Text messages cannot be sent now: please try later',
  ),
  /** The text message itself (the code and its lifetime). */
  smsText: (shopName: string, code: string) =>
    msg(
      `【${shopName}】您的手機驗證碼為 ${code}，${OTP_CODE_TTL_MS / 60_000} 分鐘內有效，請勿提供給他人。`,
      `[${shopName}] Your verification code is ${code}, valid for ${OTP_CODE_TTL_MS / 60_000} minutes. Do not share it.`,
    ),
} as const satisfies Record<string, TMessage | ((...a: string[]) => TMessage)>;

export type TOtpRefusalCode =
  | 'OTP_NOT_ENABLED'
  | 'OTP_MOBILE_ONLY'
  | 'OTP_TOO_SOON'
  | 'OTP_TOO_MANY'
  | 'OTP_NO_CODE'
  | 'OTP_WRONG_CODE'
  | 'OTP_ATTEMPTS_USED';

/** A Taiwan mobile number as SMS gateways take it: 09 and 8 digits (+886 9… becomes 09…); null if not one. */
export const canonicalMobile = (raw: string): string | null => {
  const v = stripPhoneSeparators(raw.trim()).replace(/^\+886(?=9)/, '0');
  return /^09\d{8}$/.test(v) ? v : null;
};

/** Who holds a verification: the LINE user inside LINE, else the app's device id (null: nobody to remember). */
export const otpHolder = (c: { lineUserId?: string | null; deviceId?: string | null }): string | null =>
  c.lineUserId?.trim() || c.deviceId?.trim() || null;

/** With SMS verification on, the phone is asked and required for every meal type (it is what is verified). */
export const otpPhoneField = (
  phone: TOrderShop['phone'],
  mealType: TMealType,
  otp: boolean | undefined,
): TPhoneField => (otp ? 'required' : phoneField(phone, mealType));

/**
 * May a code be sent now? `sentAt`: the instants codes went to this phone within the last hour (any holder).
 * Null = yes; else the refusal and how many seconds until the next code may go.
 */
export const otpSendRefusal = (
  sentAt: readonly Date[],
  now: Date,
): { code: 'OTP_TOO_SOON' | 'OTP_TOO_MANY'; retryAfterS: number } | null => {
  const t = now.getTime();
  const inHour = sentAt.map((d) => d.getTime()).filter((s) => t - s < OTP_HOUR_MS && s <= t);
  const last = Math.max(...inHour, Number.NEGATIVE_INFINITY);
  if (t - last < OTP_RESEND_GAP_MS)
    return { code: 'OTP_TOO_SOON', retryAfterS: Math.ceil((OTP_RESEND_GAP_MS - (t - last)) / 1000) };
  if (inHour.length >= OTP_SENDS_PER_HOUR) {
    const oldest = Math.min(...inHour);
    return { code: 'OTP_TOO_MANY', retryAfterS: Math.ceil((OTP_HOUR_MS - (t - oldest)) / 1000) };
  }
  return null;
};

/** What a typed code does to the latest code of the phone and holder (the comparison itself is the server's). */
export const otpCheckOutcome = (
  latest: { expiresAt: Date; attempts: number; usedAt: Date | null } | null,
  now: Date,
): 'OTP_NO_CODE' | 'OTP_ATTEMPTS_USED' | 'compare' => {
  if (!latest || latest.usedAt || latest.expiresAt.getTime() <= now.getTime()) return 'OTP_NO_CODE';
  if (latest.attempts >= OTP_MAX_ATTEMPTS) return 'OTP_ATTEMPTS_USED';
  return 'compare';
};

const ZParams = z.object({ accountId: zQueryId() });
const ZPhone = zText().trim().max(30);
const ZHolder = zText().trim().min(8).max(OTP_HOLDER_MAX);

export const ZPhoneCodeRequest = z.object({ phone: ZPhone, holder: ZHolder });
export const ZPhoneVerifyRequest = z.object({
  phone: ZPhone,
  holder: ZHolder,
  code: zText(20)
    .trim()
    .regex(new RegExp(`^\\d{${OTP_CODE_LENGTH}}$`), OTP_MESSAGES.wrongCode.zh),
});
const ZVerification = z.object({
  verified: z.boolean(),
  /** After a send: how long the code is valid, in seconds. */
  expiresInS: z.number().int().optional(),
  /** After a send: when the next code may be asked for, in seconds. */
  resendInS: z.number().int().optional(),
});
export type TPhoneVerification = z.infer<typeof ZVerification>;

/** Is this phone verified for this holder? (the checkout asks before it offers to send a code) */
export const getPhoneVerificationOp = defineOperation({
  method: 'GET',
  path: '/storefront/v1/shops/:accountId/phone-verification',
  summary: 'Whether a phone is verified by SMS for this holder (spec 001 §2.2 is_otp_enabled)',
  allow: 'public',
  params: ZParams,
  query: ZPhoneCodeRequest,
  response: ZVerification,
});

/** Sends a one-time code to the phone (rate limited per phone); answers at once, the SMS goes by the outbox. */
export const sendPhoneCodeOp = defineOperation({
  method: 'POST',
  path: '/storefront/v1/shops/:accountId/phone-codes',
  summary: 'Send a one-time SMS code to the customer phone (spec 001 §2.2 is_otp_enabled)',
  allow: 'public',
  params: ZParams,
  body: ZPhoneCodeRequest,
  response: ZVerification,
  status: 202,
});

/** Checks a typed code; right = the phone is verified for the holder from now on. */
export const verifyPhoneCodeOp = defineOperation({
  method: 'POST',
  path: '/storefront/v1/shops/:accountId/phone-codes/verify',
  summary: 'Verify the one-time SMS code (spec 001 §2.2 is_otp_enabled)',
  allow: 'public',
  params: ZParams,
  body: ZPhoneVerifyRequest,
  response: ZVerification,
});
