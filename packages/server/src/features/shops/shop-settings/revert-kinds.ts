import { findSettingField, SETTINGS_FIELDS, type TSettingField } from '@shopdesk/contract';
import { COLUMNS } from '../shop-profile/business-columns';

/**
 * Which Record-tab rows a gaa may revert, and how (ours: docs/decisions/shops.md "Shop settings" Revert). Each kind
 * is written back through its own feature's service, never a second copy of its rules.
 */
export type TRevertKind =
  | { kind: 'setting'; field: TSettingField; fromProfile: boolean }
  | { kind: 'label-printer' }
  | { kind: 'opening-hours' }
  | { kind: 'order-limit'; id: number }
  | { kind: 'day-off'; id: number };

export type TRecordTarget = {
  action: string;
  targetTable: string | null;
  targetKey: string | null;
  targetId: string | null;
};

/**
 * Shop edit page records name the SQL table and column (`businesses.name`), settings records the allow-list's
 * table and key (`both.name`): a column maps to the settings field of the same shop-profile field, and its
 * values read as the settings page reads that field (fromProfile).
 */
const profileField = (table: string, key: string): TRevertKind | undefined => {
  const entry = Object.entries(COLUMNS).find(([, c]) => c.table === table && c.name === key);
  const field = entry && SETTINGS_FIELDS.find((f) => f.profile === entry[0]);
  return field ? { kind: 'setting', field, fromProfile: true } : undefined;
};

const rowId = (targetId: string | null) => {
  const id = Number(targetId);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/**
 * The revert kind of a record, or undefined when it cannot be reverted: binding codes (a fresh random code
 * cannot be given back, the old one may have expired or gone to another shop), table QR codes, POS users,
 * menus, tags and the shop-list switches.
 */
export const revertKind = (r: TRecordTarget): TRevertKind | undefined => {
  const { action, targetTable: table, targetKey: key } = r;
  if (!table) return undefined;
  if (table === 'shop_opening_hours') return { kind: 'opening-hours' };
  const id = rowId(r.targetId);
  if (table === 'order_limits') return id ? { kind: 'order-limit', id } : undefined;
  if (table === 'shop_special_days' && action !== 'update') return id ? { kind: 'day-off', id } : undefined;
  if (action !== 'update' || !key) return undefined;
  if (table === 'businesses' && key === 'disabled_label') return { kind: 'label-printer' };
  if (table === 'accounts' && key === 'code') return undefined;
  const field = findSettingField(table, key);
  if (field) return { kind: 'setting', field, fromProfile: !!field.profile };
  return table === 'accounts' || table === 'businesses' ? profileField(table, key) : undefined;
};
