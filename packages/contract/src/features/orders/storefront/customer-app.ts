import { z } from 'zod';
import { zQueryId, zText } from '../../../common/bounds';
import { msg, type TMessage } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { type TMealType, ZMealType } from '../../menus/menus/menu-model';
import { ZOrderPayment } from '../../payments/qrpay/qrpay';
import { ZTapPayCardForm } from '../../payments/qrpay/tappay-card';
import { LOGISTICS_STATUS_LABELS, type TLogisticsStatus, ZLogisticsStatus } from '../orders/order-status';

/** The payment services the customer app offers: LINE Pay, easy wallet, and TapPay through its card form. */
export const APP_PAYMENT_SERVICES = ['linepay', 'easywallet', 'tappay'] as const;

import { ZRichText } from '../../shops/shop-profile/business-data';
import { ZOpeningPeriod } from '../../shops/shop-time/opening-periods';

/**
 * What the customer's ordering app (/shop/{id}) reads beside the menu: the shop's public face and
 * the switches that change the order form, and one order reached by its unguessable link. No session.
 */
const ZSwitch = z.object({ on: z.boolean(), cash: z.boolean(), online: z.boolean() });

export const ZStorefrontShop = z.object({
  id: z.number().int(),
  name: zText(),
  phone: zText(),
  address: zText(),
  /** The announcement (spec 000 §3 content), a Quill Delta rendered as text with formatting. */
  content: ZRichText.nullable(),
  storeInfo: zText().nullable(),
  online: z.boolean(),
  systemClosed: z.boolean(),
  /** The go-live status (spec 002 §2 已上線): false = the app shows the shop is not open yet. */
  live: z.boolean(),
  /**
   * The shop's ordering web version (spec 000 §3 `version`): 1 = QC1.0, the classic one-page layout; 2 = Web2.0.
   * What a link without `v` opens (contract webVersionOf).
   */
  webVersion: z.union([z.literal(1), z.literal(2)]),
  /**
   * The online payment services switched on that the app can take: LINE Pay (the customer approves
   * on LINE Pay's page), easy wallet, and TapPay when its card type is on and its card form is configured
   * (tappayCardReady).
   */
  paymentServices: z.array(z.enum(APP_PAYMENT_SERVICES)),
  /** TapPay's card form (TapPay Fields) set-up when TapPay is offered; null otherwise. */
  tappay: ZTapPayCardForm.nullable(),
  /** The table numbers of the shop's table QR codes: a table link to another is refused. */
  tables: z.object({ eat_in: z.array(zText()), to_go: z.array(zText()) }),
  mealTypes: z.object({ eat_in: ZSwitch, to_go: ZSwitch, delivery: ZSwitch }),
  defaultMealType: zText(),
  /** Reservable days (0 = as soon as possible only) and minutes between bookable times. */
  reservationDays: z.number().int(),
  hours: z.object({
    general: z.array(ZOpeningPeriod),
    togo: z.array(ZOpeningPeriod),
    delivery: z.array(ZOpeningPeriod),
  }),
  /** Which meal types take orders right now (service periods and days off). */
  openNow: z.object({ eat_in: z.boolean(), to_go: z.boolean(), delivery: z.boolean() }),
  /** Which meal types have a bookable time now (generateSlots: hours, days off, reservation days). */
  bookable: z.object({ eat_in: z.boolean(), to_go: z.boolean(), delivery: z.boolean() }),
  /** The notices of spec 001 §2.2, stored with <br> only: shown as text lines. */
  notices: z.record(zText(), zText()),
  form: z.object({
    phoneRequired: z.boolean(),
    /** is_not_phone: the shop does not ask for a phone (contract phoneField: delivery still needs one). */
    hidePhone: z.boolean(),
    /** is_not_comment_product_display: no note box per item. */
    hideProductNote: z.boolean(),
    /** buffer_time: minutes after the chosen time within which the order is picked up. */
    bufferMinutes: z.number().int(),
    invoice: z.boolean(),
    carrier: z.boolean(),
    receipt: z.boolean(),
    /** is_pick_up (spec 000 §3 isPickup): to-go orders may be self pick-up (自取). */
    pickUp: z.boolean(),
    /** is_email (spec 001 §2.2): the checkout asks for the customer's e-mail, required. */
    email: z.boolean(),
    /** is_otp_enabled (spec 001 §2.2 SMS verification): the phone is required and verified by a code (phone-otp). */
    otp: z.boolean(),
    /** is_rebuild (spec 001 §2.2 "order again"): the order history offers 再點一次. */
    rebuild: z.boolean(),
    /** is_groupbuy (團購): the menu offers 開團, a shared cart (storefront/group-cart.ts). */
    groupbuy: z.boolean(),
    calorie: z.boolean(),
    /** is_new_style: one column of products; otherwise two. */
    singleColumn: z.boolean(),
    hideOrderComment: z.boolean(),
    hideDeliveryComment: z.boolean(),
    hideDeliveryThreshold: z.boolean(),
    deliveryAmountMin: z.number().int(),
    /** deliveryAmtTh with logistics on, the amount from which delivery is free; null otherwise. */
    freeDeliveryFrom: z.number().int().nullable(),
    deliveryQtyMin: z.number().int(),
    largeOrderAmount: z.number().int(),
    largeOrderQty: z.number().int(),
  }),
  /** The account's LIFF ids (OA settings); '' when none: the page is then a plain web page. */
  liff: z.object({ menu: zText(), eatIn: zText(), order: zText(), pickUp: zText() }),
  lineAddFriendUrl: zText().nullable(),
  /** The shop's tag-manager container id (spec 002 §7 bulk/gtm), null when none: the pages load it. */
  gtmId: zText().nullable(),
});
export type TStorefrontShop = z.infer<typeof ZStorefrontShop>;

export const getStorefrontShopOp = defineOperation({
  method: 'GET',
  path: '/storefront/v1/shops/:accountId/profile',
  summary: "The shop's public face and the switches of the order form (customer app)",
  allow: 'public',
  params: z.object({ accountId: zQueryId() }),
  response: ZStorefrontShop,
});

export const CUSTOMER_ORDER_TOKEN_MAX = 400;
const ZTokenParams = z.object({ token: zText().min(1).max(CUSTOMER_ORDER_TOKEN_MAX) });

export const ZCustomerOrder = z.object({
  token: zText(),
  accountId: z.number().int(),
  shopName: zText(),
  serial: z.number().int(),
  /** A staff test order (docs/decisions/orders.md "Go-live status and test orders"): the page shows 測試. */
  isTest: z.boolean().optional(),
  status: zText(),
  statusReason: zText().nullable(),
  /** The courier's progress (spec 000 §4), null when no courier carries the order. */
  logisticsStatus: ZLogisticsStatus.nullable(),
  /** The courier's name and phone as the vendor gives them, only while the courier is on the way. */
  driver: z.object({ name: zText(), phone: zText() }).nullable(),
  mealType: ZMealType,
  paymentMethod: zText(),
  /** The online payment, with LINE Pay's approval page while it awaits the customer. */
  payment: ZOrderPayment.extend({
    paymentUrl: zText(2000).nullable(),
    /** A failed payment's answer from the service (TapPay: its status and msg), for the customer's message. */
    failure: z.object({ code: zText(), text: zText() }).nullable(),
  }).nullable(),
  tableNumber: zText().nullable(),
  comment: zText().nullable(),
  /** The customer asked for a paper receipt. */
  receipt: z.boolean(),
  /** A self pick-up to-go order (spec 000 §3 isPickup). */
  pickUp: z.boolean(),
  customerName: zText(),
  wantedAt: zText().nullable(),
  deliveryAddress: zText().nullable(),
  createdAt: zText(),
  acceptedAt: zText().nullable(),
  completedAt: zText().nullable(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  deliveryFee: z.number().int(),
  total: z.number().int(),
  items: z.array(
    z.object({
      /** The menu ids the line was ordered with: 再點一次 (is_rebuild) puts them in the cart again. */
      productId: z.number().int(),
      optionIds: z.array(z.number().int()),
      name: zText(),
      options: z.array(zText()),
      unitPrice: z.number().int(),
      quantity: z.number().int(),
      lineTotal: z.number().int(),
      note: zText().nullable(),
      /** 團購: who of the group ordered the line (storefront/group-cart.ts); null for an ordinary order. */
      participant: zText().nullable().optional(),
    }),
  ),
});
export type TCustomerOrder = z.infer<typeof ZCustomerOrder>;

export const getCustomerOrderOp = defineOperation({
  method: 'GET',
  path: '/storefront/v1/orders/:token',
  summary: 'One order by its unguessable link (customer app); 404 for any other token',
  allow: 'public',
  params: ZTokenParams,
  response: z.object({ order: ZCustomerOrder }),
});

/**
 * TapPay: pay an order whose card payment failed again, with a new prime from the card form (docs/decisions/customer-app.md
 * "TapPay card form"). Only a failed TapPay payment of an order still open moves back to requested.
 */
export const retryTapPayOp = defineOperation({
  method: 'POST',
  path: '/storefront/v1/orders/:token/payment/tappay',
  summary: 'Pay a failed TapPay payment again with a new prime (customer app)',
  allow: 'public',
  params: ZTokenParams,
  body: z.object({ prime: zText(200).trim().min(1) }),
  response: z.object({ order: ZCustomerOrder }),
});

/** Server-Sent Events of one order: `event: order` + the order (ZCustomerOrder) at each change. */
export const CUSTOMER_ORDER_EVENTS_PATH = '/storefront/v1/orders/:token/events';

/**
 * The courier step line of the customer's order page: 媒合中 → 取餐中 → 配送中 → 已送達. The first and
 * last labels are the board's (LOGISTICS_STATUS_LABELS); the middle two are worded for the customer.
 */
export const CUSTOMER_LOGISTICS_STEPS: readonly { status: TLogisticsStatus; label: TMessage }[] = [
  { status: 'matching', label: LOGISTICS_STATUS_LABELS.matching },
  { status: 'en_route_pickup', label: msg('取餐中', 'Picking up') },
  { status: 'picked_up', label: msg('配送中', 'On the way') },
  { status: 'delivered', label: LOGISTICS_STATUS_LABELS.delivered },
];
/** Logistics statuses in which the customer sees the courier's name and phone. */
export const DRIVER_SHOWN_LOGISTICS: readonly TLogisticsStatus[] = ['en_route_pickup', 'picked_up'];

export const CUSTOMER_APP_MESSAGES = {
  orderNotFound: msg('找不到此訂單，請確認連結是否完整', 'Order not found: please check the link'),
};

/**
 * The menu's open-now line (docs/decisions/customer-app.md "Time"): open; closed but a time can be booked
 * (目前非營業時間，可預約); closed with reservation days but no bookable time (目前沒有可預約的時間: no
 * invitation to book what does not exist); closed and the shop takes no booking.
 */
export const openNowWord = (
  shop: {
    openNow: Record<TMealType, boolean>;
    bookable: Record<TMealType, boolean>;
    reservationDays: number;
  },
  mealType: TMealType,
): 'openNow' | 'closedNow' | 'closedNoSlots' | 'closedNoAhead' =>
  shop.openNow[mealType]
    ? 'openNow'
    : shop.reservationDays <= 0
      ? 'closedNoAhead'
      : shop.bookable[mealType]
        ? 'closedNow'
        : 'closedNoSlots';

/**
 * The menu's delivery minimum line (spec 000 §3 deliveryAmtTh / deliveryQtyTh): only the thresholds that are
 * set (0 = none), so a shop with an amount only never reads "0 件"; null when neither is set.
 */
export const deliveryMinimumLine = (amount: number, qty: number): TMessage | null =>
  amount > 0 && qty > 0
    ? msg(`外送最低 ${amount} 元、${qty} 件`, `Delivery minimum NT$ ${amount}, ${qty} items`)
    : amount > 0
      ? msg(`外送最低 ${amount} 元`, `Delivery minimum NT$ ${amount}`)
      : qty > 0
        ? msg(`外送最低 ${qty} 件`, `Delivery minimum ${qty} items`)
        : null;
