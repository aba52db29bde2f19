import {
  SHOP_SETTINGS_MESSAGES as M,
  type TLabelPrinter,
  type TOpeningHours,
  type TOrderLimit,
  type TSaveResult,
  type TSpecialDay,
} from '@shopdesk/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { auditRecords } from '../../../db/schema';
import { conflict, notFound } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { requireShop } from '../../../plugins/app/shop-access';
import type { TRevert } from '../../platform/audit/revert-guard';
import { saveLabelPrinter } from '../shop-profile/label-printer';
import { saveOpeningHours } from '../shop-time/opening-service';
import { createOrderLimit, deleteOrderLimit, updateOrderLimit } from '../shop-time/order-limit-service';
import { addSpecialDay, deleteSpecialDay } from '../shop-time/special-day-service';
import { findRecord } from './record-store';
import type { TRevertKind } from './revert-kinds';
import { saveSetting } from './save-service';
import { profileToApi } from './settings-columns';

type TRecord = NonNullable<Awaited<ReturnType<typeof findRecord>>>;

/** The audit records a revert wrote (the feature services answer their own shapes, not audit ids). */
const revertAuditIds = async (db: Db, recordId: number) =>
  (
    await db
      .select({ id: auditRecords.id })
      .from(auditRecords)
      .where(eq(auditRecords.revertOf, recordId))
      .orderBy(desc(auditRecords.id))
      .limit(1)
  ).map((r) => r.id);

/** A deleted row is re-created once: a second revert of the same delete would make a copy. */
const assertNotReverted = async (db: Db, record: TRecord) => {
  const [done] = await db
    .select({ id: auditRecords.id })
    .from(auditRecords)
    .where(and(eq(auditRecords.revertOf, record.id), eq(auditRecords.accountId, record.accountId!)))
    .limit(1);
  if (done) throw conflict(M.revertChanged);
};

/** Runs one kind's write through its own feature service, guarded by the record's new value. */
const writeBack = async (db: Db, user: SessionUser, record: TRecord, how: TRevertKind) => {
  const accountId = record.accountId!;
  const revert: TRevert = { recordId: record.id, expected: record.newValue };
  switch (how.kind) {
    case 'label-printer':
      return saveLabelPrinter(
        db,
        user,
        accountId,
        { disabledLabel: record.oldValue } as TLabelPrinter,
        revert,
      );
    case 'opening-hours':
      return saveOpeningHours(db, user, accountId, record.oldValue as TOpeningHours, revert);
    case 'order-limit': {
      if (record.action === 'create') return deleteOrderLimit(db, user, accountId, how.id, revert);
      const old = record.oldValue as TOrderLimit;
      if (record.action === 'update') return updateOrderLimit(db, user, accountId, how.id, old, revert);
      await assertNotReverted(db, record);
      return createOrderLimit(db, user, accountId, old, revert);
    }
    case 'day-off': {
      if (record.action === 'create') return deleteSpecialDay(db, user, accountId, how.id, revert);
      const old = record.oldValue as TSpecialDay;
      return addSpecialDay(db, user, accountId, { date: old.specialDate, closeDay: 100 }, revert);
    }
    case 'setting':
      throw new Error('settings fields go through saveSetting');
  }
};

/**
 * Reverts one change from the Record tab (ours, not in the spec: docs/decisions/shops.md). The record's old value
 * goes back through the feature's own write, as a new audit record pointing at it (revertOf), in the same
 * transaction; refused with 409 when the value is no longer the record's new value.
 */
export const revertRecord = async (
  db: Db,
  user: SessionUser,
  accountId: number,
  recordId: number,
): Promise<TSaveResult> => {
  await requireShop(db, user, accountId);
  const record = await findRecord(db, accountId, recordId);
  if (!record) throw notFound();
  const how = record.revertKind;
  if (!how) throw conflict(M.revertUnsupported);
  if (how.kind === 'setting') {
    const read = (v: unknown) => (how.fromProfile ? profileToApi(how.field, v) : v);
    return saveSetting(
      db,
      user,
      accountId,
      { table: how.field.table, key: how.field.key, value: read(record.oldValue) },
      { kind: 'revert', recordId, expected: read(record.newValue) },
    );
  }
  await writeBack(db, user, record, how);
  return { changes: [], auditIds: await revertAuditIds(db, recordId) };
};
