import { msg, type TMessage } from '../../../common/errors';
import { localTime, SHOP_TIME_ZONE } from '../../shops/shop-time/local-time';
import { describeSetting } from '../promotions/describe';
import { isRunning, rawDiscount } from '../promotions/discount-engine';
import type { TMealSetting, TPromotionRule } from '../promotions/promotion-model';

/**
 * Coupon campaigns (spec 000 §2 "Coupon campaigns" names the routes only; docs/decisions/marketing.md
 * "Coupon campaigns and vouchers"): an SI's campaign gives each customer of a group of its shops
 * one voucher with its own code, pushed through the shop's LINE official account. The discount is one
 * promotion-engine setting (spec 002 §9 discount types and restrictions), priced by the same engine at order
 * intake, after the shop's own promotions, on what is still payable.
 */
export const COUPON_LIMITS = {
  nameMax: 50,
  /** Uses of one customer's voucher (the "usage limit per customer"). */
  perCustomerMax: 99,
  /** Vouchers one campaign issues at most (the "total count"). */
  totalMax: 100_000,
  /** Customers who ordered within this many days receive the campaign. */
  audienceDaysMax: 365,
  shopsAtOnce: 200,
} as const;

/** Codes: upper case (the /sales/vouchers filter stores and compares codes so), no 0/O/1/I to misread. */
export const VOUCHER_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const VOUCHER_CODE_LENGTH = 10;
export const VOUCHER_CODE = /^[2-9A-HJ-NP-Z]{10}$/;
/** What the order form accepts before normalising (spaces and dashes a customer may type). */
export const VOUCHER_CODE_INPUT_MAX = 20;
/** A typed code as intake compares it: trimmed, upper case, spaces and dashes dropped. */
export const normalizeVoucherCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

export const CAMPAIGN_STATUSES = ['draft', 'sending', 'sent'] as const;
export type TCampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const VOUCHER_DELIVERIES = ['queued', 'sent', 'failed'] as const;
export type TVoucherDelivery = (typeof VOUCHER_DELIVERIES)[number];
export const VOUCHER_STATES = ['queued', 'sent', 'failed', 'redeemed', 'expired'] as const;
export type TVoucherState = (typeof VOUCHER_STATES)[number];

export const COUPON_MESSAGES = {
  notDraft: msg('活動已發送，不能再修改', 'The campaign was sent and can no longer be changed'),
  noShops: msg('請先加入活動商店', 'Add the campaign’s shops first'),
  sending: msg('已開始發送', 'Sending started'),
  saved: msg('已儲存', 'Saved'),
  created: msg('已建立活動', 'Campaign created'),
  added: (n: number) => msg(`已加入 ${n} 家商店`, `${n} shop(s) added`),
  removed: msg('已自活動移除商店', 'Shop removed from the campaign'),
  notYourShop: msg('只能加入自己的商店', 'Only your own shops can be added'),
  // order intake (the storefront shows these as they are)
  voucherUnknown: msg('優惠碼不存在', 'This voucher code does not exist'),
  voucherUsed: msg('此優惠券已使用過', 'This voucher has already been used'),
  voucherExpired: msg('此優惠券已過期', 'This voucher has expired'),
  voucherNotStarted: msg('此優惠券尚未開始使用', 'This voucher cannot be used yet'),
  voucherOtherShop: msg('此優惠券不適用於本店', 'This voucher is not valid at this shop'),
  voucherNotMet: msg('訂單未達優惠券的使用條件', 'The order does not meet the voucher’s condition'),
  voucherNoDiscount: msg('此訂單已無可折抵的金額', 'Nothing is left to discount on this order'),
} as const;

export type TVoucherRefusal =
  | 'VOUCHER_UNKNOWN'
  | 'VOUCHER_USED'
  | 'VOUCHER_EXPIRED'
  | 'VOUCHER_NOT_STARTED'
  | 'VOUCHER_OTHER_SHOP'
  | 'VOUCHER_NOT_MET';
export const VOUCHER_REFUSALS: Record<TVoucherRefusal, TMessage> = {
  VOUCHER_UNKNOWN: COUPON_MESSAGES.voucherUnknown,
  VOUCHER_USED: COUPON_MESSAGES.voucherUsed,
  VOUCHER_EXPIRED: COUPON_MESSAGES.voucherExpired,
  VOUCHER_NOT_STARTED: COUPON_MESSAGES.voucherNotStarted,
  VOUCHER_OTHER_SHOP: COUPON_MESSAGES.voucherOtherShop,
  VOUCHER_NOT_MET: COUPON_MESSAGES.voucherNotMet,
};

/** What the voucher rules need of a campaign. */
export type TCampaignTerms = {
  id: number;
  name: string;
  start: string;
  end: string;
  setting: TMealSetting;
  perCustomerLimit: number;
};

/** The campaign as a promotion-engine rule: one setting for every meal type ('all'). */
export const campaignRule = (c: TCampaignTerms): TPromotionRule => ({
  id: c.id,
  name: c.name,
  start: c.start,
  end: c.end,
  settings: { all: { ...c.setting, checked: true } },
});

/**
 * A voucher's state as the page shows it: redeemed once its uses are spent, else expired once its
 * campaign ended (spec 002 §9: the end date is the first day it no longer applies), else its delivery.
 */
export const voucherState = (
  v: { delivery: TVoucherDelivery; usedCount: number },
  c: Pick<TCampaignTerms, 'end' | 'perCustomerLimit'>,
  now: Date,
  timeZone = SHOP_TIME_ZONE,
): TVoucherState => {
  if (v.usedCount >= c.perCustomerLimit) return 'redeemed';
  if (localTime(now, timeZone).date >= c.end) return 'expired';
  return v.delivery;
};

/**
 * Whether a voucher may price this order: the shop is one of the campaign's, the campaign runs
 * today, and uses are left. The code is the bearer's: any customer holding it may use it (docs/decisions/marketing.md).
 */
export const checkVoucher = (
  v: { usedCount: number },
  c: TCampaignTerms,
  ctx: { shopInCampaign: boolean; now: Date; timeZone?: string },
): TVoucherRefusal | null => {
  if (!ctx.shopInCampaign) return 'VOUCHER_OTHER_SHOP';
  if (v.usedCount >= c.perCustomerLimit) return 'VOUCHER_USED';
  const today = localTime(ctx.now, ctx.timeZone ?? SHOP_TIME_ZONE).date;
  if (today >= c.end) return 'VOUCHER_EXPIRED';
  if (!isRunning(c, ctx.now, ctx.timeZone)) return 'VOUCHER_NOT_STARTED';
  return null;
};

/**
 * The voucher's discount on an order the shop's promotions priced already: the engine's own rawDiscount on
 * what is still payable (`remaining`), never more than that. 0 = the restriction is not met.
 */
export const voucherDiscount = (
  c: Pick<TCampaignTerms, 'setting'>,
  items: readonly { unitPrice: number; quantity: number }[],
  remaining: number,
): number => {
  const units: number[] = [];
  for (const i of items) for (let q = 0; q < i.quantity; q += 1) units.push(Math.max(0, i.unitPrice));
  units.sort((a, b) => a - b);
  const subtotal = units.reduce((a, b) => a + b, 0);
  const setting = { ...c.setting, checked: true };
  return Math.min(remaining, Math.max(0, rawDiscount(setting, units, subtotal, remaining)));
};

/** A fresh code from `random(n)` (an integer in [0, n)): the server passes crypto.randomInt. */
export const makeVoucherCode = (random: (n: number) => number) =>
  Array.from({ length: VOUCHER_CODE_LENGTH }, () => VOUCHER_ALPHABET[random(VOUCHER_ALPHABET.length)]).join(
    '',
  );

/** The LINE message a customer receives (zh-TW: the customers' language; spec 002 §9 wording of the discount). */
export const voucherMessage = (
  c: Pick<TCampaignTerms, 'name' | 'start' | 'end' | 'setting' | 'perCustomerLimit'>,
  shopName: string,
  code: string,
) =>
  [
    `【${shopName}】${c.name}`,
    `您的專屬優惠券：${describeSetting('all', { ...c.setting, checked: true }).replace(/^全部：/, '')}`,
    `優惠碼：${code}`,
    `使用期間：${c.start} 起至 ${c.end} 前${c.perCustomerLimit > 1 ? `，可使用 ${c.perCustomerLimit} 次` : ''}`,
    '線上點餐時輸入優惠碼即可折抵。',
  ].join('\n');
