import { isDeepStrictEqual } from 'node:util';
import {
  BUSINESS_FIELD_LABELS,
  type TBusinessData,
  TIMING_FIELDS,
  type TPutTimingRequest,
  type TTiming,
  type TTimingResponse,
  timingViolations,
} from '@shopdesk/contract';
import type { Db } from '../../../db/client';
import { badRequest } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { writeAudit } from '../../platform/audit/write-audit';
// The timing fields are columns of the shop: read and written the way the shop edit form does.
import { changeLine } from '../shop-profile/audit-lines';
import { COLUMNS } from '../shop-profile/business-columns';
import { loadShop, writeShopFields } from '../shop-profile/shop-store';

const KEYS = Object.keys(TIMING_FIELDS) as (keyof TTiming)[];

const timingOf = (d: TBusinessData): TTiming =>
  Object.fromEntries(KEYS.map((k) => [k, d[TIMING_FIELDS[k]]])) as TTiming;

const present = (d: TBusinessData): TTimingResponse => ({ ...timingOf(d), waiting_time: d.waitingTime });

export const getTiming = async (db: Db, accountId: number) => present((await loadShop(db, accountId)).data);

/**
 * Saves the Time tab's timing fields: the spec 001 §5 rules are shop-profile's (interval above 0, days 0 or
 * more, an interval when days is not 0, slots × days ≤ 3367), checked against the shop as it will be.
 */
export const saveTiming = (db: Db, user: SessionUser, accountId: number, body: TPutTimingRequest) =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const stored = (await loadShop(tx, accountId, { lock: true })).data;
    const before = timingOf(stored);
    const next: TTiming = { ...body, time_obj_sectors: body.time_obj_sectors ?? before.time_obj_sectors };
    const violation = timingViolations(stored, next)[0];
    if (violation) throw badRequest(violation.message, violation.key);
    // The rules allow no interval when only immediate orders are taken (days 0); the column keeps the last
    // interval then, ready for when reservations are turned back on (docs/decisions/shops.md Shop time).
    if (next.time_sector_length === null) next.time_sector_length = before.time_sector_length;

    const changed = KEYS.filter((k) => !isDeepStrictEqual(before[k], next[k]));
    if (changed.length === 0) return present(stored);
    await writeShopFields(tx, accountId, Object.fromEntries(changed.map((k) => [TIMING_FIELDS[k], next[k]])));
    for (const key of changed) {
      const field = TIMING_FIELDS[key];
      await writeAudit(tx, user, {
        accountId,
        resourceCode: 'business',
        action: 'update',
        displayName: BUSINESS_FIELD_LABELS[field].zh,
        displayLog: changeLine(field, before[key], next[key]),
        target: { table: 'businesses', key: COLUMNS[field].name, id: accountId },
        oldValue: before[key],
        newValue: next[key],
      });
    }
    const saved = { ...stored };
    for (const key of KEYS) Object.assign(saved, { [TIMING_FIELDS[key]]: next[key] });
    return present(saved);
  });
