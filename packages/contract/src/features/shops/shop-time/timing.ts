import { z } from 'zod';
import { PG_INT, zInt } from '../../../common/bounds';
import { msg } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import {
  INTERVAL_OPTIONS,
  MAX_RESERVABLE_DAYS,
  type TBusinessData,
  type TBusinessField,
  ZTimeSector,
} from '../shop-profile/business-data';
import { SHOP_PORTALS, ZShopPortal } from '../shop-profile/shop-profile-ops';
import { businessViolations, type TRuleViolation } from '../shop-profile/validate-business';
import { ZRowId } from './opening-ops';

/**
 * Business timing (spec 001 §3): preparation minutes per meal type, reservable days, the time option
 * interval and the slot ranges. The rules of spec 001 §5 are shop-profile's `businessViolations`; this
 * module only maps the Time tab's fields onto them. The one rule added here is the Time tab's 30-day
 * ceiling (spec 001 §2.3, §9: 0 to 30).
 */
export const TIMING_MESSAGES = {
  daysMax: msg(
    `可預訂天數（天）請輸入0到${MAX_RESERVABLE_DAYS}之間的數字`,
    `Reservable days: enter a number from 0 to ${MAX_RESERVABLE_DAYS}`,
  ),
  saved: msg('更新成功', 'Updated'),
  saveFailed: msg('更新失敗', 'Update failed'),
} as const;

/** Interval options offered by the tab (spec 001 §9), default 15. */
export const TIMING_INTERVAL_OPTIONS = INTERVAL_OPTIONS;
export const DEFAULT_INTERVAL = 15;

const ZMinutes = zInt().nullable();
export const ZTiming = z.object({
  /** Preparation minutes; null falls back to the shop's waiting_time. */
  eat_in_waiting_time: ZMinutes,
  to_go_waiting_time: ZMinutes,
  delivery_waiting_time: ZMinutes,
  /** 0 = immediate orders only, 1 = same day, 2 = next day too … (spec 001 §5). */
  time_sector_days: z
    .number()
    .int(TIMING_MESSAGES.daysMax.zh)
    // below 0 is shop-profile's rule (its own message); the schema only keeps the column's range
    .min(PG_INT.min, TIMING_MESSAGES.daysMax.zh)
    .max(MAX_RESERVABLE_DAYS, TIMING_MESSAGES.daysMax.zh)
    .nullable(),
  time_sector_length: zInt().nullable(),
  time_obj_sectors: z.array(ZTimeSector).max(48),
});
export type TTiming = z.infer<typeof ZTiming>;

/** PUT body: the slot ranges are optional (the Time tab does not edit them; the shop edit form does). */
export const ZPutTimingRequest = ZTiming.extend({
  time_obj_sectors: ZTiming.shape.time_obj_sectors.optional(),
});
export type TPutTimingRequest = z.infer<typeof ZPutTimingRequest>;

export const ZTimingResponse = ZTiming.extend({
  /** The shop-wide preparation minutes the three fields fall back to. */
  waiting_time: z.number().nullable(),
});
export type TTimingResponse = z.infer<typeof ZTimingResponse>;

/** Timing field → the shop-profile field whose rules it follows. */
export const TIMING_FIELDS = {
  eat_in_waiting_time: 'eatInWaitingTime',
  to_go_waiting_time: 'toGoWaitingTime',
  delivery_waiting_time: 'deliveryWaitingTime',
  time_sector_days: 'timeSectorDays',
  time_sector_length: 'timeSectorLength',
  time_obj_sectors: 'timeObjSectors',
} as const satisfies Record<keyof TTiming, TBusinessField>;

/**
 * The spec 001 §5 rules broken by saving `timing` into the shop `current`, as shop-profile states them,
 * limited to the fields the Time tab saves (other fields of the shop are not this save's business).
 */
export const timingViolations = (
  current: TBusinessData,
  timing: TTiming,
): (TRuleViolation & { key: keyof TTiming })[] => {
  const merged: TBusinessData = { ...current };
  const byField = new Map<string, keyof TTiming>();
  for (const [key, field] of Object.entries(TIMING_FIELDS) as [keyof TTiming, TBusinessField][]) {
    (merged as Record<string, unknown>)[field] = timing[key];
    byField.set(field, key);
  }
  // the Time tab offers 0 to 30 days (spec 001 §9), the edit form 0 to 7
  return businessViolations(merged, { maxDays: MAX_RESERVABLE_DAYS }).flatMap((v) => {
    const key = byField.get(v.field);
    return key ? [{ ...v, key }] : [];
  });
};

const ZParams = z.object({ userType: ZShopPortal, accountId: ZRowId });

// Not in the spec's call list: the Time tab saves its fields through this call (docs/decisions/shops.md Shop time).
export const getTimingOp = defineOperation({
  method: 'GET',
  path: '/:userType/shops/:accountId/timing',
  summary: 'Business timing: preparation minutes, reservable days, interval, slot ranges',
  spec: '001 §3 Business timing',
  allow: SHOP_PORTALS,
  params: ZParams,
  response: ZTimingResponse,
});

export const putTimingOp = defineOperation({
  method: 'PUT',
  path: '/:userType/shops/:accountId/timing',
  summary: 'Save business timing (spec 001 §5 rules, 3367 slot cap)',
  spec: '001 §3 Business timing, §5',
  allow: SHOP_PORTALS,
  params: ZParams,
  body: ZPutTimingRequest,
  response: ZTimingResponse,
});
