import { z } from 'zod';
import { msg, type TMessage } from '../../../common/errors';

/** Order statuses named in spec 000 §4: new order, accepted, rejected, completed, canceled. */
export const ORDER_STATUS_VALUES = ['new', 'accepted', 'rejected', 'completed', 'canceled'] as const;
export const ZOrderStatus = z.enum(ORDER_STATUS_VALUES);
export type TOrderStatus = z.infer<typeof ZOrderStatus>;

export const ORDER_STATUS_LABELS: Record<TOrderStatus, TMessage> = {
  new: msg('新訂單', 'New order'),
  accepted: msg('已接單', 'Accepted'),
  rejected: msg('已拒單', 'Rejected'),
  completed: msg('已完成', 'Completed'),
  canceled: msg('已取消', 'Canceled'),
};

/**
 * Orders that count in every report (statistics, sales, the weekly report): taken on by the shop.
 * New ones are not decided yet; rejected and canceled ones bring no revenue. The rollup triggers of
 * drizzle/0009_stats_rollups.sql spell the same list in SQL.
 */
export const COUNTED_ORDER_STATUSES = ['accepted', 'completed'] as const satisfies readonly TOrderStatus[];

/** Open orders are the ones a board still acts on. */
export const OPEN_ORDER_STATUSES = ['new', 'accepted'] as const satisfies readonly TOrderStatus[];

/**
 * What staff can do to an order (spec 000 §4 names the statuses, not the rules, so these are ours):
 * new → accepted | rejected, accepted → completed | canceled. Rejecting and canceling need a reason.
 */
export const ORDER_ACTIONS = {
  accept: { from: 'new', to: 'accepted', needsReason: false },
  reject: { from: 'new', to: 'rejected', needsReason: true },
  complete: { from: 'accepted', to: 'completed', needsReason: false },
  cancel: { from: 'accepted', to: 'canceled', needsReason: true },
} as const satisfies Record<string, { from: TOrderStatus; to: TOrderStatus; needsReason: boolean }>;
export type TOrderAction = keyof typeof ORDER_ACTIONS;
export const ZOrderAction = z.enum(Object.keys(ORDER_ACTIONS) as [TOrderAction, ...TOrderAction[]]);

export const ORDER_ACTION_LABELS: Record<TOrderAction, TMessage> = {
  accept: msg('接單', 'Accept'),
  reject: msg('拒單', 'Reject'),
  complete: msg('完成', 'Complete'),
  cancel: msg('取消訂單', 'Cancel order'),
};

/** The actions open to an order in this status (the board and the detail drawer show exactly these). */
export const actionsFor = (status: TOrderStatus): TOrderAction[] =>
  (Object.keys(ORDER_ACTIONS) as TOrderAction[]).filter((a) => ORDER_ACTIONS[a].from === status);

export const canApply = (status: TOrderStatus, action: TOrderAction) => ORDER_ACTIONS[action].from === status;

/** A preset reason; `mealTypes` names the only meal types it is offered for (all when absent). */
export type TReasonPreset = TMessage & { mealTypes?: readonly string[] };

/**
 * Reasons offered when rejecting or canceling; "other" takes free text. The spec names none; ours
 * (docs/decisions/orders.md "Reject and cancel reasons").
 */
export const ORDER_REASON_PRESETS: readonly TReasonPreset[] = [
  msg('商品已售完', 'Sold out'),
  msg('店內忙碌，無法接單', 'Too busy to take the order'),
  msg('即將打烊', 'Closing soon'),
  { ...msg('無法外送至此地址', 'Cannot deliver to this address'), mealTypes: ['delivery'] },
  msg('顧客要求取消', 'The customer asked to cancel'),
];

/** The preset reasons that fit an order of this meal type (an eat-in order is never "cannot deliver"). */
export const reasonPresetsFor = (mealType: string): TMessage[] =>
  ORDER_REASON_PRESETS.filter((p) => !p.mealTypes || p.mealTypes.includes(mealType)).map(({ zh, en }) => ({
    zh,
    en,
  }));
export const ORDER_REASON_MAX = 100;

/** Logistics statuses of spec 000 §4 for delivery orders handed to a courier. */
export const LOGISTICS_STATUS_VALUES = [
  'matching',
  'en_route_pickup',
  'picked_up',
  'delivered',
  'canceled',
  'overdue',
  'customer_service',
] as const;
export const ZLogisticsStatus = z.enum(LOGISTICS_STATUS_VALUES);
export type TLogisticsStatus = z.infer<typeof ZLogisticsStatus>;

export const LOGISTICS_STATUS_LABELS: Record<TLogisticsStatus, TMessage> = {
  matching: msg('媒合中', 'Matching a courier'),
  en_route_pickup: msg('前往取餐中', 'En route for pickup'),
  picked_up: msg('已取餐', 'Picked up'),
  delivered: msg('已送達', 'Delivered'),
  canceled: msg('已取消', 'Canceled'),
  overdue: msg('已逾時', 'Overdue'),
  customer_service: msg('已轉客服', 'Transferred to customer service'),
};

/** Final logistics statuses: the simulator and the vendors stop there. */
export const LOGISTICS_FINAL: readonly TLogisticsStatus[] = ['delivered', 'canceled', 'customer_service'];

export const MEAL_TYPE_LABELS = {
  eat_in: msg('內用', 'Eat in'),
  to_go: msg('外帶', 'To go'),
  delivery: msg('外送', 'Delivery'),
} as const satisfies Record<string, TMessage>;

export const PAYMENT_METHOD_LABELS = {
  cash: msg('現金', 'Cash'),
  online: msg('線上支付', 'Online payment'),
} as const satisfies Record<string, TMessage>;

/** a delivery paid in cash is paid to the courier: 貨到付款, not "pay at the shop". */
export const CASH_ON_DELIVERY = msg('貨到付款', 'Cash on delivery');

/** How an order's payment method reads on the board, the ticket and the customer's page. */
export const paymentMethodLabel = (method: keyof typeof PAYMENT_METHOD_LABELS, mealType: string): TMessage =>
  method === 'cash' && mealType === 'delivery' ? CASH_ON_DELIVERY : PAYMENT_METHOD_LABELS[method];
