import { z } from 'zod';
import { zText } from '../../../common/bounds';
import { msg, type TMessage } from '../../../common/errors';

/**
 * TapPay Fields (pay-by-prime) in the customer app (docs/decisions/payments.md "TapPay card form"): the page loads
 * TapPay's web SDK, shows its card fields, asks it for a prime and sends the prime with the order; the server
 * pays with it once. The SDK's own address: the content security policy of the shop pages allows exactly it.
 */
export const TAPPAY_SDK_URL = 'https://js.tappaysdk.com/sdk/tpdirect/v5.20.0';
/** The path of that script, which the local TapPay simulator serves in the same shape. */
export const TAPPAY_SDK_PATH = new URL(TAPPAY_SDK_URL).pathname;

/**
 * TapPay's sandbox test card that approves, and the simulator's card that the "bank" declines (TapPay
 * answers a bank refusal with a non-zero status and its msg; the simulator: 10003 Card Error).
 */
export const TAPPAY_TEST_CARDS = { approves: '4242424242424242', declines: '4000000000000002' } as const;

/** TapPay's app id (a number in its portal) and app key (app_…): public values the card form is set up with. */
export const ZTapPayAppId = zText(12)
  .trim()
  .regex(/^\d{1,10}$/, '請輸入 TapPay App ID（數字）');
export const ZTapPayAppKey = zText(200)
  .trim()
  .regex(/^app_\w{8,}$/, '請輸入 TapPay App Key（app_ 開頭）');

/** What the customer app needs to set the card form up (TPDirect.setupSDK(appId, appKey, serverType)). */
export const ZTapPayCardForm = z.object({
  appId: z.number().int(),
  appKey: zText(200),
  serverType: z.enum(['sandbox', 'production']),
  /** TapPay's SDK in production; the simulator's script of the same shape in development and tests. */
  sdkUrl: zText(500),
});
export type TTapPayCardForm = z.infer<typeof ZTapPayCardForm>;

/**
 * Whether TapPay counts as offered to customers (the app lists it, intake and the availability panel accept
 * it): its card type ('direct', spec 001 §3) is switched on and the card form can be set up (app id and
 * app key configured). Apple Pay, Google Pay and JKO need their own buttons, which the app does not show.
 */
export const tappayCardReady = (
  enabledTypes: readonly string[],
  fields: { tappayAppId?: unknown; tappayAppKey?: unknown } | null | undefined,
) =>
  enabledTypes.includes('direct') &&
  ZTapPayAppId.safeParse(fields?.tappayAppId).success &&
  ZTapPayAppKey.safeParse(fields?.tappayAppKey).success;

export const TAPPAY_CARD_MESSAGES = {
  primeRequired: msg('請先填寫信用卡資料', 'Please enter your card details first'),
  cardIncomplete: msg(
    '請確認卡號、有效期限與安全碼',
    'Please check the card number, expiry date and security code',
  ),
  declined: msg(
    '信用卡付款未成功，請改用其他卡片再試一次',
    'The card payment did not go through: try another card',
  ),
  expired: msg('付款逾時，請重新輸入卡片再試一次', 'The payment timed out: enter the card again and retry'),
  failed: msg('付款未成功，請再試一次', 'The payment did not go through: please try again'),
  pending: msg('付款確認中，請稍候', 'Confirming the payment, please wait'),
  verify3ds: msg('前往發卡銀行 3D 驗證', "Verify with your card's bank (3-D Secure)"),
  notVerified: msg('3D 驗證未完成，請再試一次', '3-D Secure was not completed: please try again'),
  notRetryable: msg('此訂單目前不能重新付款', 'This order cannot be paid again now'),
} as const;

/** Ours, in TapPay's numbering: the card holder left 3-D Secure without verifying (the record query says -1). */
export const TAPPAY_TDS_NOT_VERIFIED = '10009';

/**
 * The customer's words for a TapPay refusal (docs/decisions/payments.md "TapPay card form"): a used or expired prime
 * (91) asks for the card again; an invalid prime (121) too; anything else the bank or TapPay refused asks
 * for another card.
 */
export const tappayFailureMessage = (code: string | null | undefined): TMessage =>
  code === '91' || code === '121'
    ? TAPPAY_CARD_MESSAGES.expired
    : code === TAPPAY_TDS_NOT_VERIFIED
      ? TAPPAY_CARD_MESSAGES.notVerified
      : code && /^\d+$/.test(code)
        ? TAPPAY_CARD_MESSAGES.declined
        : TAPPAY_CARD_MESSAGES.failed;
