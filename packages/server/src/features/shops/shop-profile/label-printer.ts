import { isDeepStrictEqual } from 'node:util';
import { PRINTER_MEAL_TYPES, type TLabelPrinter, type TPrinterMealType } from '@shopdesk/contract';
import type { Db } from '../../../db/client';
import type { SessionUser } from '../../../identity/session-store';
import { assertUnchanged, type TRevert } from '../../platform/audit/revert-guard';
import { writeAudit } from '../../platform/audit/write-audit';
import { readDisabledLabel, writeDisabledLabel } from './shop-store';

const MEAL_NAMES: Record<TPrinterMealType, string> = { here: '內用', togo: '外帶', deliver: '外送' };

/** Known meal types only, once each, in the fixed order here, togo, deliver. */
const normalise = (list: readonly string[]): TPrinterMealType[] =>
  PRINTER_MEAL_TYPES.filter((m) => list.includes(m));

const show = (list: TPrinterMealType[]) =>
  list.length ? list.map((m) => MEAL_NAMES[m]).join('、') : '（無）';

export const getLabelPrinter = async (db: Db, accountId: number): Promise<TLabelPrinter> => ({
  disabledLabel: normalise(await readDisabledLabel(db, accountId)),
});

/**
 * spec 000 §7 PATCH /{type}/accounts/{businessId}/label-printer: the meal types whose labels are not printed.
 * `revert` (Record tab, ours): refused with 409 when the list is no longer the record's new value.
 */
export const saveLabelPrinter = async (
  db: Db,
  user: SessionUser,
  accountId: number,
  body: TLabelPrinter,
  revert?: TRevert,
): Promise<TLabelPrinter> =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const before = normalise(await readDisabledLabel(tx, accountId, { lock: true }));
    assertUnchanged(revert, before);
    const after = normalise(body.disabledLabel);
    if (isDeepStrictEqual(before, after)) return { disabledLabel: after };
    await writeDisabledLabel(tx, accountId, after);
    await writeAudit(tx, user, {
      accountId,
      resourceCode: 'business',
      action: 'update',
      displayName: '停用標籤列印',
      displayLog: `停用標籤列印：${show(before)} → ${show(after)}`,
      target: { table: 'businesses', key: 'disabled_label', id: accountId },
      oldValue: before,
      newValue: after,
      revertOf: revert?.recordId,
    });
    return { disabledLabel: after };
  });
