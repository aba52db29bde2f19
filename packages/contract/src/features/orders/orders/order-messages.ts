import { msg, type TMessage } from '../../../common/errors';
import {
  ORDER_ACTION_LABELS,
  ORDER_STATUS_LABELS,
  type TOrderAction,
  type TOrderStatus,
} from './order-status';

/**
 * Texts of spec 000 §8 "Texts also cover: unable to block a member, cancel-logistics and cancel-order
 * refusals, order detail unavailable, reprint failed, query timed out (narrow the range), wrong date,
 * export range limits". The spec names them without wording; the wording is ours (docs/decisions/orders.md).
 */
export const ORDER_MESSAGES = {
  reasonRequired: msg('請填寫原因', 'Please give a reason'),
  // the reason dialog's prompt over its presets, and its error when none was chosen: the same words
  reasonChoose: msg('請選擇原因', 'Choose a reason'),
  reasonTooLong: msg('原因最多 100 字', 'The reason can be at most 100 characters'),
  cancelRefused: msg('此訂單無法取消', 'This order cannot be canceled'),
  cancelLogisticsRefused: msg(
    '物流已取餐，無法取消物流',
    'The courier has picked up the order; logistics cannot be canceled',
  ),
  detailUnavailable: msg('無法取得訂單明細', 'Order detail unavailable'),
  reprintFailed: msg('重新列印失敗', 'Reprint failed'),
  reprintSent: msg('已送出列印', 'Sent to the printer'),
  blockFailed: msg('無法封鎖此會員', 'Unable to block this member'),
  alreadyBlocked: msg('此會員已在黑名單中', 'This member is already on the banned list'),
  blocked: msg('已加入黑名單', 'Added to the banned list'),
  // a shop that does not ask for a phone takes orders without one; such an order names nobody to block
  noPhoneToBlock: msg(
    '此訂單沒有電話或 LINE 帳號，無法封鎖',
    'This order has no phone number or LINE account to block',
  ),
  queryTimedOut: msg('查詢逾時，請縮小查詢範圍', 'Query timed out, narrow the range'),
} as const satisfies Record<string, TMessage>;

/** 409 text when an order is no longer in the status the action needs (another board was faster). */
export const illegalTransitionMessage = (current: TOrderStatus, action: TOrderAction): TMessage => ({
  zh: `此訂單目前為「${ORDER_STATUS_LABELS[current].zh}」，無法${ORDER_ACTION_LABELS[action].zh}`,
  en: `This order is now "${ORDER_STATUS_LABELS[current].en}"; it cannot be ${
    { accept: 'accepted', reject: 'rejected', complete: 'completed', cancel: 'canceled' }[action]
  }`,
});

export const ORDER_ERROR_CODES = {
  illegalTransition: 'ORDER_STATE_CONFLICT',
  reprintFailed: 'REPRINT_FAILED',
  queryTimedOut: 'QUERY_TIMED_OUT',
  customerBlocked: 'CUSTOMER_BLOCKED',
  dateRule: 'DATE_RULE',
} as const;
