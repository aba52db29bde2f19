import {
  compactToColon,
  DEFAULT_OPENING_HOURS,
  isAllOpen,
  sortPeriods,
  type TOpeningHours,
  type TOpeningHoursResponse,
  type TOpeningPeriod,
} from '@shopdesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { shopOpeningHours } from '../../../db/schema';
import type { SessionUser } from '../../../identity/session-store';
import { assertUnchanged, type TRevert } from '../../platform/audit/revert-guard';
import { writeAudit } from '../../platform/audit/write-audit';

const WEEKDAY = ['日', '一', '二', '三', '四', '五', '六'];
const LIST_LABEL = { general: '預設', togo: '自取', delivery: '外送' } as const;

/** "一 09:00-14:00、五 22:00-02:00(隔天)" for the Record tab. */
const describe = (list: TOpeningPeriod[]): string => {
  if (list.length === 0) return '同預設';
  return list
    .map((p) =>
      isAllOpen(p)
        ? `${WEEKDAY[p.openDay]} 全天`
        : `${WEEKDAY[p.openDay]} ${compactToColon(p.openTime)}-${compactToColon(p.closeTime)}${p.closeDay !== p.openDay ? '(隔天)' : ''}`,
    )
    .join('、');
};

const read = async (db: Db, accountId: number, lock = false): Promise<TOpeningHoursResponse> => {
  const query = db.select().from(shopOpeningHours).where(eq(shopOpeningHours.accountId, accountId));
  const row = (await (lock ? query.for('update') : query))[0];
  if (!row) return { ...DEFAULT_OPENING_HOURS, savedAt: null };
  return {
    general: row.general,
    togo: row.togo,
    delivery: row.delivery,
    savedAt: row.updatedAt.toISOString(),
  };
};

/**
 * The shop's periods as one json value (null: never saved), for a reader that folds them into its own
 * statement (storefront/shop-context.ts); `openingHoursOf` shapes it as `getOpeningHours` answers.
 */
export const openingHoursJson = (accountId: number) =>
  sql`(select json_build_object('general', h.general, 'togo', h.togo, 'delivery', h.delivery,
    'updatedAt', h.updated_at) from shop_opening_hours h where h.account_id = ${accountId})`;

export const openingHoursOf = (
  j: {
    general: TOpeningPeriod[];
    togo: TOpeningPeriod[];
    delivery: TOpeningPeriod[];
    updatedAt: string;
  } | null,
): TOpeningHoursResponse =>
  j
    ? { general: j.general, togo: j.togo, delivery: j.delivery, savedAt: new Date(j.updatedAt).toISOString() }
    : { ...DEFAULT_OPENING_HOURS, savedAt: null };

/** The shop's periods; a shop that never saved gets the default (open all day, every day). */
export const getOpeningHours = (db: Db, accountId: number) => read(db, accountId);

/**
 * Replaces the three lists at once (spec 001 §7 PUT opening-hours), audited with old and new lists. A revert
 * (Record tab) is refused when the lists are no longer the record's new value.
 */
export const saveOpeningHours = (
  db: Db,
  user: SessionUser,
  accountId: number,
  hours: TOpeningHours,
  revert?: TRevert,
) =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const before = await read(tx, accountId, true);
    assertUnchanged(revert, { general: before.general, togo: before.togo, delivery: before.delivery });
    const next = {
      general: sortPeriods(hours.general),
      togo: sortPeriods(hours.togo),
      delivery: sortPeriods(hours.delivery),
    };
    const now = new Date();
    await tx
      .insert(shopOpeningHours)
      .values({ accountId, ...next, updatedAt: now })
      .onConflictDoUpdate({ target: shopOpeningHours.accountId, set: { ...next, updatedAt: now } });
    const oldValue = { general: before.general, togo: before.togo, delivery: before.delivery };
    await writeAudit(tx, user, {
      accountId,
      resourceCode: 'opening-hours',
      action: before.savedAt ? 'update' : 'create',
      displayName: '服務時間',
      displayLog:
        (['general', 'togo', 'delivery'] as const)
          .filter((k) => JSON.stringify(oldValue[k]) !== JSON.stringify(next[k]))
          .map((k) => `${LIST_LABEL[k]}：${describe(oldValue[k])} → ${describe(next[k])}`)
          .join('；') || '服務時間未變更',
      target: { table: 'shop_opening_hours', id: accountId },
      oldValue,
      newValue: next,
      revertOf: revert?.recordId,
    });
    return { ...next, savedAt: now.toISOString() };
  });
