import type { TBusinessData, TBusinessField, TPrinterMealType } from '@shopdesk/contract';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { accounts, businesses } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { COLUMNS, toBusinessData, toDb } from './business-columns';
import { relocateShop } from './shop-point';

export type StoredShop = {
  accountId: number;
  kind: 'catering' | 'retail';
  codeExpiresAt: Date | null;
  data: TBusinessData;
};

/** One shop's account and business rows as businessData; `lock` holds them until the transaction ends. */
export const loadShop = async (
  db: Db,
  accountId: number,
  opts: { lock?: boolean } = {},
): Promise<StoredShop> => {
  const query = db
    .select({ account: accounts, business: businesses })
    .from(accounts)
    .innerJoin(businesses, eq(businesses.id, accounts.id))
    .where(eq(accounts.id, accountId));
  const rows = await (opts.lock ? query.for('update') : query);
  const row = rows[0];
  if (!row) throw notFound();
  return {
    accountId: row.account.id,
    kind: row.account.kind,
    codeExpiresAt: row.account.codeExpiresAt,
    data: toBusinessData(row.account, row.business),
  };
};

/** Writes changed fields to their tables (one UPDATE per table that has any). */
export const writeShopFields = async (
  tx: Db,
  accountId: number,
  changes: Partial<Record<TBusinessField, unknown>>,
) => {
  const sets: Record<'accounts' | 'businesses', Record<string, unknown>> = { accounts: {}, businesses: {} };
  for (const [field, value] of Object.entries(changes) as [TBusinessField, unknown][]) {
    const { table, key } = COLUMNS[field];
    sets[table][key] = toDb(field, value);
  }
  const now = new Date();
  if (Object.keys(sets.accounts).length) {
    await tx
      .update(accounts)
      .set({ ...sets.accounts, updatedAt: now })
      .where(eq(accounts.id, accountId));
  }
  if (Object.keys(sets.businesses).length) {
    await tx
      .update(businesses)
      .set({ ...sets.businesses, updatedAt: now })
      .where(eq(businesses.id, accountId));
  }
  // a new address, a new point (geocoded through the outbox)
  if ('businessAddress' in changes) await relocateShop(tx, accountId, String(changes.businessAddress ?? ''));
};

/** Is the code the live binding code of another shop? (codes are typed by people, so they must not clash) */
export const bindingCodeInUse = async (db: Db, code: string, exceptAccountId: number): Promise<boolean> => {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(eq(accounts.code, code), ne(accounts.id, exceptAccountId), gt(accounts.codeExpiresAt, sql`now()`)),
    )
    .limit(1);
  return rows.length > 0;
};

export const saveBindingCode = async (tx: Db, accountId: number, code: string, expiresAt: Date) => {
  await tx
    .update(accounts)
    .set({ code, codeExpiresAt: expiresAt, updatedAt: new Date() })
    .where(eq(accounts.id, accountId));
};

export const readDisabledLabel = async (db: Db, accountId: number, opts: { lock?: boolean } = {}) => {
  const query = db
    .select({ disabledLabel: businesses.disabledLabel })
    .from(businesses)
    .where(eq(businesses.id, accountId));
  const rows = await (opts.lock ? query.for('update') : query);
  if (!rows[0]) throw notFound();
  return rows[0].disabledLabel;
};

export const writeDisabledLabel = async (tx: Db, accountId: number, disabledLabel: TPrinterMealType[]) => {
  await tx
    .update(businesses)
    .set({ disabledLabel, updatedAt: new Date() })
    .where(eq(businesses.id, accountId));
};
