import type { TAuditResource } from '@shopdesk/contract';
import type { Db } from '../../../db/client';
import { auditRecords } from '../../../db/schema';
import type { SessionUser } from '../../../identity/session-store';

export type AuditEntry = {
  accountId: number | null;
  /** Category shown in the Record tab by its name (AUDIT_RESOURCES of the contract). */
  resourceCode: TAuditResource;
  action: 'create' | 'update' | 'delete';
  /** Item label (e.g. 店名). */
  displayName: string;
  /** A readable line, e.g. 店名：舊值 → 新值. */
  displayLog: string;
  target?: { table: string; key?: string; id?: string | number };
  oldValue?: unknown;
  newValue?: unknown;
  revertOf?: number;
};

export type AuditActor = Pick<SessionUser, 'id' | 'name' | 'type'> | { id: null; name: string; type: string };

/** Writes one audit record (spec 001 §3 "Audit record"). Call it inside the write's transaction. */
export const writeAudit = async (db: Db, actor: AuditActor, entry: AuditEntry) => {
  const [row] = await db
    .insert(auditRecords)
    .values({
      accountId: entry.accountId,
      userId: actor.id,
      userName: actor.name,
      consoleType: actor.type,
      displayName: entry.displayName,
      resourceCode: entry.resourceCode,
      action: entry.action,
      displayLog: entry.displayLog,
      targetTable: entry.target?.table,
      targetKey: entry.target?.key,
      targetId: entry.target?.id === undefined ? undefined : String(entry.target.id),
      oldValue: entry.oldValue === undefined ? null : (entry.oldValue as object),
      newValue: entry.newValue === undefined ? null : (entry.newValue as object),
      revertOf: entry.revertOf,
    })
    .returning({ id: auditRecords.id });
  return row!.id;
};

/** A value as it reads in a display line. */
export const showValue = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '（空）';
  if (typeof v === 'boolean') return v ? '開啟' : '關閉';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};
