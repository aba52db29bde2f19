import {
  englishFor,
  fieldMessages,
  findSettingField,
  isSettingsTable,
  SHOP_SETTINGS_MESSAGES as M,
  SAVE_PATHS,
  settingsUserOf,
  type TSavePath,
  type TSaveResult,
  type TSettingField,
  type TSettingValue,
} from '@shopdesk/contract';
import type { Db } from '../../../db/client';
import { badRequest, conflict, forbidden } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { requireShop } from '../../../plugins/app/shop-access';
import { recordOrderEvent } from '../../orders/order-flow/order-events';
import { writeAudit } from '../../platform/audit/write-audit';
import { auditLine, sameValue } from './audit-values';
import { linkedChanges } from './linked-changes';
import { loadSettingsState, readValue, type TFieldChange, writeValues } from './settings-store';

export type TSaveRequest = { table: string; key: string; value: unknown };

/** How the write was asked for: a save path, a toggle call, or a revert of an audit record. */
export type TSaveVia =
  | { kind: 'path'; path: TSavePath }
  | { kind: 'toggle'; toggle: 'account' | 'business' }
  | { kind: 'revert'; recordId: number; expected: unknown };

/** Finds the field a request names in the allow-list: an unknown table or key is a 400, never a write. */
export const resolveField = (req: TSaveRequest, via: TSaveVia): TSettingField => {
  const field = findSettingField(req.table, req.key);
  if (!field) throw badRequest(isSettingsTable(req.table) ? M.unknownKey : M.unknownTable, 'key');
  if (via.kind === 'path' && !(SAVE_PATHS[via.path] as readonly string[]).includes(field.table)) {
    throw badRequest(M.tableMismatch, 'table');
  }
  if (via.kind === 'toggle' && field.toggle !== via.toggle) throw badRequest(M.notToggle, 'key');
  return field;
};

/** The contract's value check of the field (spec 001 §5); its message is the form's. */
const checkValue = (field: TSettingField, value: unknown): TSettingValue => {
  const parsed = field.rule.safeParse(value);
  if (parsed.success) return parsed.data;
  const zh = parsed.error.issues[0]?.message ?? M.saveFailed.zh;
  throw badRequest({ zh, en: englishFor(zh) ?? zh }, field.key);
};

/**
 * Saves one field of a shop (spec 001 §7): allow-list, who-may-edit, value check, then in one transaction
 * under a row lock: the payment linkage (spec 001 §4), the shop-profile rules, the write and one audit
 * record per changed field.
 */
/** Settings the POS board shows (its switches), by column, with their name in the feed event. */
const BOARD_SWITCHES = { is_manual: 'isManual', is_enabled: 'isEnabled' } as const;

export const saveSetting = async (
  db: Db,
  user: SessionUser,
  accountId: number,
  req: TSaveRequest,
  via: TSaveVia,
): Promise<TSaveResult> => {
  const field = resolveField(req, via);
  await requireShop(db, user, accountId);
  const as = settingsUserOf(user.type);
  if (!as || !field.who.includes(as)) throw forbidden(fieldMessages.forbidden(field.label));
  const value = checkValue(field, req.value);

  return db.transaction(async (tx) => {
    const state = await loadSettingsState(tx, accountId, { lock: true });
    const current = readValue(state, field);
    if (via.kind === 'revert' && !sameValue(current, via.expected)) throw conflict(M.revertChanged);
    const changes: TFieldChange[] = linkedChanges(state, field, value);
    if (changes.length === 0) return { changes: [], auditIds: [] };
    await writeValues(tx, accountId, changes);
    const auditIds: number[] = [];
    for (const change of changes) {
      const oldValue = readValue(state, change.field);
      auditIds.push(
        await writeAudit(tx, user, {
          accountId,
          resourceCode: change.field.table,
          action: 'update',
          displayName: change.field.label.zh,
          displayLog: auditLine(change.field, oldValue, change.value),
          target: { table: change.field.table, key: change.field.key, id: accountId },
          oldValue,
          newValue: change.value,
          revertOf: via.kind === 'revert' ? via.recordId : undefined,
        }),
      );
    }
    // the shop's live boards show these switches: tell them (features/orders/order-flow/order-events.ts)
    const boardSwitches = changes.filter((c) => c.field.key in BOARD_SWITCHES);
    if (boardSwitches.length)
      await recordOrderEvent(tx as unknown as Db, {
        accountId,
        orderId: null,
        kind: 'shop',
        data: Object.fromEntries(
          boardSwitches.map((c) => [BOARD_SWITCHES[c.field.key as keyof typeof BOARD_SWITCHES], c.value]),
        ),
        actor: `${user.type}:${user.name}`,
      });
    return {
      changes: changes.map((c) => ({ table: c.field.table, key: c.field.key, value: c.value })),
      auditIds,
    };
  });
};
