import {
  BUSINESS_SWITCHES,
  type TBusinessData,
  type TBusinessField,
  ZBusinessData,
  ZRichText,
} from '@shopdesk/contract';
import { getTableColumns } from 'drizzle-orm';
import { accounts, businesses } from '../../../db/schema';

/**
 * Where each field of businessData lives (spec 000 §3): most in `businesses`, the chat-account ids and the
 * account flags in `accounts` (docs/decisions/shops.md "accountId = businessId"). Four fields carry the spec's
 * business* names over plain columns.
 */
export type TShopTable = 'accounts' | 'businesses';
type Column = { table: TShopTable; key: string; name: string };

const ACCOUNT_FIELDS = new Set<TBusinessField>([
  'shopId',
  'ssoAppId',
  'lineAddFriendUrl',
  'lineBasicId',
  'lineChannelImageUrl',
  'code',
  'randomCode',
  'lineChannelId',
  'siAccountId',
  'isManual',
  'isNewStyle',
  'isStation',
]);
const RENAMED: Partial<Record<TBusinessField, string>> = {
  businessName: 'name',
  businessEmail: 'email',
  businessPhone: 'phone',
  businessAddress: 'address',
};

const accountColumns = getTableColumns(accounts) as Record<string, { name: string }>;
const businessColumns = getTableColumns(businesses) as Record<string, { name: string }>;

export const BUSINESS_FIELDS = Object.keys(ZBusinessData.shape) as TBusinessField[];

/** Field → table, drizzle key and SQL column name; checked once at start-up so a typo fails loudly. */
export const COLUMNS = Object.fromEntries(
  BUSINESS_FIELDS.map((field) => {
    const table: TShopTable = ACCOUNT_FIELDS.has(field) ? 'accounts' : 'businesses';
    const key = RENAMED[field] ?? field;
    const column = (table === 'accounts' ? accountColumns : businessColumns)[key];
    if (!column) throw new Error(`shop-profile: no column ${table}.${key} for ${field}`);
    return [field, { table, key, name: column.name }];
  }),
) as Record<TBusinessField, Column>;

type Row = Record<string, unknown>;

/** A stored value as businessData carries it: numeric strings become numbers, 1/0 booleans. */
const fromDb = (field: TBusinessField, value: unknown): unknown => {
  if (BUSINESS_SWITCHES.includes(field)) return value === true || value === 1 || value === '1';
  switch (field) {
    case 'deliveryDistanceTh':
      return value === null ? null : Number(value);
    case 'version':
      return Number(value) === 2 ? 2 : 1;
    case 'content':
      // An announcement stored in another shape (legacy) reads as none rather than breaking the page.
      return ZRichText.safeParse(value).success ? value : null;
    default:
      return value;
  }
};

/** A businessData value as its column stores it. */
export const toDb = (field: TBusinessField, value: unknown): unknown =>
  field === 'deliveryDistanceTh' && value !== null ? String(value) : value;

/** Builds businessData from an account row and its business row. */
export const toBusinessData = (account: Row, business: Row): TBusinessData =>
  Object.fromEntries(
    BUSINESS_FIELDS.map((field) => {
      const { table, key } = COLUMNS[field];
      return [field, fromDb(field, (table === 'accounts' ? account : business)[key])];
    }),
  ) as TBusinessData;
