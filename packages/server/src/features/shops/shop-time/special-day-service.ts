import { DAY_OFF_MESSAGES, localToday, type TAddSpecialDay, type TSpecialDay } from '@shopdesk/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { shopSpecialDays } from '../../../db/schema';
import { badRequest, notFound } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { assertUnchanged, revertGone, type TRevert } from '../../platform/audit/revert-guard';
import { writeAudit } from '../../platform/audit/write-audit';

const present = (r: Pick<typeof shopSpecialDays.$inferSelect, keyof TSpecialDay>): TSpecialDay => ({
  id: r.id,
  specialDate: r.specialDate,
  openTime: r.openTime,
  closeDay: r.closeDay,
});

/**
 * The days off as one json array in `listSpecialDays`' order, for a reader that folds them into its own
 * statement (storefront/shop-context.ts); `specialDaysOf` shapes it.
 */
export const specialDaysJson = (accountId: number) =>
  sql`(select coalesce(json_agg(json_build_object('id', d.id, 'specialDate', d.special_date,
    'openTime', d.open_time, 'closeDay', d.close_day) order by d.special_date), '[]')
    from shop_special_days d where d.account_id = ${accountId})`;

export const specialDaysOf = (rows: Pick<typeof shopSpecialDays.$inferSelect, keyof TSpecialDay>[]) =>
  rows.map(present);

/** Days off by date, earliest first. */
export const listSpecialDays = async (db: Db, accountId: number) => ({
  specialDays: (
    await db
      .select()
      .from(shopSpecialDays)
      .where(eq(shopSpecialDays.accountId, accountId))
      .orderBy(asc(shopSpecialDays.specialDate))
  ).map(present),
});

/**
 * Adds a day off (spec 001 §7 POST opening-special, closeDay 100). A date already off answers the existing
 * row with created false, so a batch import that overlaps earlier days off simply goes on. Past dates are
 * refused: a day off that has gone by changes nothing (docs/decisions/shops.md Shop time).
 */
export const addSpecialDay = async (
  db: Db,
  user: SessionUser,
  accountId: number,
  body: TAddSpecialDay,
  revert?: TRevert,
) => {
  if (body.date < localToday()) throw badRequest(DAY_OFF_MESSAGES.dateInPast, 'date');
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [inserted] = await tx
      .insert(shopSpecialDays)
      .values({ accountId, specialDate: body.date, closeDay: body.closeDay })
      .onConflictDoNothing()
      .returning();
    // A revert that adds a deleted day back is refused when the date is off again already.
    if (!inserted && revert) throw revertGone();
    if (!inserted) {
      const [existing] = await tx
        .select()
        .from(shopSpecialDays)
        .where(and(eq(shopSpecialDays.accountId, accountId), eq(shopSpecialDays.specialDate, body.date)));
      return { specialDay: present(existing!), created: false };
    }
    const specialDay = present(inserted);
    await writeAudit(tx, user, {
      accountId,
      resourceCode: 'opening-special',
      action: 'create',
      displayName: '公休日',
      displayLog: `新增公休日：${specialDay.specialDate}`,
      target: { table: 'shop_special_days', id: specialDay.id },
      oldValue: null,
      newValue: specialDay,
      revertOf: revert?.recordId,
    });
    return { specialDay, created: true };
  });
};

/** `revert` (Record tab, ours): undoes an add; refused with 409 when the day off is already gone. */
export const deleteSpecialDay = (
  db: Db,
  user: SessionUser,
  accountId: number,
  id: number,
  revert?: TRevert,
) =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [removed] = await tx
      .delete(shopSpecialDays)
      .where(and(eq(shopSpecialDays.id, id), eq(shopSpecialDays.accountId, accountId)))
      .returning();
    if (!removed) throw revert ? revertGone() : notFound();
    const old = present(removed);
    assertUnchanged(revert, old);
    await writeAudit(tx, user, {
      accountId,
      resourceCode: 'opening-special',
      action: 'delete',
      displayName: '公休日',
      displayLog: `刪除公休日：${old.specialDate}`,
      target: { table: 'shop_special_days', id },
      oldValue: old,
      newValue: null,
      revertOf: revert?.recordId,
    });
    return { affectedRows: 1 };
  });
