import type { TStation, TStationPrinter, TStationRoute } from '@shopdesk/contract';
import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  menuClasses,
  printerStationClasses,
  printerStationNegativeProducts,
  printerStationOrigins,
  printerStationPrinters,
  printerStations,
  printers,
} from '../../../db/schema';

/** A shop's stations with their classes (skus), printers (ids, dids) and negative products. */
export const loadStations = async (db: Db, accountId: number) => {
  const [stations, classes, links, negatives] = await Promise.all([
    db
      .select()
      .from(printerStations)
      .where(eq(printerStations.accountId, accountId))
      .orderBy(asc(printerStations.id)),
    db
      .select({ stationId: printerStationClasses.stationId, sku: menuClasses.sku })
      .from(printerStationClasses)
      .innerJoin(menuClasses, eq(menuClasses.id, printerStationClasses.classId))
      .where(eq(printerStationClasses.accountId, accountId))
      .orderBy(asc(menuClasses.position), asc(menuClasses.id)),
    db
      .select({ stationId: printerStationPrinters.stationId, printerId: printers.id, did: printers.did })
      .from(printerStationPrinters)
      .innerJoin(printers, eq(printers.id, printerStationPrinters.printerId))
      .where(eq(printerStationPrinters.accountId, accountId))
      .orderBy(asc(printers.id)),
    db
      .select({
        stationId: printerStationNegativeProducts.stationId,
        productId: printerStationNegativeProducts.productId,
      })
      .from(printerStationNegativeProducts)
      .where(eq(printerStationNegativeProducts.accountId, accountId)),
  ]);
  return stations.map((s) => {
    const mine = links.filter((l) => l.stationId === s.id);
    return {
      row: s,
      classSkus: classes.filter((c) => c.stationId === s.id).map((c) => c.sku),
      printerIds: mine.map((l) => l.printerId),
      printerDids: mine.map((l) => l.did),
      negativeProductIds: negatives.filter((n) => n.stationId === s.id).map((n) => n.productId),
    };
  });
};
export type TLoadedStation = Awaited<ReturnType<typeof loadStations>>[number];

export const toStation = (s: TLoadedStation): TStation => ({
  stationId: s.row.id,
  name: s.row.name,
  times: s.row.times,
  stationHasClass: s.classSkus,
  printerDids: s.printerDids,
  negativeProductCount: s.negativeProductIds.length,
});

export const toRoute = (s: TLoadedStation): TStationRoute => ({
  stationId: s.row.id,
  name: s.row.name,
  times: s.row.times,
  classSkus: s.classSkus,
  negativeProductIds: s.negativeProductIds,
  printerIds: s.printerIds,
});

export const originPrinterIds = async (db: Db, accountId: number) =>
  (
    await db
      .select({ printerId: printerStationOrigins.printerId })
      .from(printerStationOrigins)
      .where(eq(printerStationOrigins.accountId, accountId))
  ).map((r) => r.printerId);

/** The shop's printers as the station page shows them (spec 002 §3 "Printer entry"). */
export const stationPrinters = async (db: Db, accountId: number): Promise<TStationPrinter[]> => {
  const [rows, stations, origins] = await Promise.all([
    db.select().from(printers).where(eq(printers.accountId, accountId)).orderBy(asc(printers.id)),
    loadStations(db, accountId),
    originPrinterIds(db, accountId),
  ]);
  return rows.map((p) => ({
    printerId: p.id,
    printerName: p.name,
    did: p.did,
    type: p.printerType === 'PL4G' ? 'label' : 'receipt',
    model: p.printerType,
    state: p.state,
    isOrigin: origins.includes(p.id),
    stations: stations
      .filter((s) => s.printerIds.includes(p.id))
      .map((s) => ({ stationId: s.row.id, stationName: s.row.name })),
  }));
};

export const stationCount = async (db: Db, accountId: number) =>
  (await db.select({ n: count() }).from(printerStations).where(eq(printerStations.accountId, accountId)))[0]
    ?.n ?? 0;
