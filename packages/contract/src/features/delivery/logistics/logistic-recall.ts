import { msg, type TMessage } from '../../../common/errors';
import type { TLogisticsStatus } from '../../orders/orders/order-status';

/**
 * Logistics statuses a recall may start again from (ours; spec 000 §4 names the statuses, not the rule):
 * no courier yet (none requested: manual dispatch, or still matching), no courier came (overdue), the
 * vendor gave up (transferred to customer service), or the courier request was canceled while the order
 * still stands. A courier on the way or carrying the food, or a delivered order, is not recalled.
 */
export const RECALLABLE_LOGISTICS: readonly (TLogisticsStatus | null)[] = [
  null,
  'matching',
  'overdue',
  'customer_service',
  'canceled',
];

export const RECALL_MESSAGES = {
  // spec 002 §8 "Logistics recall"
  sent: msg('物流請求已送出', 'Logistics request sent'),
  // ours: why a recall is refused
  notDelivery: msg('此訂單不是外送訂單，無法重新叫車', 'This is not a delivery order: no courier to request'),
  noCourier: msg(
    '此商店未使用平台物流，無法重新叫車',
    'This shop does not use the platform’s couriers: no courier to request',
  ),
  notAccepted: msg(
    '只有已接單的外送訂單可以重新叫車',
    'Only an accepted delivery order can have a courier requested again',
  ),
  courierBusy: msg(
    '外送員已在途中或已送達，無法重新叫車',
    'A courier is already on the way or has delivered: no new request',
  ),
  confirm: msg('確定要為此訂單重新叫車嗎？', 'Request a courier again for this order?'),
} as const satisfies Record<string, TMessage>;

export type TRecallCandidate = {
  mealType: string;
  status: string;
  logisticsStatus: TLogisticsStatus | null;
  /** The shop's courier dispatch (contract `courierDispatch`): null = no platform courier. */
  courier: 'auto' | 'manual' | null;
};

/**
 * spec 002 §12 / §7 POST /gaa/orders/{id}/logistic-recall: why an order may not have a courier requested
 * again, or null when it may. The order drawer shows the button only when this is null; the server checks
 * it again under the order's row lock.
 */
export const recallRefusal = (o: TRecallCandidate): TMessage | null => {
  if (o.mealType !== 'delivery') return RECALL_MESSAGES.notDelivery;
  if (o.courier === null) return RECALL_MESSAGES.noCourier;
  if (o.status !== 'accepted') return RECALL_MESSAGES.notAccepted;
  if (!RECALLABLE_LOGISTICS.includes(o.logisticsStatus)) return RECALL_MESSAGES.courierBusy;
  return null;
};
