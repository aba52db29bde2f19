import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  canonicalMobile,
  OTP_CODE_LENGTH,
  OTP_CODE_TTL_MS,
  OTP_HOUR_MS,
  OTP_MAX_ATTEMPTS,
  OTP_MESSAGES,
  otpCheckOutcome,
  otpSendRefusal,
  type TOtpRefusalCode,
  type TPhoneVerification,
} from '@shopdesk/contract';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { businesses, phoneOtpCodes, phoneVerifications } from '../../../db/schema';
import { inTx } from '../../../db/transaction';
import { ApiError, notFound } from '../../../http/errors';
import { enqueueOutbox } from '../../../jobs/outbox';
import type { SecretBox } from '../../../lib/secret-box';

export const SMS_OTP_JOB = 'sms.otp';

export type OtpDeps = { db: Db; secret: string; box: SecretBox; smsReady: boolean };

/** A refusal of the verification calls: its HTTP status, code, message and (429) when to ask again. */
export class OtpRefusal extends ApiError {
  constructor(
    status: number,
    code: TOtpRefusalCode,
    readonly retryAfterS?: number,
  ) {
    const text = {
      OTP_NOT_ENABLED: OTP_MESSAGES.notEnabled,
      OTP_MOBILE_ONLY: OTP_MESSAGES.mobileOnly,
      OTP_TOO_SOON: OTP_MESSAGES.tooSoon,
      OTP_TOO_MANY: OTP_MESSAGES.tooMany,
      OTP_NO_CODE: OTP_MESSAGES.noCode,
      OTP_WRONG_CODE: OTP_MESSAGES.wrongCode,
      OTP_ATTEMPTS_USED: OTP_MESSAGES.attemptsUsed,
    }[code];
    super(
      status,
      code,
      text,
      code === 'OTP_MOBILE_ONLY' ? 'phone' : code.startsWith('OTP_TOO') ? 'phone' : 'code',
    );
  }
}

const hashCode = (secret: string, salt: string, phone: string, code: string) =>
  createHmac('sha256', secret).update(`${salt}:${phone}:${code}`).digest();

const shopOf = async (db: Db, accountId: number) => {
  const [b] = await db
    .select({ otp: businesses.isOtpEnabled, name: businesses.name })
    .from(businesses)
    .where(eq(businesses.accountId, accountId));
  if (!b) throw notFound();
  return b;
};

const mobileOf = (raw: string) => {
  const phone = canonicalMobile(raw);
  if (!phone) throw new OtpRefusal(422, 'OTP_MOBILE_ONLY');
  return phone;
};

/** Is the phone verified for this holder? (remembered at every shop: docs/decisions "SMS verification") */
export const isPhoneVerified = async (db: Db, rawPhone: string, holder: string | null) => {
  const phone = canonicalMobile(rawPhone);
  if (!phone || !holder) return false;
  const [row] = await db
    .select({ phone: phoneVerifications.phone })
    .from(phoneVerifications)
    .where(and(eq(phoneVerifications.phone, phone), eq(phoneVerifications.holder, holder)))
    .limit(1);
  return Boolean(row);
};

// one phone's sends and checks queue here (the rate limits and the attempt count see every earlier one)
const lockPhone = (t: Db, phone: string) =>
  t.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-otp:${phone}`}))`);

/**
 * Sends a code (spec 001 §2.2 is_otp_enabled): refused when the shop does not verify phones, when the number is
 * not a mobile one, or by the per-phone limits (contract otpSendRefusal). A phone already verified for the
 * holder gets no SMS. The code is kept hashed; the SMS (the code sealed in it) goes through the outbox.
 */
export const sendPhoneCode = async (
  deps: OtpDeps,
  accountId: number,
  input: { phone: string; holder: string },
  now = new Date(),
): Promise<TPhoneVerification> => {
  const shop = await shopOf(deps.db, accountId);
  if (!shop.otp) throw new OtpRefusal(409, 'OTP_NOT_ENABLED');
  const phone = mobileOf(input.phone);
  if (await isPhoneVerified(deps.db, phone, input.holder)) return { verified: true };
  // production without an SMS gateway: a code nobody can receive is refused now, not queued to die
  if (!deps.smsReady) throw new ApiError(503, 'SMS_UNAVAILABLE', OTP_MESSAGES.smsUnavailable);
  return inTx(deps.db, async (t) => {
    await lockPhone(t, phone);
    // rows older than the longest limit count for nothing
    await t
      .delete(phoneOtpCodes)
      .where(
        and(
          eq(phoneOtpCodes.phone, phone),
          lt(phoneOtpCodes.createdAt, new Date(now.getTime() - 24 * OTP_HOUR_MS)),
        ),
      );
    const recent = await t
      .select({ at: phoneOtpCodes.createdAt })
      .from(phoneOtpCodes)
      .where(
        and(
          eq(phoneOtpCodes.phone, phone),
          gt(phoneOtpCodes.createdAt, new Date(now.getTime() - OTP_HOUR_MS)),
        ),
      );
    const limited = otpSendRefusal(
      recent.map((r) => r.at),
      now,
    );
    if (limited) throw new OtpRefusal(429, limited.code, limited.retryAfterS);
    const code = String(randomInt(0, 10 ** OTP_CODE_LENGTH)).padStart(OTP_CODE_LENGTH, '0');
    const salt = randomBytes(12).toString('base64url');
    const [row] = await t
      .insert(phoneOtpCodes)
      .values({
        phone,
        holder: input.holder,
        accountId,
        salt,
        codeHash: hashCode(deps.secret, salt, phone, code).toString('base64url'),
        createdAt: now,
        expiresAt: new Date(now.getTime() + OTP_CODE_TTL_MS),
      })
      .returning({ id: phoneOtpCodes.id });
    const text = OTP_MESSAGES.smsText(shop.name || 'Shopdesk', code).zh;
    await enqueueOutbox(t, {
      kind: SMS_OTP_JOB,
      accountId,
      dedupeKey: `otp:${row!.id}`,
      // the text holds the code: sealed at rest like every secret (lib/secret-box.ts)
      payload: { codeId: row!.id, to: phone, text: deps.box.seal(text) },
      maxAttempts: 6,
    });
    return {
      verified: false,
      expiresInS: OTP_CODE_TTL_MS / 1000,
      resendInS: otpSendRefusal([...recent.map((r) => r.at), now], now)?.retryAfterS ?? 0,
    };
  });
};

/**
 * Checks a typed code against the holder's latest code for the phone: expired, used or spent (OTP_MAX_ATTEMPTS
 * wrong tries) = a new code is needed; wrong = one attempt used (kept even though the call is refused); right =
 * the phone is verified for the holder from now on.
 */
export const verifyPhoneCode = async (
  deps: OtpDeps,
  accountId: number,
  input: { phone: string; holder: string; code: string },
  now = new Date(),
): Promise<TPhoneVerification> => {
  await shopOf(deps.db, accountId);
  const phone = mobileOf(input.phone);
  const outcome = await inTx(deps.db, async (t) => {
    await lockPhone(t, phone);
    const [latest] = await t
      .select()
      .from(phoneOtpCodes)
      .where(and(eq(phoneOtpCodes.phone, phone), eq(phoneOtpCodes.holder, input.holder)))
      .orderBy(desc(phoneOtpCodes.id))
      .limit(1);
    const step = otpCheckOutcome(latest ?? null, now);
    if (step !== 'compare') return step;
    if (!latest) return 'OTP_NO_CODE';
    const typed = hashCode(deps.secret, latest.salt, phone, input.code);
    const stored = Buffer.from(latest.codeHash, 'base64url');
    if (stored.length !== typed.length || !timingSafeEqual(stored, typed)) {
      await t
        .update(phoneOtpCodes)
        .set({ attempts: sql`${phoneOtpCodes.attempts} + 1` })
        .where(eq(phoneOtpCodes.id, latest.id));
      return latest.attempts + 1 >= OTP_MAX_ATTEMPTS ? 'OTP_ATTEMPTS_USED' : 'OTP_WRONG_CODE';
    }
    await t.update(phoneOtpCodes).set({ usedAt: now }).where(eq(phoneOtpCodes.id, latest.id));
    await t
      .insert(phoneVerifications)
      .values({ phone, holder: input.holder, accountId, verifiedAt: now })
      .onConflictDoNothing();
    return 'verified' as const;
  });
  if (outcome === 'verified') return { verified: true };
  throw new OtpRefusal(outcome === 'OTP_WRONG_CODE' ? 422 : 409, outcome);
};

/** The job's view of a code: still worth sending? (a code that expired while the SMS waited is not sent) */
export const codeStillValid = async (db: Db, codeId: number, now = new Date()) => {
  const [row] = await db
    .select({ expiresAt: phoneOtpCodes.expiresAt, usedAt: phoneOtpCodes.usedAt })
    .from(phoneOtpCodes)
    .where(eq(phoneOtpCodes.id, codeId));
  return Boolean(row && !row.usedAt && row.expiresAt.getTime() > now.getTime());
};
