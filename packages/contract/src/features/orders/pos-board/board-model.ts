import { z } from 'zod';
import { zText } from '../../../common/bounds';
import { ZOrderPayment } from '../../payments/qrpay/qrpay';
import { ZLogisticsStatus, ZOrderStatus } from '../orders/order-status';

/** Names as ordered (copied onto the order item; the menu may change afterwards). */
const ZItemNames = z.object({ zh: zText(), en: zText().nullish() });

export const ZBoardItem = z.object({
  id: z.number().int(),
  names: ZItemNames,
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  lineTotal: z.number().int(),
  options: z.array(z.object({ names: ZItemNames })),
  /** The customer's note on this item. */
  note: zText().nullable().default(null),
  /** 團購: the name of the participant who ordered this item (storefront/group-cart.ts); null otherwise. */
  participant: zText().nullable().default(null),
});

/** One order as the board shows it: the card's header, items with options, money, customer, logistics. */
export const ZBoardOrder = z.object({
  id: z.number().int(),
  serial: z.number().int(),
  status: ZOrderStatus,
  mealType: z.enum(['eat_in', 'to_go', 'delivery']),
  paymentMethod: z.enum(['cash', 'online']),
  paymentStatus: z.enum(['unpaid', 'paid', 'refunded']),
  /** The payment through an online service (TapPay, LINE Pay, easy wallet), if the order named one. */
  onlinePayment: ZOrderPayment.nullable(),
  customerName: zText(),
  customerPhone: zText(),
  tableNumber: zText().nullable(),
  /** The customer's note. */
  comment: zText().nullable(),
  /** The customer asked for a paper receipt (is_receipt). */
  receipt: z.boolean().default(false),
  /** A self pick-up to-go order (spec 000 §3 isPickup): the card says 自取. */
  pickUp: z.boolean().default(false),
  wantedAt: zText().nullable(),
  deliveryAddress: zText().nullable(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  /** NT$ charged for delivery (orders.delivery_fee), included in total; 0 for eat-in and to-go. */
  deliveryFee: z.number().int(),
  total: z.number().int(),
  itemCount: z.number().int(),
  createdAt: zText(),
  acceptedAt: zText().nullable(),
  finishedAt: zText().nullable(),
  statusReason: zText().nullable(),
  logisticsStatus: ZLogisticsStatus.nullable(),
  logisticsUpdatedAt: zText().nullable(),
  /** The outcome of the order's last print (auto-print on acceptance or a reprint); null = never printed. */
  lastPrint: z.enum(['printed', 'failed']).nullable(),
  /** A staff test order (orders.is_test): the card shows 測試 (TEST_ORDER_LABEL). */
  isTest: z.boolean().optional(),
  items: z.array(ZBoardItem),
});
export type TBoardOrder = z.infer<typeof ZBoardOrder>;

/** The shop's switches the board shows (online ordering = businesses.is_enabled, manual = accounts.is_manual). */
export const ZBoardShop = z.object({
  accountId: z.number().int(),
  shopName: zText(),
  isEnabled: z.boolean(),
  isManual: z.boolean(),
});
export type TBoardShop = z.infer<typeof ZBoardShop>;

/** One entry of the live feed (order_events), as the SSE `order` event carries it. */
export const ZBoardEvent = z.object({
  id: z.number().int(),
  orderId: z.number().int().nullable(),
  kind: z.enum(['created', 'status', 'logistics', 'printed', 'print_failed', 'shop', 'payment']),
  status: zText().nullable(),
  data: z.record(zText(), z.unknown()),
  actor: zText().nullable(),
  createdAt: zText(),
});
export type TBoardEvent = z.infer<typeof ZBoardEvent>;

export const ZBoardProduct = z.object({
  id: z.number().int(),
  classId: z.number().int().nullable(),
  className: zText(),
  names: ZItemNames,
  price: z.number().int(),
  soldOut: z.boolean(),
});
export type TBoardProduct = z.infer<typeof ZBoardProduct>;

/** The public pickup display: order numbers only (no names or phones on a screen customers see). */
export const ZPickupDisplay = z.object({
  shopName: zText(),
  preparing: z.array(z.number().int()),
  ready: z.array(z.number().int()),
});
export type TPickupDisplay = z.infer<typeof ZPickupDisplay>;
