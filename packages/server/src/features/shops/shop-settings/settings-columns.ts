import {
  NOTICE_KEYS,
  SETTINGS_FIELDS,
  type TBusinessData,
  type TNoticeKey,
  type TSettingField,
  type TSettingValue,
  ZBusinessData,
} from '@shopdesk/contract';
import { accounts, businesses } from '../../../db/schema';

/**
 * The server's allow-list (spec 001 §7 saves): every (table, key) of the settings catalog maps to exactly
 * one place. Fields of the shop profile are read, checked and written through shop-profile's store; the
 * others map to a column here. Anything not named here is a 400 and never a write.
 */
export type TExtraColumn =
  | { kind: 'column'; table: typeof accounts | typeof businesses; column: string; nullable?: boolean }
  | { kind: 'notice'; notice: TNoticeKey };

const col = (table: typeof accounts | typeof businesses, column: string, nullable = false): TExtraColumn => ({
  kind: 'column',
  table,
  column,
  nullable,
});

const EXTRA: Record<string, TExtraColumn> = {
  'business_info.business_name': col(businesses, 'companyName', true),
  'business.is_otp_enabled': col(businesses, 'isOtpEnabled'),
  'business.is_email': col(businesses, 'isEmail'),
  'business.is_not_comment_product_display': col(businesses, 'isNotCommentProductDisplay'),
  'business.default_meal_type': col(businesses, 'defaultMealType'),
  'accounts.sys_closed': col(accounts, 'sysClosed'),
  'large_order.amount': col(businesses, 'largeOrderAmount'),
  'large_order.qty': col(businesses, 'largeOrderQty'),
  ...Object.fromEntries(NOTICE_KEYS.map((notice) => [`business.${notice}`, { kind: 'notice', notice }])),
};

export type TProfileField = TSettingField & { profile: keyof TBusinessData };
export type TStorage = { kind: 'profile'; field: TProfileField } | TExtraColumn;

const storage = new Map<TSettingField, TStorage>(
  SETTINGS_FIELDS.map((field) => {
    const extra = EXTRA[`${field.table}.${field.key}`];
    if (field.profile && extra) throw new Error(`shop-settings: ${field.table}.${field.key} mapped twice`);
    if (field.profile) return [field, { kind: 'profile', field: field as TProfileField }];
    if (!extra) throw new Error(`shop-settings: no column for ${field.table}.${field.key}`);
    if (extra.kind === 'column' && !(extra.column in extra.table)) {
      throw new Error(`shop-settings: no column ${extra.column} for ${field.key}`);
    }
    return [field, extra];
  }),
);

export const storageOf = (field: TSettingField): TStorage => storage.get(field)!;

/** Profile fields whose value may be null (shown and saved as '' in the settings calls). */
const nullableProfile = (profile: keyof TBusinessData) =>
  ZBusinessData.shape[profile].safeParse(null).success;

/** A shop-profile value as the settings calls carry it: null text as '', reset time as HH:mm. */
export const profileToApi = (field: TSettingField, value: unknown): TSettingValue => {
  if (field.kind === 'time') return typeof value === 'string' ? value.slice(0, 5) : '';
  if ((field.kind === 'text' || field.kind === 'textarea') && value === null) return '';
  return value as TSettingValue;
};

/** A settings value as the shop profile stores it. */
export const apiToProfile = (field: TProfileField, value: TSettingValue) => {
  if (field.kind === 'time') return value === '' ? '' : `${value as string}:00`;
  if (value === '' && nullableProfile(field.profile)) return null;
  return value;
};

/** A column value as the settings calls carry it. */
export const columnToApi = (extra: TExtraColumn & { kind: 'column' }, value: unknown): TSettingValue =>
  extra.nullable && value === null ? '' : (value as TSettingValue);

export const apiToColumn = (extra: TExtraColumn & { kind: 'column' }, value: TSettingValue): unknown =>
  extra.nullable && value === '' ? null : value;
