import { z } from 'zod';
import { zText } from '../../../common/bounds';
import type { TMessage } from '../../../common/errors';
import { isTaiwanPhone, twNumberMessage } from '../../../common/tw-numbers';
import { isValidTaxId } from '../../payments/einvoice/tax-id';
import { type TBusinessField, ZRichText } from '../shop-profile/business-data';
import { BUSINESS_FIELD_LABELS, mayEditField } from '../shop-profile/business-fields';
import { fieldMessages } from '../shop-profile/messages';
import { SHOP_SETTINGS_MESSAGES as M } from './messages';

/**
 * The targets a settings save names (spec 002 §7 "Account edits by target table (accounts, business,
 * business_info, both, account_sso)", plus large_order of spec 001 §7). `both` is the name edit that
 * "updates accounts then business" (spec 001 §7).
 */
export const SETTINGS_TABLES = [
  'accounts',
  'both',
  'business',
  'business_info',
  'account_sso',
  'large_order',
] as const;
export type TSettingsTable = (typeof SETTINGS_TABLES)[number];

/** The user types that open the settings page (routes.tsv: /gaa/settings, /eaa/business/{id}/settings). */
export type TSettingsUser = 'gaa' | 'si' | 'eaa';
export const SETTINGS_USERS: readonly TSettingsUser[] = ['gaa', 'si', 'eaa'];
/**
 * Whose field rights a caller has on the settings page: a shop manager (line, holding the `shop` acl) edits
 * what the shop's owner may (docs/decisions/shops.md "Permissions": the acl opens the shop's profile and
 * settings; fields kept to gaa or si stay theirs).
 */
export const settingsUserOf = (type: string): TSettingsUser | null =>
  type === 'line'
    ? 'eaa'
    : (SETTINGS_USERS as readonly string[]).includes(type)
      ? (type as TSettingsUser)
      : null;

export type TFieldKind = 'text' | 'textarea' | 'richtext' | 'number' | 'switch' | 'select' | 'time';

/** A value as the settings calls carry it. */
export const ZSettingValue = z.union([zText(), z.number(), z.boolean(), z.null(), ZRichText]);
export type TSettingValue = z.infer<typeof ZSettingValue>;

export type TSettingField = {
  table: TSettingsTable;
  /** The spec's snake_case key (spec 001 §2.1, §2.2, §3). */
  key: string;
  label: TMessage;
  kind: TFieldKind;
  /** The shop-profile field it is, when it is one: the server reads, checks and writes it through shop-profile. */
  profile?: TBusinessField;
  /** Who may change it (spec 001 §2.1, 000 §6); the server refuses the others with 403. */
  who: readonly TSettingsUser[];
  /** The value check of a save; its messages are the ones the form shows. */
  rule: z.ZodType<TSettingValue>;
  /** Display flags shown as "display …" switches, i.e. inverted (spec 001 §2.2, §3 sys_closed). */
  inverted?: boolean;
  /** Flag keys a gaa toggles through PATCH account-toggle / business-toggle (spec 001 §3). */
  toggle?: 'account' | 'business';
  options?: readonly string[];
};

const ALL: readonly TSettingsUser[] = SETTINGS_USERS;
const whoFor = (profile: TBusinessField | undefined): readonly TSettingsUser[] =>
  profile ? ALL.filter((t) => mayEditField(t, profile)) : ALL;

type TCommon = {
  /** The shop-profile field it is (labels and who-may-edit come from there, one copy). */
  profile?: TBusinessField;
  label?: TMessage;
  who?: readonly TSettingsUser[];
};

const base = (table: TSettingsTable, key: string, o: TCommon) => {
  const label = o.label ?? (o.profile ? BUSINESS_FIELD_LABELS[o.profile] : undefined);
  if (!label) throw new Error(`settings field ${key} needs a label`);
  return { table, key, label, who: o.who ?? whoFor(o.profile), ...(o.profile ? { profile: o.profile } : {}) };
};

/** A text value; '' clears it. `format` adds an e-mail or URL check. */
export const textField = (
  table: TSettingsTable,
  key: string,
  o: TCommon & {
    max: number;
    required?: boolean;
    format?: 'email' | 'url' | 'phone' | 'taxId';
    kind?: 'text' | 'textarea';
  },
): TSettingField => {
  const b = base(table, key, o);
  let rule = zText(undefined, { error: fieldMessages.required(b.label).zh })
    .trim()
    .max(o.max, fieldMessages.maxLength(b.label, o.max).zh);
  if (o.required) rule = rule.min(1, fieldMessages.required(b.label).zh);
  const checked =
    o.format === 'email'
      ? rule.refine((v) => v === '' || z.email().safeParse(v).success, fieldMessages.email(b.label).zh)
      : o.format === 'url'
        ? rule.refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), M.urlInvalid.zh)
        : o.format === 'phone'
          ? rule.refine((v) => v === '' || isTaiwanPhone(v), twNumberMessage('phone', b.label).zh)
          : o.format === 'taxId'
            ? rule.refine((v) => v === '' || isValidTaxId(v), twNumberMessage('taxId').zh)
            : rule;
  return { ...b, kind: o.kind ?? 'text', rule: checked };
};

/** A whole number with a minimum (spec 001 §2.2 "numeric inputs have minimum 0 unless stated"). */
export const numberField = (
  table: TSettingsTable,
  key: string,
  o: TCommon & { min: number; max: number },
): TSettingField => {
  const b = base(table, key, o);
  const tooSmall = fieldMessages.min(b.label, o.min).zh;
  const rule = z.number({ error: tooSmall }).int(tooSmall).min(o.min, tooSmall).max(o.max);
  return { ...b, kind: 'number', rule };
};

export const switchField = (
  table: TSettingsTable,
  key: string,
  o: TCommon & { inverted?: boolean; toggle?: 'account' | 'business' },
): TSettingField => ({
  ...base(table, key, o),
  kind: 'switch',
  rule: z.boolean(),
  ...(o.inverted ? { inverted: true } : {}),
  ...(o.toggle ? { toggle: o.toggle } : {}),
});

export const selectField = (
  table: TSettingsTable,
  key: string,
  options: readonly [string, ...string[]],
  o: TCommon,
): TSettingField => ({ ...base(table, key, o), kind: 'select', rule: z.enum(options), options });

/** spec 001 §5 Advance: reset_time empty or HH:mm, hour 00-23, minute 00-59, else 'incorrect format'. */
export const RESET_TIME_FORMAT = /^([01]\d|2[0-3]):[0-5]\d$/;
export const timeField = (table: TSettingsTable, key: string, o: TCommon): TSettingField => ({
  ...base(table, key, o),
  kind: 'time',
  rule: zText(undefined, { error: M.incorrectFormat.zh })
    .trim()
    .refine((v) => v === '' || RESET_TIME_FORMAT.test(v), M.incorrectFormat.zh),
});

/** The announcement (spec 001 §2.1 content), the rich-text shape of the shop profile. */
export const richTextField = (table: TSettingsTable, key: string, o: TCommon): TSettingField => ({
  ...base(table, key, o),
  kind: 'richtext',
  rule: ZRichText.nullable(),
});
