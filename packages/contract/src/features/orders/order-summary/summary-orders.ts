import { z } from 'zod';
import { zQueryId, zText } from '../../../common/bounds';
import { defineOperation } from '../../../common/operation';
import { ZPagingQuery } from '../../../common/paging';
import { stripPhoneSeparators } from '../../../common/tw-numbers';
import { USER_TYPES, ZShopKindFilter, ZUserType } from '../../../common/user-types';
import { ZOrderPayment } from '../../payments/qrpay/qrpay';
import { SUMMARY_ORDERS_PATH } from '../../shops/acls/acl-map';
import { checkDateRange, ORDER_QUERY_MAX_DAYS, type TDateRefusal, ZDay } from '../orders/date-rules';
import {
  LOGISTICS_STATUS_VALUES,
  MEAL_TYPE_LABELS,
  ORDER_STATUS_VALUES,
  ZOrderAction,
  ZOrderStatus,
} from '../orders/order-status';

// Not in the spec (000 §2 names /summary/orders, its content): docs/decisions/orders.md "Order summary".

/** Who opens /summary/orders (spec 000 §2 sidebars: gaa, si, eaa; line "sees its shop's summary and orders"). */
export const SUMMARY_ORDER_USER_TYPES = USER_TYPES;
/** Who blocks customers and keeps the banned list (spec 000 §2: /sales/banned-list is in the gaa and eaa sidebars). */
export const BANNED_LIST_USER_TYPES = ['gaa', 'eaa'] as const;

export const SUMMARY_ORDER_SORT_KEYS = ['createdAt', 'serial', 'total'] as const;
export const SUMMARY_ORDER_PAGE_SIZES = [15, 30, 50] as const;
export const ZMealTypeFilter = z.enum(Object.keys(MEAL_TYPE_LABELS) as ['eat_in', 'to_go', 'delivery']);

/** Phone digits as typed, separators dropped ("0912-345 678" → "0912345678"; common/tw-numbers.ts). */
export const normalizePhone = (raw: string) => stripPhoneSeparators(raw);

export const ZSummaryOrdersQuery = ZPagingQuery.extend({
  /** Asia/Taipei days, inclusive; both default to today. */
  from: ZDay.optional(),
  to: ZDay.optional(),
  status: ZOrderStatus.optional(),
  mealType: ZMealTypeFilter.optional(),
  phone: zText().trim().max(30).transform(normalizePhone).optional(),
  /** The per-shop order number. */
  serial: zQueryId().max(2_147_483_647).optional(),
  /** spec 002 §2: /summary/orders opens with ?shopId= (shop lists open it in a new tab). */
  shopId: zQueryId().optional(),
  kind: ZShopKindFilter,
});
export type TSummaryOrdersQuery = z.input<typeof ZSummaryOrdersQuery>;

/**
 * spec 000 §5 date rules for the order query: at most 31 days, start not after today or after the end, and
 * a phone search only within the last 3 months. The form and the server both call this.
 */
export const checkOrderQueryDates = (
  q: { from: string; to: string; phone?: string | null },
  today?: string,
): TDateRefusal | null =>
  checkDateRange(
    { from: q.from, to: q.to },
    { maxDays: ORDER_QUERY_MAX_DAYS, phone: Boolean(q.phone?.trim()), today },
  );

export const ZSummaryOrderRow = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  shopName: zText(),
  serial: z.number().int(),
  status: ZOrderStatus,
  mealType: ZMealTypeFilter,
  paymentMethod: zText(),
  customerName: zText(),
  customerPhone: zText(),
  total: z.number().int(),
  itemCount: z.number().int(),
  createdAt: zText(),
  wantedAt: zText().nullable(),
  logisticsStatus: z.enum(LOGISTICS_STATUS_VALUES).nullable(),
});
export type TSummaryOrderRow = z.infer<typeof ZSummaryOrderRow>;

const ZTypeParams = z.object({ type: ZUserType });
const ZOrderParams = ZTypeParams.extend({ orderId: zQueryId() });

export const listSummaryOrdersOp = defineOperation({
  method: 'GET',
  path: SUMMARY_ORDERS_PATH,
  summary: 'Orders of the caller’s shops by day range, status, meal type, phone, order number (newest first)',
  spec: '000 §2 Summary, §5 date rules',
  allow: SUMMARY_ORDER_USER_TYPES,
  params: ZTypeParams,
  query: ZSummaryOrdersQuery,
  response: z.object({
    total: z.number().int(),
    rows: z.array(ZSummaryOrderRow),
    /** The day range the server used (today when none was given). */
    from: zText(),
    to: zText(),
  }),
});

export const ZOrderHistoryEntry = z.object({
  at: zText(),
  /** The status the order reached (created = new). */
  status: z.enum(ORDER_STATUS_VALUES),
  reason: zText().nullable(),
  /** "eaa:王小明", "pos:counter1", "customer", "system:auto-accept"; null for history derived from old rows. */
  actor: zText().nullable(),
});
export type TOrderHistoryEntry = z.infer<typeof ZOrderHistoryEntry>;

export const ZOrderDetailItem = z.object({
  name: zText(),
  unitPrice: z.number().int(),
  quantity: z.number().int(),
  options: z.array(z.object({ name: zText(), priceDelta: z.number().int() })),
  lineTotal: z.number().int(),
  /** The customer's note on this item. */
  note: zText().nullable().default(null),
  /** 團購: who in the group ordered this item (storefront participantGroups); null for an ordinary order. */
  participant: zText().nullable().default(null),
});

export const ZSummaryOrderDetail = ZSummaryOrderRow.extend({
  paymentStatus: zText(),
  lineUserId: zText().nullable(),
  tableNumber: zText().nullable(),
  /** The customer's note. */
  comment: zText().nullable().default(null),
  /** The customer asked for a paper receipt. */
  receipt: z.boolean().default(false),
  /** A self pick-up to-go order (spec 000 §3 isPickup). */
  pickUp: z.boolean().default(false),
  /** The customer's e-mail (spec 001 §2.2 is_email), when the shop asked for it. */
  customerEmail: zText().nullable().default(null),
  deliveryAddress: zText().nullable(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  /** NT$ charged for delivery, included in the total. */
  deliveryFee: z.number().int().default(0),
  voucherCode: zText().nullable(),
  /** The promotions that priced the order and what each took off. */
  promotions: z.array(z.object({ name: zText(), discount: z.number().int() })).default([]),
  /** The payment through an online service, if the order named one. */
  onlinePayment: ZOrderPayment.nullable().default(null),
  statusReason: zText().nullable(),
  items: z.array(ZOrderDetailItem),
  history: z.array(ZOrderHistoryEntry),
  /** Whether the customer (phone or chat user id) is on the shop's banned list. */
  blocked: z.boolean(),
  /** The shop's platform-courier dispatch for a delivery order (contract `courierDispatch`), else null. */
  courier: z.enum(['auto', 'manual']).nullable().default(null),
});
export type TSummaryOrderDetail = z.infer<typeof ZSummaryOrderDetail>;

export const getSummaryOrderOp = defineOperation({
  method: 'GET',
  path: '/:type/summary/orders/:orderId',
  summary: 'One order with items, amounts, customer and status history (404 when not the caller’s)',
  allow: SUMMARY_ORDER_USER_TYPES,
  params: ZOrderParams,
  response: z.object({ order: ZSummaryOrderDetail }),
});

export const ZOrderActionBody = z.object({ reason: zText().trim().max(100).nullish() });

export const summaryOrderActionOp = defineOperation({
  method: 'POST',
  path: '/:type/summary/orders/:orderId/:action',
  summary:
    'Accept, reject, complete or cancel an order (reject and cancel need a reason); 409 on an illegal move',
  allow: SUMMARY_ORDER_USER_TYPES,
  params: ZOrderParams.extend({ action: ZOrderAction }),
  body: ZOrderActionBody,
  response: z.object({ order: ZSummaryOrderDetail }),
});
