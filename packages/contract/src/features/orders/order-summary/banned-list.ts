import { z } from 'zod';
import { PG_INT, zQueryId, zText } from '../../../common/bounds';
import { msg } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { ZPagingQuery } from '../../../common/paging';
import { isTaiwanPhone, TW_NUMBER_MESSAGES } from '../../../common/tw-numbers';
import { ZShopKindFilter } from '../../../common/user-types';
import { BANNED_LIST_USER_TYPES, normalizePhone } from './summary-orders';

// spec 000 §2 /sales/banned-list, §8 "unable to block a member"; the paths are ours (docs/decisions/orders.md).

export const BANNED_MESSAGES = {
  phoneRequired: msg('請輸入電話', 'Please enter a phone number'),
  phoneRule: TW_NUMBER_MESSAGES.phone,
  nameTooLong: msg('姓名最多 50 字', 'Names can be at most 50 characters'),
  reasonRequired: msg('請填寫封鎖原因', 'Please give a reason for blocking'),
  reasonTooLong: msg('原因最多 100 字', 'The reason can be at most 100 characters'),
  shopRequired: msg('請選擇商店', 'Please choose a shop'),
  unblocked: msg('已解除封鎖', 'Unblocked'),
} as const;

export const BANNED_REASON_MAX = 100;

/** A Taiwan phone number (common/tw-numbers.ts), stored without separators. */
export const ZTaiwanPhone = zText(undefined, { error: BANNED_MESSAGES.phoneRequired.zh })
  .trim()
  .min(1, BANNED_MESSAGES.phoneRequired.zh)
  .transform(normalizePhone)
  .pipe(zText().refine(isTaiwanPhone, BANNED_MESSAGES.phoneRule.zh));

export const ZBlockReason = zText(undefined, { error: BANNED_MESSAGES.reasonRequired.zh })
  .trim()
  .min(1, BANNED_MESSAGES.reasonRequired.zh)
  .max(BANNED_REASON_MAX, BANNED_MESSAGES.reasonTooLong.zh);

export const ZBannedCustomer = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  shopName: zText(),
  phone: zText(),
  lineUserId: zText().nullable(),
  customerName: zText(),
  reason: zText(),
  orderId: z.number().int().nullable(),
  createdBy: zText(),
  createdAt: zText(),
});
export type TBannedCustomer = z.infer<typeof ZBannedCustomer>;

const ZTypeParams = z.object({ type: z.enum(BANNED_LIST_USER_TYPES) });

export const ZBannedListQuery = ZPagingQuery.extend({
  shopId: zQueryId().optional(),
  /** Part of the phone number. */
  phone: zText().trim().max(30).transform(normalizePhone).optional(),
  kind: ZShopKindFilter,
});
export type TBannedListQuery = z.input<typeof ZBannedListQuery>;

export const listBannedCustomersOp = defineOperation({
  method: 'GET',
  path: '/:type/banned-customers',
  summary: 'The banned list of the caller’s shops (newest first)',
  spec: '000 §2 Sales /sales/banned-list',
  allow: BANNED_LIST_USER_TYPES,
  params: ZTypeParams,
  query: ZBannedListQuery,
  response: z.object({ total: z.number().int(), rows: z.array(ZBannedCustomer) }),
});

export const ZAddBannedRequest = z.object({
  accountId: z.number({ error: BANNED_MESSAGES.shopRequired.zh }).int().positive().max(PG_INT.max),
  phone: ZTaiwanPhone,
  customerName: zText().trim().max(50, BANNED_MESSAGES.nameTooLong.zh).default(''),
  reason: ZBlockReason,
});
export type TAddBannedRequest = z.input<typeof ZAddBannedRequest>;

export const addBannedCustomerOp = defineOperation({
  method: 'POST',
  path: '/:type/banned-customers',
  summary: 'Add a customer to a shop’s banned list by hand (409 when the phone is already there)',
  allow: BANNED_LIST_USER_TYPES,
  params: ZTypeParams,
  body: ZAddBannedRequest,
  response: z.object({ customer: ZBannedCustomer }),
  status: 201,
});

export const deleteBannedCustomerOp = defineOperation({
  method: 'DELETE',
  path: '/:type/banned-customers/:id',
  summary: 'Unblock a customer',
  allow: BANNED_LIST_USER_TYPES,
  params: ZTypeParams.extend({ id: zQueryId() }),
  response: z.object({ ok: z.literal(true) }),
});

/** Blocks the customer of an order (phone and chat user id) at the order's shop. */
export const blockOrderCustomerOp = defineOperation({
  method: 'POST',
  path: '/:type/summary/orders/:orderId/block',
  summary: 'Block the customer of an order (adds phone and chat user id to the shop’s banned list)',
  spec: '000 §8 unable to block a member',
  allow: BANNED_LIST_USER_TYPES,
  params: ZTypeParams.extend({ orderId: zQueryId() }),
  body: z.object({ reason: ZBlockReason }),
  response: z.object({ customer: ZBannedCustomer }),
  status: 201,
});
