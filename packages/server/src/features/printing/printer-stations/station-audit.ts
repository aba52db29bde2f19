import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { menuClasses, printers, products } from '../../../db/schema';
import type { SessionUser } from '../../../identity/session-store';
import { type AuditActor, type AuditEntry, showValue, writeAudit } from '../../platform/audit/write-audit';

/**
 * Station writes in the shop's Record tab (docs/decisions/platform.md "Portal logo, shop order and station
 * audit"): one record per write, category 出單工作站, written in the write's transaction as the printers page
 * writes its own. Not revertable from the Record tab (a station's classes and printers are sets, edited on
 * the stations page).
 */
export const stationAudit = (
  tx: Db,
  user: SessionUser,
  accountId: number,
  entry: Pick<AuditEntry, 'action' | 'displayName' | 'displayLog' | 'oldValue' | 'newValue'> & {
    id?: number;
  },
) =>
  writeAudit(tx, user as AuditActor, {
    accountId,
    resourceCode: 'printer-stations',
    action: entry.action,
    displayName: entry.displayName,
    displayLog: entry.displayLog,
    target: { table: 'printer_stations', ...(entry.id === undefined ? {} : { id: entry.id }) },
    oldValue: entry.oldValue,
    newValue: entry.newValue,
  });

/** 'a → b' for each changed field, joined for a display line; empty when nothing changed. */
export const changes = (fields: [label: string, before: unknown, after: unknown][]) =>
  fields
    .filter(([, a, b]) => showValue(a) !== showValue(b))
    .map(([label, a, b]) => `${label}：${showValue(a)} → ${showValue(b)}`)
    .join('、');

/** A list for a display line: 'a、b', or （無）. */
export const listed = (names: readonly string[]) => (names.length ? names.join('、') : '（無）');

/** The zh names of menu classes by id, in the given order. */
export const classNames = async (db: Db, ids: readonly number[]) => {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: menuClasses.id, sku: menuClasses.sku, names: menuClasses.names })
    .from(menuClasses)
    .where(inArray(menuClasses.id, [...ids]));
  return ids.map((id) => {
    const r = rows.find((x) => x.id === id);
    return r ? (r.names.zh ?? r.names.en ?? r.sku) : String(id);
  });
};

/** Printer names by id. */
export const printerNames = async (db: Db, ids: readonly number[]) => {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: printers.id, name: printers.name })
    .from(printers)
    .where(inArray(printers.id, [...ids]));
  return ids.map((id) => rows.find((r) => r.id === id)?.name ?? String(id));
};

/** Product names by id. */
export const productNames = async (db: Db, ids: readonly number[]) => {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: products.id, names: products.names })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return ids.map((id) => {
    const r = rows.find((x) => x.id === id);
    return r ? (r.names.zh ?? r.names.en ?? String(id)) : String(id);
  });
};
