import {
  PRINTER_MESSAGES as M,
  type TPrinterInput,
  type TPrinterUpdate,
  ZPrinterInput,
  ZPrinterUpdate,
} from '@shopdesk/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PrinterService } from '../../../adapters/printer';
import type { Db } from '../../../db/client';
import { printers } from '../../../db/schema';
import { ApiError, conflict, notFound } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import type { SecretBox } from '../../../lib/secret-box';
import { requireShop } from '../../../plugins/app/shop-access';
import { type AuditActor, writeAudit } from '../../platform/audit/write-audit';
import {
  findPrinter,
  type PrinterRow,
  recordStatus,
  shopPrinters,
  targetOf,
  toPrinter,
} from './printer-store';

export type PrinterDeps = { db: Db; box: SecretBox; service: PrinterService; log: FastifyBaseLogger };

/** What the masked display may show: the last four characters of a long secret, nothing of a short one. */
const hintOf = (secret: string) => (secret.length > 8 ? secret.slice(-4) : '');

const AUDIT = { resourceCode: 'printers', table: 'printers' } as const;
/** What the Record tab shows of a printer: never its secret. */
const auditView = (r: PrinterRow) => ({
  name: r.name,
  sn: r.sn,
  printer_type: r.printerType,
  server: r.server,
  voice_id: r.voiceId,
  volume: r.volume,
});
const describe = (r: PrinterRow) => `${r.name}（${r.printerType}，序號 ${r.sn}，${r.server}）`;

/** Unique-index violations as the spec's texts: a duplicate name (spec 001 §5) or a serial in use. */
const uniqueProblem = (err: unknown): ApiError | undefined => {
  const text = `${(err as Error).message} ${String((err as { cause?: Error }).cause?.message ?? '')}`;
  if (text.includes('printers_account_name_unique')) return conflict(M.duplicateName);
  if (text.includes('printers_server_sn_unique')) return conflict(M.duplicateSn);
  return undefined;
};

/** Asks the service for a printer's state (binding it on first contact); a service failure is only logged. */
const refreshState = async (d: PrinterDeps, row: PrinterRow) => {
  try {
    await recordStatus(d.db, row.id, await d.service.bind(targetOf(d.box, row)));
  } catch (err) {
    d.log.warn({ did: row.did, err: (err as Error).message }, 'printer service: bind failed');
  }
};

export const listShopPrinters = async (db: Db, user: SessionUser, accountId: number) => {
  await requireShop(db, user, accountId);
  return { printers: (await shopPrinters(db, accountId)).map(toPrinter) };
};

/** Checks the name before the insert, so the answer names the rule; the unique index guards races. */
const assertNameFree = async (db: Db, accountId: number, name: string, exceptId?: number) => {
  const [dup] = await db
    .select({ id: printers.id })
    .from(printers)
    .where(
      and(
        eq(printers.accountId, accountId),
        eq(printers.name, name),
        ...(exceptId ? [ne(printers.id, exceptId)] : []),
      ),
    )
    .limit(1);
  if (dup) throw conflict(M.duplicateName);
};

export const createPrinter = async (
  d: PrinterDeps,
  user: SessionUser,
  accountId: number,
  body: TPrinterInput,
) => {
  await requireShop(d.db, user, accountId);
  const input = ZPrinterInput.parse(body);
  await assertNameFree(d.db, accountId, input.name);
  let row: PrinterRow;
  try {
    row = await d.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [created] = await tx
        .insert(printers)
        .values({
          accountId,
          name: input.name,
          sn: input.sn,
          secretSealed: d.box.seal(input.secret),
          secretHint: hintOf(input.secret),
          printerType: input.printer_type,
          server: input.server,
          voiceId: input.voice_id,
          volume: input.volume,
        })
        .returning();
      await writeAudit(tx, user as AuditActor, {
        accountId,
        resourceCode: AUDIT.resourceCode,
        action: 'create',
        displayName: `出單機 ${created!.name}`,
        displayLog: `新增出單機 ${describe(created!)}`,
        target: { table: AUDIT.table, id: created!.did },
        newValue: auditView(created!),
      });
      return created!;
    });
  } catch (err) {
    throw uniqueProblem(err) ?? err;
  }
  await refreshState(d, row);
  const fresh = (await findPrinter(d.db, row.did))!;
  return { did: fresh.did, printer: toPrinter(fresh) };
};

/** A printer the caller may touch: 404 for none, 403 for another tenant's (requireShop). */
const requirePrinter = async (db: Db, user: SessionUser, did: string) => {
  const row = await findPrinter(db, did);
  if (!row) throw notFound(M.notFound);
  await requireShop(db, user, row.accountId);
  return row;
};

export const updatePrinter = async (d: PrinterDeps, user: SessionUser, did: string, body: TPrinterUpdate) => {
  const before = await requirePrinter(d.db, user, did);
  const input = ZPrinterUpdate.parse(body);
  await assertNameFree(d.db, before.accountId, input.name, before.id);
  const secret = input.secret ? input.secret : undefined;
  let after: PrinterRow;
  try {
    after = await d.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [row] = await tx
        .update(printers)
        .set({
          name: input.name,
          sn: input.sn,
          ...(secret ? { secretSealed: d.box.seal(secret), secretHint: hintOf(secret) } : {}),
          printerType: input.printer_type,
          server: input.server,
          voiceId: input.voice_id,
          volume: input.volume,
          updatedAt: new Date(),
        })
        .where(eq(printers.id, before.id))
        .returning();
      const changed = Object.entries(auditView(row!))
        .filter(([k, v]) => auditView(before)[k as keyof ReturnType<typeof auditView>] !== v)
        .map(([k]) => k);
      await writeAudit(tx, user as AuditActor, {
        accountId: before.accountId,
        resourceCode: AUDIT.resourceCode,
        action: 'update',
        displayName: `出單機 ${row!.name}`,
        displayLog: `更新出單機 ${describe(row!)}${changed.length ? `：${changed.join('、')}` : ''}${
          secret ? '（已更換密鑰）' : ''
        }`,
        target: { table: AUDIT.table, id: row!.did },
        oldValue: auditView(before),
        newValue: auditView(row!),
      });
      return row!;
    });
  } catch (err) {
    throw uniqueProblem(err) ?? err;
  }
  await refreshState(d, after);
  return { printer: toPrinter((await findPrinter(d.db, did))!) };
};

export const deletePrinter = async (d: PrinterDeps, user: SessionUser, did: string) => {
  const row = await requirePrinter(d.db, user, did);
  await d.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.delete(printers).where(eq(printers.id, row.id));
    await writeAudit(tx, user as AuditActor, {
      accountId: row.accountId,
      resourceCode: AUDIT.resourceCode,
      action: 'delete',
      displayName: `出單機 ${row.name}`,
      displayLog: `刪除出單機 ${describe(row)}`,
      target: { table: AUDIT.table, id: row.did },
      oldValue: auditView(row),
    });
  });
  return { did };
};

/** Empties the printer's queue at the service (spec 001 §2.5 purge queue); 502 清除列印佇列失敗 when it fails. */
export const purgePrinterQueue = async (d: PrinterDeps, user: SessionUser, did: string) => {
  const row = await requirePrinter(d.db, user, did);
  let purged: number;
  try {
    purged = await d.service.purge(targetOf(d.box, row));
  } catch (err) {
    d.log.warn({ did, err: (err as Error).message }, 'printer service: purge failed');
    throw new ApiError(502, 'PRINTER_SERVICE_FAILED', M.purgeFailed);
  }
  await d.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.update(printers).set({ queueLength: 0 }).where(eq(printers.id, row.id));
    await writeAudit(tx, user as AuditActor, {
      accountId: row.accountId,
      resourceCode: AUDIT.resourceCode,
      action: 'update',
      displayName: `出單機 ${row.name}`,
      displayLog: `清除列印佇列 ${row.name}（${purged} 張）`,
      target: { table: AUDIT.table, id: row.did },
    });
  });
  return { did, purged };
};
