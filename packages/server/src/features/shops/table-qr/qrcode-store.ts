import type { TQrType, TWebVersion } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { tableQrcodes } from '../../../db/schema';

/** SQL of the table QR codes: the service holds the rules and the transaction. */

export type QrcodeRow = {
  id: number;
  accountId: number;
  tableNumber: string;
  qrType: TQrType;
  webVersion: TWebVersion;
};

const columns = {
  id: tableQrcodes.id,
  accountId: tableQrcodes.accountId,
  tableNumber: tableQrcodes.tableNumber,
  qrType: tableQrcodes.qrType,
  webVersion: tableQrcodes.webVersion,
};

const asRow = (r: { webVersion: number } & Omit<QrcodeRow, 'webVersion'>): QrcodeRow => ({
  ...r,
  webVersion: r.webVersion === 1 ? 1 : 2,
});

/** A shop's codes, eat-in first, table numbers in natural order ("2" before "10"). */
export const listShopQrcodes = async (db: Db, accountId: number): Promise<QrcodeRow[]> => {
  const rows = await db.select(columns).from(tableQrcodes).where(eq(tableQrcodes.accountId, accountId));
  const collator = new Intl.Collator('zh-TW', { numeric: true });
  return rows
    .map(asRow)
    .sort((a, b) => a.qrType.localeCompare(b.qrType) || collator.compare(a.tableNumber, b.tableNumber));
};

export const findQrcode = async (db: Db, id: number): Promise<QrcodeRow | undefined> => {
  const [row] = await db.select(columns).from(tableQrcodes).where(eq(tableQrcodes.id, id)).limit(1);
  return row && asRow(row);
};

export const insertQrcodes = async (
  db: Db,
  accountId: number,
  items: readonly { tableNumber: string; qrType: TQrType; webVersion: TWebVersion }[],
): Promise<QrcodeRow[]> => {
  const rows = await db
    .insert(tableQrcodes)
    .values(items.map((i) => ({ accountId, ...i })))
    .returning(columns);
  return rows.map(asRow);
};

export const deleteQrcodeRow = async (db: Db, id: number) =>
  db.delete(tableQrcodes).where(eq(tableQrcodes.id, id));

/** A unique-index violation (PostgreSQL 23505), whether the driver error is wrapped or not. */
export const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};
