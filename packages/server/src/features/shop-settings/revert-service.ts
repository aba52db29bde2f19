import { SHOP_SETTINGS_MESSAGES as M, type TSaveResult } from '@shopdesk/contract';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { requireShop } from '../../plugins/app/shop-access';
import type { SessionUser } from '../session/session-store';
import { findRecord } from './record-store';
import { saveSetting } from './save-service';

/**
 * Reverts one change from the Record tab (ours, not in the spec: docs/decisions.md). The record's old value
 * goes back through the same allow-listed save, as a new audit record pointing at it (revertOf); refused
 * with 409 when the field no longer holds the record's new value.
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
  if (!record.revertable) throw conflict(M.revertUnsupported);
  return saveSetting(
    db,
    user,
    accountId,
    { table: record.targetTable!, key: record.targetKey!, value: record.oldValue },
    { kind: 'revert', recordId, expected: record.newValue },
  );
};
