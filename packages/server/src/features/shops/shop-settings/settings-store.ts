import { SETTINGS_FIELDS, type TSettingField, type TSettingValue } from '@shopdesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { accounts, businesses } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { loadShop, type StoredShop, writeShopFields } from '../shop-profile/shop-store';
import { apiToColumn, apiToProfile, columnToApi, profileToApi, storageOf } from './settings-columns';

type Row = Record<string, unknown>;

/** A shop as the settings page sees it: the shop profile plus the columns only the settings page edits. */
export type TSettingsState = { shop: StoredShop; account: Row; business: Row };

/** Loads one shop; `lock` holds its rows until the transaction ends (saves read, check and write under it). */
export const loadSettingsState = async (
  db: Db,
  accountId: number,
  opts: { lock?: boolean } = {},
): Promise<TSettingsState> => {
  const shop = await loadShop(db, accountId, opts);
  const query = db
    .select({ account: accounts, business: businesses })
    .from(accounts)
    .innerJoin(businesses, eq(businesses.id, accounts.id))
    .where(eq(accounts.id, accountId));
  const [row] = await (opts.lock ? query.for('update') : query);
  if (!row) throw notFound();
  return { shop, account: row.account, business: row.business };
};

/** One field's current value, in the form the settings calls carry. */
export const readValue = (state: TSettingsState, field: TSettingField): TSettingValue => {
  const s = storageOf(field);
  if (s.kind === 'profile') return profileToApi(field, state.shop.data[s.field.profile]);
  if (s.kind === 'notice') return (state.business.notices as Record<string, string>)[s.notice] ?? '';
  const row = s.table === accounts ? state.account : state.business;
  return columnToApi(s, row[s.column]);
};

/** Every field's value, grouped by the table a save names. */
export const readValues = (state: TSettingsState) => {
  const values: Record<string, Record<string, TSettingValue>> = {};
  for (const field of SETTINGS_FIELDS) {
    values[field.table] ??= {};
    values[field.table]![field.key] = readValue(state, field);
  }
  return values;
};

export type TFieldChange = { field: TSettingField; value: TSettingValue };

/** Writes the changes: profile fields through shop-profile, the others to their columns. */
export const writeValues = async (tx: Db, accountId: number, changes: readonly TFieldChange[]) => {
  const profile: Record<string, unknown> = {};
  const sets = new Map<typeof accounts | typeof businesses, Row>();
  const notices: Record<string, string> = {};
  for (const { field, value } of changes) {
    const s = storageOf(field);
    if (s.kind === 'profile') profile[s.field.profile] = apiToProfile(s.field, value);
    else if (s.kind === 'notice') notices[s.notice] = value as string;
    else sets.set(s.table, { ...sets.get(s.table), [s.column]: apiToColumn(s, value) });
  }
  if (Object.keys(profile).length) await writeShopFields(tx, accountId, profile);
  const now = new Date();
  const accountSet = sets.get(accounts);
  if (accountSet)
    await tx
      .update(accounts)
      .set({ ...accountSet, updatedAt: now })
      .where(eq(accounts.id, accountId));
  const businessSet = sets.get(businesses) ?? {};
  if (Object.keys(notices).length) {
    // Merge so that the other notices stay as they are.
    businessSet.notices = sql`${businesses.notices} || ${JSON.stringify(notices)}::jsonb`;
  }
  if (Object.keys(businessSet).length) {
    await tx
      .update(businesses)
      .set({ ...businessSet, updatedAt: now })
      .where(eq(businesses.id, accountId));
  }
};
