import {
  CUSTOMER_AUDIT_RESOURCES,
  seesCustomersInFull,
  type TAuditAction,
  type TAuditPage,
  type TCustomerViewer,
} from '@shopdesk/contract';
import { and, count, desc, eq, getTableColumns, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { auditRecords } from '../../../db/schema';
import { revertKind } from './revert-kinds';

/**
 * Old and new values read as JSON text: drizzle's jsonb mapping on PGlite parses a JSON string twice, so a
 * stored "24536806" would come back as a number (and "true" as a boolean), which would break the revert check.
 */
const columns = {
  ...getTableColumns(auditRecords),
  oldValue: sql<string | null>`${auditRecords.oldValue}::text`,
  newValue: sql<string | null>`${auditRecords.newValue}::text`,
};
const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

export type TRecordFilter = { resourceCode?: string; action?: TAuditAction; viewer: TCustomerViewer };

/** One page of a shop's audit records, newest first (spec 001 §2.8), with the categories it uses. */
export const listRecords = async (
  db: Db,
  accountId: number,
  filter: TRecordFilter,
  page: { offset: number; limit: number },
): Promise<TAuditPage> => {
  const conditions: SQL[] = [eq(auditRecords.accountId, accountId)];
  if (filter.resourceCode) conditions.push(eq(auditRecords.resourceCode, filter.resourceCode));
  if (filter.action) conditions.push(eq(auditRecords.action, filter.action));
  // Records naming customers (the banned list's) only for viewers who see customers (customer-data.ts).
  const hidden = seesCustomersInFull(filter.viewer)
    ? undefined
    : notInArray(auditRecords.resourceCode, [...CUSTOMER_AUDIT_RESOURCES]);
  if (hidden) conditions.push(hidden);
  const where = and(...conditions);
  const [rows, [total], codes] = await Promise.all([
    db
      .select(columns)
      .from(auditRecords)
      .where(where)
      .orderBy(desc(auditRecords.createdAt), desc(auditRecords.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(auditRecords).where(where),
    db
      .selectDistinct({ code: auditRecords.resourceCode })
      .from(auditRecords)
      .where(and(eq(auditRecords.accountId, accountId), hidden))
      .orderBy(auditRecords.resourceCode),
  ]);
  return {
    total: total?.n ?? 0,
    resourceCodes: codes.map((c) => c.code),
    records: rows.map((r) => ({
      id: r.id,
      userName: r.userName,
      consoleType: r.consoleType,
      resourceCode: r.resourceCode,
      displayName: r.displayName,
      action: r.action,
      displayLog: r.displayLog,
      targetTable: r.targetTable,
      targetKey: r.targetKey,
      oldValue: parse(r.oldValue),
      newValue: parse(r.newValue),
      revertOf: r.revertOf,
      createdAt: r.createdAt.toISOString(),
      revertable: revertKind(r) !== undefined,
    })),
  };
};

export const findRecord = async (db: Db, accountId: number, recordId: number) => {
  const [row] = await db
    .select(columns)
    .from(auditRecords)
    .where(and(eq(auditRecords.id, recordId), eq(auditRecords.accountId, accountId)))
    .limit(1);
  if (!row) return undefined;
  return {
    ...row,
    oldValue: parse(row.oldValue),
    newValue: parse(row.newValue),
    revertKind: revertKind(row),
  };
};
