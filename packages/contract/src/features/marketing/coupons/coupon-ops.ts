import { z } from 'zod';
import { PG_INT, TEXT_MAX, zId, zInt, zQueryId, zQueryInt, zText } from '../../../common/bounds';
import { defineOperation } from '../../../common/operation';
import {
  CARRY_METHODS,
  DISCOUNT_TYPES,
  PER_ITEM_TYPES,
  PROMOTION_MESSAGES as PM,
  PROMOTION_LIMITS,
  RESTRICTION_TYPES,
  type TMealSetting,
  ZDuration,
} from '../promotions/promotion-model';
import { CAMPAIGN_STATUSES, COUPON_LIMITS, VOUCHER_DELIVERIES, VOUCHER_STATES } from './coupon-rules';

const num = (min: number, max: number, message: string) =>
  z.coerce.number({ error: PM.required.zh }).int(message).min(min, message).max(max, message);

/** The discount: one promotion setting (spec 002 §9 discount types, restrictions and rounding), with its rules. */
export const ZCampaignDiscount = z
  .object({
    discountType: z.enum(DISCOUNT_TYPES),
    amount: num(1, PROMOTION_LIMITS.valueMax, PM.atLeastOne.zh),
    carryMethod: z.enum(CARRY_METHODS).default('floor'),
    restrictionType: z.enum(RESTRICTION_TYPES).default('none'),
    restrictionValue: num(0, PROMOTION_LIMITS.valueMax, PM.notNegative.zh).default(0),
  })
  .superRefine((d, ctx) => {
    if (d.discountType === 'percentage' && d.amount > PROMOTION_LIMITS.configPercentMax)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: PM.percent100.zh });
    if (PER_ITEM_TYPES.includes(d.discountType) && d.restrictionType !== 'perItems')
      ctx.addIssue({ code: 'custom', path: ['restrictionType'], message: PM.perItemsNeeded.zh });
    if (d.restrictionType === 'perItems' && d.restrictionValue < 1)
      ctx.addIssue({ code: 'custom', path: ['restrictionValue'], message: PM.atLeastOne.zh });
  });
export type TCampaignDiscount = z.output<typeof ZCampaignDiscount>;

/** The discount as the engine's setting (one 'all' setting, no member or usage limits of its own). */
export const campaignSetting = (d: TCampaignDiscount): TMealSetting => ({
  checked: true,
  general: { discountType: d.discountType, amount: d.amount, totalUsage: null, carryMethod: d.carryMethod },
  usageRestrctions: { restrictionType: d.restrictionType, value: d.restrictionValue },
  roleRestrictions: { userType: 'none' },
  usageLimits: { limitPerUser: null },
});

export const ZCampaignInput = z.object({
  name: zText(COUPON_LIMITS.nameMax, { error: PM.required.zh }).trim().min(1, PM.required.zh),
  duration: ZDuration,
  discount: ZCampaignDiscount,
  perCustomerLimit: zInt(1, COUPON_LIMITS.perCustomerMax).default(1),
  totalCount: zInt(1, COUPON_LIMITS.totalMax),
  audienceDays: zInt(1, COUPON_LIMITS.audienceDaysMax).default(90),
});
export type TCampaignInput = z.input<typeof ZCampaignInput>;

export const ZCampaign = z.object({
  id: z.number().int(),
  name: zText(),
  start: zText(),
  end: zText(),
  discount: z.object({
    discountType: z.enum(DISCOUNT_TYPES),
    amount: z.number().int(),
    carryMethod: z.enum(CARRY_METHODS),
    restrictionType: z.enum(RESTRICTION_TYPES),
    restrictionValue: z.number().int(),
  }),
  /** The engine's description of the discount (describeSetting), zh. */
  description: zText(),
  perCustomerLimit: z.number().int(),
  totalCount: z.number().int(),
  audienceDays: z.number().int(),
  status: z.enum(CAMPAIGN_STATUSES),
  shopCount: z.number().int(),
  /** Sending progress: vouchers issued, pushed, failed, redeemed. */
  progress: z.object({
    issued: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    redeemed: z.number().int(),
  }),
  sentAt: zText().nullable(),
  updatedAt: zText(),
});
export type TCampaign = z.infer<typeof ZCampaign>;

export const ZCampaignShop = z.object({
  shopId: z.number().int(),
  name: zText(),
  /** Vouchers go through the shop's LINE official account: a shop without one reaches nobody. */
  hasLine: z.boolean(),
  /** Customers with a LINE user id who ordered within the campaign's audience days. */
  customers: z.number().int(),
});
export type TCampaignShop = z.infer<typeof ZCampaignShop>;

export const ZVoucher = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  code: zText(),
  shopId: z.number().int(),
  shopName: zText(),
  customerName: zText(),
  state: z.enum(VOUCHER_STATES),
  delivery: z.enum(VOUCHER_DELIVERIES),
  deliveryError: zText().nullable(),
  usedCount: z.number().int(),
  sentAt: zText().nullable(),
  createdAt: zText(),
});
export type TVoucher = z.infer<typeof ZVoucher>;

export const ZVoucherRedemption = z.object({
  orderId: z.number().int(),
  shopId: z.number().int(),
  shopName: zText(),
  serial: z.number().int(),
  status: zText(),
  discount: z.number().int(),
  total: z.number().int(),
  createdAt: zText(),
  /** Given back when the order was rejected or canceled. */
  releasedAt: zText().nullable(),
});

const ZGroup = z.object({ groupId: zQueryId() });
const ZPage = z.object({
  offset: zQueryInt(0, PG_INT.max).default(0),
  limit: zQueryInt(1, 100).default(20),
});
const SPEC = '000 §2 Coupon campaigns (ours)';
const si = ['si'] as const;

export const listCampaignsOp = defineOperation({
  method: 'GET',
  path: '/si/coupon-campaigns',
  summary: 'The SI’s coupon campaigns, newest first, with their sending progress',
  spec: SPEC,
  allow: [...si],
  // `id`: one campaign if it is the caller's, else none (the group pages ask before they open a campaign link)
  query: ZPage.extend({ q: zText(TEXT_MAX.search).trim().optional(), id: zQueryId().optional() }),
  response: z.object({ total: z.number().int(), rows: z.array(ZCampaign) }),
});
export const createCampaignOp = defineOperation({
  method: 'POST',
  path: '/si/coupon-campaigns',
  summary: 'Create a coupon campaign (a draft)',
  spec: SPEC,
  allow: [...si],
  body: ZCampaignInput,
  response: z.object({ campaign: ZCampaign }),
  status: 201,
});
export const getCampaignOp = defineOperation({
  method: 'GET',
  path: '/si/coupon-campaigns/:groupId',
  summary: 'One coupon campaign',
  spec: SPEC,
  allow: [...si],
  params: ZGroup,
  response: z.object({ campaign: ZCampaign }),
});
export const updateCampaignOp = defineOperation({
  method: 'PUT',
  path: '/si/coupon-campaigns/:groupId',
  summary: 'Edit a draft coupon campaign',
  spec: SPEC,
  allow: [...si],
  params: ZGroup,
  body: ZCampaignInput,
  response: z.object({ campaign: ZCampaign }),
});
export const sendCampaignOp = defineOperation({
  method: 'POST',
  path: '/si/coupon-campaigns/:groupId/send',
  summary: 'Send a draft campaign: a background job issues the vouchers and pushes them through LINE',
  spec: SPEC,
  allow: [...si],
  params: ZGroup,
  response: z.object({ campaign: ZCampaign }),
  status: 202,
});
export const listCampaignShopsOp = defineOperation({
  method: 'GET',
  path: '/si/coupon-campaigns/:groupId/shops',
  summary: 'The shops of a campaign',
  spec: SPEC,
  allow: [...si],
  params: ZGroup,
  response: z.object({ rows: z.array(ZCampaignShop) }),
});
export const addCampaignShopsOp = defineOperation({
  method: 'POST',
  path: '/si/coupon-campaigns/:groupId/shops',
  summary: 'Add the SI’s shops to a draft campaign',
  spec: SPEC,
  allow: [...si],
  params: ZGroup,
  body: z.object({ shopIds: z.array(zId()).min(1).max(COUPON_LIMITS.shopsAtOnce) }),
  response: z.object({ added: z.number().int() }),
});
export const removeCampaignShopOp = defineOperation({
  method: 'DELETE',
  path: '/si/coupon-campaigns/:groupId/shops/:shopId',
  summary: 'Remove a shop from a draft campaign',
  spec: SPEC,
  allow: [...si],
  params: ZGroup.extend({ shopId: zQueryId() }),
  response: z.object({ ok: z.literal(true) }),
});
export const couponShopsOp = defineOperation({
  method: 'GET',
  path: '/si/coupon-shops',
  summary: 'The SI’s shops with their LINE account, customers and campaigns (campaign candidates)',
  spec: SPEC,
  allow: [...si],
  query: z.object({ audienceDays: zQueryInt(1, COUPON_LIMITS.audienceDaysMax).default(90) }),
  response: z.object({
    rows: z.array(ZCampaignShop.extend({ campaigns: z.number().int() })),
  }),
});
export const listVouchersOp = defineOperation({
  method: 'GET',
  path: '/si/coupon-campaigns/:groupId/vouchers',
  summary: 'The vouchers of a campaign',
  spec: SPEC,
  allow: [...si],
  params: ZGroup,
  // `id`: that voucher if it is one of the campaign's, else none (the voucher page asks before it opens one)
  query: ZPage.extend({ id: zQueryId().optional() }),
  response: z.object({ total: z.number().int(), rows: z.array(ZVoucher) }),
});
export const getVoucherOp = defineOperation({
  method: 'GET',
  path: '/si/coupon-campaigns/:groupId/vouchers/:voucherId',
  summary: 'One voucher: its state and the orders that used it',
  spec: SPEC,
  allow: [...si],
  params: ZGroup.extend({ voucherId: zQueryId() }),
  response: z.object({
    campaign: ZCampaign,
    voucher: ZVoucher,
    redemptions: z.array(ZVoucherRedemption),
  }),
});
