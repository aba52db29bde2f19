import { z } from 'zod';
import { PG_INT, zId, zText } from '../../../common/bounds';
import { msg } from '../../../common/errors';
import { MEAL_TYPES } from '../../menus/menus/menu-model';
import { HHMM } from '../shop-profile/business-data';
import { colonToMinutes } from './local-time';

/**
 * Order limits / flow control (spec 001 §3 "Order limit", spec 002 §3): at most max_num_of_order orders per
 * slot of session_time minutes, between time_session.start and .end on the weekdays of period_session.
 * Field names are the spec's body names (002 §7), used for the rows the API answers too: one shape.
 */
export const ORDER_LIMIT_MESSAGES = {
  // spec 002 §5 Order limit
  weekdayRequired: msg('至少需選擇一個營業時間', 'Choose at least one weekday'),
  required: msg('必填', 'Required'),
  positive: msg('填入大於0的數字', 'Enter a number greater than 0'),
  // The pickers keep start before end (spec 002 §5); the server says so in words.
  startBeforeEnd: msg('開始時間須早於結束時間', 'The start time must be before the end time'),
  timeFormat: msg('時間格式錯誤，請輸入 HH:mm', 'Times are HH:mm'),
  accountMismatch: msg('account_id 與商店不符', 'account_id does not match the shop in the path'),
  // spec 002 §8 / 001 §8
  created: msg('新增成功', 'Flow limit condition added'),
  updated: msg('編輯成功', 'Order limit updated'),
  deleted: msg('刪除成功！', 'Order limit deleted'),
  createFailed: msg('新增失敗，請重試', 'Error adding, retry'),
  // spec 001 §4: one row edited at a time
  editFirst: msg('請先儲存編輯中的設定', 'Please save the setting being edited first'),
  // ours: two limits on the same slots would only contradict each other
  duplicate: msg(
    '已有相同餐別、星期、時段與間隔的流量控制，請直接編輯那一筆',
    'An order limit with the same meal type, weekdays, hours and interval exists already: edit that one',
  ),
} as const;

type TLimitSlot = {
  meal_type: string;
  period_session: readonly number[];
  time_session: { start: string | null; end: string | null };
  session_time: number | null;
};
const daysKey = (days: readonly number[]) => [...new Set(days)].sort((a, b) => a - b).join(',');

/**
 * Two limits are the same when they cover the same slots: meal type, weekdays, hours and interval (the
 * maximum aside: two maxima for one slot contradict each other). Refused by the server and the forms.
 */
export const sameLimitSlot = (a: TLimitSlot, b: TLimitSlot) =>
  a.meal_type === b.meal_type &&
  daysKey(a.period_session) === daysKey(b.period_session) &&
  a.time_session.start === b.time_session.start &&
  a.time_session.end === b.time_session.end &&
  a.session_time === b.session_time;

/** The shop's limit that `data` would duplicate (the edited limit `exceptId` aside), if any. */
export const duplicateLimit = <L extends TLimitSlot & { id: number }>(
  limits: readonly L[],
  data: TLimitSlot,
  exceptId?: number,
) => limits.find((l) => l.id !== exceptId && sameLimitSlot(l, data));

/** Slot lengths (spec 001 §9, 002 §9). */
export const ORDER_LIMIT_SESSION_TIMES = [15, 30, 60] as const;
export type TSessionTime = (typeof ORDER_LIMIT_SESSION_TIMES)[number];
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
/** Cap against absurd numbers; the spec asks only for > 0. */
export const MAX_ORDERS_PER_SLOT = 99_999;

const M = ORDER_LIMIT_MESSAGES;
const ZClock = zText(undefined, { error: M.required.zh })
  .min(1, { message: M.required.zh, abort: true })
  .regex(HHMM, M.timeFormat.zh);

const ZOrderLimitFields = z.object({
  meal_type: z.enum(MEAL_TYPES, { error: M.required.zh }),
  period_session: z
    .array(z.number().int().min(0).max(6), { error: M.weekdayRequired.zh })
    .min(1, M.weekdayRequired.zh)
    .max(7)
    // one shape whatever order the days were ticked in
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  time_session: z.object({ start: ZClock, end: ZClock }, { error: M.required.zh }),
  session_time: z
    .number({ error: M.required.zh })
    .int(M.required.zh)
    .min(0, M.required.zh)
    .max(PG_INT.max, M.required.zh)
    .refine((n) => (ORDER_LIMIT_SESSION_TIMES as readonly number[]).includes(n), M.required.zh),
  max_num_of_order: z
    .number({ error: M.positive.zh })
    .int(M.positive.zh)
    .min(1, M.positive.zh)
    .max(MAX_ORDERS_PER_SLOT),
});

const startBeforeEnd = (v: { time_session: { start: string; end: string } }, ctx: z.RefinementCtx) => {
  const { start, end } = v.time_session;
  if (HHMM.test(start) && HHMM.test(end) && colonToMinutes(start) >= colonToMinutes(end))
    ctx.addIssue({ code: 'custom', path: ['time_session', 'end'], message: M.startBeforeEnd.zh });
};

/** The body of create and update (spec 002 §7): account_id is optional and must match the path's shop. */
export const ZOrderLimitData = ZOrderLimitFields.extend({
  account_id: zId().optional(),
}).superRefine(startBeforeEnd);
export type TOrderLimitData = z.output<typeof ZOrderLimitData>;
export type TOrderLimitInput = z.input<typeof ZOrderLimitData>;

/** PUT /console/{accountId}/order-limits carries "orderLimitData plus id" (spec 001 §7). */
export const ZOrderLimitDataWithId = ZOrderLimitFields.extend({
  account_id: zId().optional(),
  id: z.number({ error: M.required.zh }).int().positive().max(PG_INT.max),
}).superRefine(startBeforeEnd);

/** A stored order limit as the API answers it. */
export const ZOrderLimit = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  meal_type: z.enum(MEAL_TYPES),
  period_session: z.array(z.number().int()),
  time_session: z.object({ start: zText(), end: zText() }),
  session_time: z.number().int(),
  max_num_of_order: z.number().int(),
});
export type TOrderLimit = z.infer<typeof ZOrderLimit>;

/** A new limit in the Time tab (spec 001 §3, 002 §9): eat_in, all days, 00:00–23:59, 15 min, 5 orders. */
export const TIME_TAB_ORDER_LIMIT_DEFAULTS: TOrderLimitData = {
  meal_type: 'eat_in',
  period_session: [...WEEKDAYS],
  time_session: { start: '00:00', end: '23:59' },
  session_time: 15,
  max_num_of_order: 5,
};
/** A new limit on the order-limit page (spec 002 §9): eat_in, all days, 12:00–18:00, 30 min, 5 orders. */
export const ORDER_LIMIT_PAGE_DEFAULTS: TOrderLimitData = {
  meal_type: 'eat_in',
  period_session: [...WEEKDAYS],
  time_session: { start: '12:00', end: '18:00' },
  session_time: 30,
  max_num_of_order: 5,
};
