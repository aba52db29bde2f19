import { NOTICE_KEYS, noticeFromStored, type TSettingField } from '@shopdesk/contract';
import { showValue } from '../../platform/audit/write-audit';
import { changeLine } from '../shop-profile/audit-lines';

/** JSON with object keys sorted: jsonb gives keys back in its own order, so compare by content. */
const canonical = (v: unknown): string => {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
};

/** Two settings values are the same (rich text compared by content, not key order). */
export const sameValue = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

const isNotice = (field: TSettingField) => (NOTICE_KEYS as readonly string[]).includes(field.key);

/** A value as the Record tab reads it: inverted flags in their shown sense, notices as one line. */
const shown = (field: TSettingField, v: unknown): unknown => {
  if (field.inverted && typeof v === 'boolean') return !v;
  if (isNotice(field) && typeof v === 'string') return noticeFromStored(v).replace(/\n/g, ' ');
  return v;
};

/**
 * The audit content line "label：old → new" (spec 001 §3 displayLog). Shop-profile fields read as the shop
 * edit form's audit does (one wording for the same field).
 */
export const auditLine = (field: TSettingField, oldValue: unknown, newValue: unknown): string =>
  field.profile && !field.inverted
    ? changeLine(field.profile, oldValue, newValue)
    : `${field.label.zh}：${showValue(shown(field, oldValue))} → ${showValue(shown(field, newValue))}`;
