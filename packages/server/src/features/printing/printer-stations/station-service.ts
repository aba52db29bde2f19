import {
  defaultStationName,
  STATION_MESSAGES as M,
  STATION_DEFAULT_TIMES,
  STATION_LIMITS,
} from '@shopdesk/contract';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  accounts,
  businesses,
  menuClasses,
  printerStationClasses,
  printerStationNegativeProducts,
  printerStations,
} from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { requireShop } from '../../../plugins/app/shop-access';
import { showValue } from '../../platform/audit/write-audit';
import { isUniqueViolation } from '../../shops/table-qr/qrcode-store';
import { changes, classNames, listed, stationAudit } from './station-audit';
import { loadStations, stationCount, toStation } from './station-store';

type Tx = Db;
const inTx = <T>(db: Db, run: (tx: Tx) => Promise<T>) =>
  db.transaction(async (txRaw) => run(txRaw as unknown as Tx));

export const stationSettings = async (db: Db, accountId: number) => {
  const [row] = await db
    .select({ isStation: accounts.isStation, shopName: businesses.name })
    .from(accounts)
    .leftJoin(businesses, eq(businesses.accountId, accounts.id))
    .where(eq(accounts.id, accountId));
  return {
    accountId,
    shopName: row?.shopName ?? '',
    isStation: row?.isStation ?? false,
    stationCount: await stationCount(db, accountId),
  };
};

export const setStationSwitch = async (db: Db, user: SessionUser, accountId: number, isStation: boolean) => {
  await requireShop(db, user, accountId);
  await inTx(db, async (tx) => {
    const [before] = await tx
      .select({ isStation: accounts.isStation })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    await tx.update(accounts).set({ isStation, updatedAt: new Date() }).where(eq(accounts.id, accountId));
    if (before?.isStation !== isStation)
      await stationAudit(tx, user, accountId, {
        action: 'update',
        displayName: '分站列印',
        displayLog: `分站列印：${showValue(before?.isStation ?? false)} → ${showValue(isStation)}`,
        oldValue: { isStation: before?.isStation ?? false },
        newValue: { isStation },
      });
  });
  return stationSettings(db, accountId);
};

/** One station of the shop, or 404 (`where` = 'path') / 400 (a body's reference). */
export const requireStation = async (db: Db, accountId: number, id: number, where: 'path' | 'body') => {
  const [row] = await db
    .select()
    .from(printerStations)
    .where(and(eq(printerStations.id, id), eq(printerStations.accountId, accountId)));
  if (!row) throw where === 'path' ? notFound(M.stationNotFound) : badRequest(M.stationNotFound, 'stationId');
  return row;
};

export const oneStation = async (db: Db, accountId: number, id: number) =>
  toStation((await loadStations(db, accountId)).find((s) => s.row.id === id)!);

const assertNameFree = async (db: Db, accountId: number, name: string, exceptId?: number) => {
  const [dup] = await db
    .select({ id: printerStations.id })
    .from(printerStations)
    .where(
      and(
        eq(printerStations.accountId, accountId),
        eq(printerStations.name, name),
        ...(exceptId ? [ne(printerStations.id, exceptId)] : []),
      ),
    );
  if (dup) throw conflict(M.nameTaken);
};

/** spec 002 §2.11: a new station is 'new station N' (N = count + 1) printing 1 copy, unless told otherwise. */
export const createStation = async (
  db: Db,
  user: SessionUser,
  accountId: number,
  data: { name?: string; times?: number },
) => {
  await requireShop(db, user, accountId);
  const names = (
    await db
      .select({ name: printerStations.name })
      .from(printerStations)
      .where(eq(printerStations.accountId, accountId))
  ).map((r) => r.name);
  if (names.length >= STATION_LIMITS.stations) throw conflict(M.tooManyStations);
  const name = data.name ?? defaultStationName(names);
  await assertNameFree(db, accountId, name);
  try {
    const row = await inTx(db, async (tx) => {
      const [created] = await tx
        .insert(printerStations)
        .values({ accountId, name, times: data.times ?? STATION_DEFAULT_TIMES })
        .returning();
      await stationAudit(tx, user, accountId, {
        action: 'create',
        displayName: `工作站 ${created!.name}`,
        displayLog: `新增工作站 ${created!.name}（列印張數 ${created!.times}）`,
        id: created!.id,
        newValue: { name: created!.name, times: created!.times },
      });
      return created;
    });
    return { station: await oneStation(db, accountId, row!.id) };
  } catch (err) {
    throw isUniqueViolation(err) ? conflict(M.nameTaken) : err;
  }
};

export const updateStation = async (
  db: Db,
  user: SessionUser,
  accountId: number,
  id: number,
  data: { name: string; times: number },
) => {
  await requireShop(db, user, accountId);
  const before = await requireStation(db, accountId, id, 'path');
  await assertNameFree(db, accountId, data.name, id);
  try {
    await inTx(db, async (tx) => {
      await tx
        .update(printerStations)
        .set({ name: data.name, times: data.times, updatedAt: new Date() })
        .where(eq(printerStations.id, id));
      const changed = changes([
        ['名稱', before.name, data.name],
        ['列印張數', before.times, data.times],
      ]);
      if (changed)
        await stationAudit(tx, user, accountId, {
          action: 'update',
          displayName: `工作站 ${data.name}`,
          displayLog: `更新工作站 ${before.name}：${changed}`,
          id,
          oldValue: { name: before.name, times: before.times },
          newValue: { name: data.name, times: data.times },
        });
    });
  } catch (err) {
    throw isUniqueViolation(err) ? conflict(M.nameTaken) : err;
  }
  return { station: await oneStation(db, accountId, id) };
};

export const deleteStation = async (db: Db, user: SessionUser, accountId: number, id: number) => {
  await requireShop(db, user, accountId);
  const row = await requireStation(db, accountId, id, 'path');
  // classes, printer links and negative products go with it (ON DELETE CASCADE)
  await inTx(db, async (tx) => {
    await tx.delete(printerStations).where(eq(printerStations.id, id));
    await stationAudit(tx, user, accountId, {
      action: 'delete',
      displayName: `工作站 ${row.name}`,
      displayLog: `刪除工作站 ${row.name}`,
      id,
      oldValue: { name: row.name, times: row.times },
    });
  });
  return { stationId: id };
};

/** The shop's classes by sku; an unknown sku is a 400 naming it. */
export const classesBySku = async (db: Db, accountId: number, skus: readonly string[]) => {
  if (skus.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ id: menuClasses.id, sku: menuClasses.sku })
    .from(menuClasses)
    .where(and(eq(menuClasses.accountId, accountId), inArray(menuClasses.sku, [...new Set(skus)])));
  const bySku = new Map(rows.map((r) => [r.sku, r.id]));
  const unknown = skus.find((s) => !bySku.has(s));
  if (unknown)
    throw badRequest(
      { zh: `${M.classNotFound.zh}：${unknown}`, en: `${M.classNotFound.en}: ${unknown}` },
      'sku',
    );
  return bySku;
};

/** The shop's menu classes with the stations that print each (spec 002 §3 "Product class"). */
export const listStationClasses = async (db: Db, accountId: number) => {
  const [classes, links] = await Promise.all([
    db
      .select()
      .from(menuClasses)
      .where(eq(menuClasses.accountId, accountId))
      .orderBy(asc(menuClasses.position), asc(menuClasses.id)),
    db.select().from(printerStationClasses).where(eq(printerStationClasses.accountId, accountId)),
  ]);
  return {
    classes: classes.map((c) => ({
      sku: c.sku,
      names: c.names,
      stationIds: links.filter((l) => l.classId === c.id).map((l) => l.stationId),
    })),
  };
};

/** stationHasClass: replaces the station's classes; the negative products of a class taken off go too. */
export const setStationClasses = async (
  db: Db,
  user: SessionUser,
  accountId: number,
  body: { stationId: number; stationHasClass: string[] },
) => {
  await requireShop(db, user, accountId);
  const station = await requireStation(db, accountId, body.stationId, 'body');
  const bySku = await classesBySku(db, accountId, body.stationHasClass);
  const classIds = [...new Set(bySku.values())];
  await inTx(db, async (tx) => {
    const beforeIds = (
      await tx
        .select({ classId: printerStationClasses.classId })
        .from(printerStationClasses)
        .where(eq(printerStationClasses.stationId, body.stationId))
    ).map((r) => r.classId);
    const [was, now] = [await classNames(tx, beforeIds), await classNames(tx, classIds)];
    if (listed([...was].sort()) !== listed([...now].sort()))
      await stationAudit(tx, user, accountId, {
        action: 'update',
        displayName: `工作站 ${station.name}`,
        displayLog: `工作站 ${station.name} 列印品項：${listed(was)} → ${listed(now)}`,
        id: station.id,
        oldValue: { classes: was },
        newValue: { classes: now },
      });
    await tx.delete(printerStationClasses).where(eq(printerStationClasses.stationId, body.stationId));
    if (classIds.length)
      await tx
        .insert(printerStationClasses)
        .values(classIds.map((classId) => ({ stationId: body.stationId, classId, accountId })));
    const gone = await tx
      .select({ classId: printerStationNegativeProducts.classId })
      .from(printerStationNegativeProducts)
      .where(eq(printerStationNegativeProducts.stationId, body.stationId));
    const drop = [...new Set(gone.map((g) => g.classId))].filter((id) => !classIds.includes(id));
    if (drop.length)
      await tx
        .delete(printerStationNegativeProducts)
        .where(
          and(
            eq(printerStationNegativeProducts.stationId, body.stationId),
            inArray(printerStationNegativeProducts.classId, drop),
          ),
        );
  });
  return { station: await oneStation(db, accountId, body.stationId) };
};
