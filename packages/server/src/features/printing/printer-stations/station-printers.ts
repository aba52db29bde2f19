import { STATION_MESSAGES as M } from '@shopdesk/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PrinterService } from '../../../adapters/printer';
import type { Db } from '../../../db/client';
import { printerStationOrigins, printerStationPrinters, printerStations, printers } from '../../../db/schema';
import { ApiError, badRequest } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import type { SecretBox } from '../../../lib/secret-box';
import { requireShop } from '../../../plugins/app/shop-access';
import { recordStatus, shopPrinters, targetOf } from '../printers/printer-store';
import { listed, printerNames, stationAudit } from './station-audit';
import { originPrinterIds, stationPrinters } from './station-store';

export type SyncDeps = { db: Db; box: SecretBox; service: PrinterService; log: FastifyBaseLogger };

/** The body's shopId names the shop of the path (spec 002 §7 sends both); another is a 400. */
const sameShop = (accountId: number, shopId: number) => {
  if (shopId !== accountId) throw badRequest(M.shopMismatch, 'shopId');
};

/** Printers of the shop by did; an unknown did (or another shop's) is a 400 naming it. */
const printersByDid = async (db: Db, accountId: number, dids: readonly string[]) => {
  if (dids.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ id: printers.id, did: printers.did })
    .from(printers)
    .where(and(eq(printers.accountId, accountId), inArray(printers.did, [...new Set(dids)])));
  const byDid = new Map(rows.map((r) => [r.did, r.id]));
  const unknown = dids.find((d) => !byDid.has(d));
  if (unknown)
    throw badRequest(
      { zh: `${M.printerNotFound.zh}：${unknown}`, en: `${M.printerNotFound.en}: ${unknown}` },
      'did',
    );
  return byDid;
};

/** POST printer-station/printers: each entry replaces the stations its printer prints for. */
export const assignStationPrinters = async (
  db: Db,
  user: SessionUser,
  accountId: number,
  data: { did: string; stationIds: number[] }[],
) => {
  await requireShop(db, user, accountId);
  const byDid = await printersByDid(
    db,
    accountId,
    data.map((d) => d.did),
  );
  const wanted = [...new Set(data.flatMap((d) => d.stationIds))];
  if (wanted.length) {
    const found = await db
      .select({ id: printerStations.id })
      .from(printerStations)
      .where(and(eq(printerStations.accountId, accountId), inArray(printerStations.id, wanted)));
    if (found.length !== wanted.length) throw badRequest(M.stationNotFound, 'stationIds');
  }
  const stationNames = new Map(
    (
      await db
        .select({ id: printerStations.id, name: printerStations.name })
        .from(printerStations)
        .where(eq(printerStations.accountId, accountId))
    ).map((r) => [r.id, r.name]),
  );
  const names = (ids: number[]) => listed(ids.map((id) => stationNames.get(id) ?? String(id)));
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    for (const entry of data) {
      const printerId = byDid.get(entry.did)!;
      const before = (
        await tx
          .delete(printerStationPrinters)
          .where(eq(printerStationPrinters.printerId, printerId))
          .returning({ stationId: printerStationPrinters.stationId })
      ).map((r) => r.stationId);
      const ids = [...new Set(entry.stationIds)];
      if (ids.length)
        await tx
          .insert(printerStationPrinters)
          .values(ids.map((stationId) => ({ stationId, printerId, accountId })));
      if (names([...before].sort()) !== names([...ids].sort())) {
        const [printer] = await printerNames(tx, [printerId]);
        await stationAudit(tx, user, accountId, {
          action: 'update',
          displayName: `出單機 ${printer}`,
          displayLog: `出單機 ${printer} 的工作站：${names(before)} → ${names(ids)}`,
          oldValue: { stations: before },
          newValue: { stations: ids },
        });
      }
    }
  });
  return { printers: await stationPrinters(db, accountId) };
};

export const listOrigins = async (db: Db, accountId: number) => {
  const ids = await originPrinterIds(db, accountId);
  const rows = ids.length
    ? await db.select({ did: printers.did }).from(printers).where(inArray(printers.id, ids))
    : [];
  return { originPrinterDidArr: rows.map((r) => r.did) };
};

/** POST printer-station/origin-printers: the printers that keep printing the whole order (replaces the set). */
export const setOrigins = async (
  db: Db,
  user: SessionUser,
  accountId: number,
  body: { originPrinterDidArr: string[]; shopId: number },
) => {
  await requireShop(db, user, accountId);
  sameShop(accountId, body.shopId);
  const byDid = await printersByDid(db, accountId, body.originPrinterDidArr);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const before = (
      await tx
        .delete(printerStationOrigins)
        .where(eq(printerStationOrigins.accountId, accountId))
        .returning({ printerId: printerStationOrigins.printerId })
    ).map((r) => r.printerId);
    const ids = [...new Set(byDid.values())];
    if (ids.length)
      await tx.insert(printerStationOrigins).values(ids.map((printerId) => ({ printerId, accountId })));
    const [was, now] = [await printerNames(tx, before), await printerNames(tx, ids)];
    if (listed([...was].sort()) !== listed([...now].sort()))
      await stationAudit(tx, user, accountId, {
        action: 'update',
        displayName: '原始出單機',
        displayLog: `原始出單機（整張訂單）：${listed(was)} → ${listed(now)}`,
        oldValue: { printers: was },
        newValue: { printers: now },
      });
  });
  return listOrigins(db, accountId);
};

/**
 * PATCH printer-station/printers (spec 002 §4 "Printer-station sync"): registers each of the shop's printers
 * with the printer service again and keeps the state it reports. One the service cannot reach makes the
 * sync 同步失敗 (502); the states it did learn are kept either way.
 */
export const syncStationPrinters = async (
  d: SyncDeps,
  user: SessionUser,
  accountId: number,
  shopId: number,
) => {
  await requireShop(d.db, user, accountId);
  sameShop(accountId, shopId);
  const rows = await shopPrinters(d.db, accountId);
  const failed: string[] = [];
  await Promise.all(
    rows.map(async (row) => {
      try {
        await recordStatus(d.db, row.id, await d.service.bind(targetOf(d.box, row)));
      } catch (err) {
        d.log.warn({ did: row.did, err: (err as Error).message }, 'printer stations: sync failed');
        await recordStatus(d.db, row.id, {
          state: 'unknown',
          queueLength: row.queueLength,
          lastPrintAt: null,
        });
        failed.push(row.name);
      }
    }),
  );
  const printed = rows.length - failed.length;
  await stationAudit(d.db, user, accountId, {
    action: 'update',
    displayName: '同步出單機',
    displayLog: failed.length
      ? `同步出單機：${printed} 台成功，失敗 ${listed(failed)}`
      : `同步出單機：${rows.length} 台成功`,
    newValue: { synced: printed, failed },
  });
  if (failed.length)
    throw new ApiError(502, 'STATION_SYNC_FAILED', {
      zh: `${M.syncFailed.zh}：${failed.join('、')}`,
      en: `${M.syncFailed.en}: ${failed.join(', ')}`,
    });
  return { printers: await stationPrinters(d.db, accountId) };
};
