import type { TLineSpotEntry, TLineSpotSi } from '@shopdesk/contract';
import { LINE_SPOT_SEARCH_LIMIT } from '@shopdesk/contract';
import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { businesses, lineSpotEntries } from '../../../db/schema';
import { containsPattern } from '../../shops/shop-lists/sql-helpers';

/** The SQL of the store directory tool: shops as directory entries and our upload record. */

const shopColumns = {
  id: businesses.accountId,
  name: businesses.name,
  phone: businesses.phone,
  address: businesses.address,
};

const withUploads = async (db: Db, shops: { id: number; name: string; phone: string; address: string }[]) => {
  if (shops.length === 0) return [];
  const ups = await db
    .select({ accountId: lineSpotEntries.accountId, si: lineSpotEntries.si })
    .from(lineSpotEntries)
    .where(
      inArray(
        lineSpotEntries.accountId,
        shops.map((s) => s.id),
      ),
    )
    .orderBy(lineSpotEntries.si);
  return shops.map((s): TLineSpotEntry => {
    const sis = ups.filter((u) => u.accountId === s.id).map((u) => u.si as TLineSpotSi);
    return { ...s, isUploaded: sis.length > 0, uploadedSis: sis };
  });
};

export const findEntry = async (db: Db, id: number): Promise<TLineSpotEntry | null> => {
  const rows = await db.select(shopColumns).from(businesses).where(eq(businesses.accountId, id));
  return (await withUploads(db, rows))[0] ?? null;
};

/** Digits: that shop id or names holding them; text: names holding it; empty: the shops uploaded last. */
export const searchEntries = async (db: Db, keyword: string | undefined) => {
  const k = keyword?.trim() ?? '';
  if (!k) {
    const recent = await db
      .select({ id: lineSpotEntries.accountId, at: sql<string>`max(${lineSpotEntries.uploadedAt})` })
      .from(lineSpotEntries)
      .groupBy(lineSpotEntries.accountId)
      .orderBy(desc(sql`max(${lineSpotEntries.uploadedAt})`), lineSpotEntries.accountId)
      .limit(LINE_SPOT_SEARCH_LIMIT);
    if (recent.length === 0) return [];
    const shops = await db
      .select(shopColumns)
      .from(businesses)
      .where(
        inArray(
          businesses.accountId,
          recent.map((r) => r.id),
        ),
      );
    const order = new Map(recent.map((r, i) => [r.id, i]));
    return withUploads(
      db,
      shops.sort((a, b) => order.get(a.id)! - order.get(b.id)!),
    );
  }
  const name = ilike(businesses.name, containsPattern(k));
  const byId = /^\d{1,9}$/.test(k) ? eq(businesses.accountId, Number(k)) : undefined;
  const shops = await db
    .select(shopColumns)
    .from(businesses)
    .where(byId ? or(byId, name) : name)
    .orderBy(
      byId ? sql`(${businesses.accountId} = ${Number(k)}) desc` : businesses.accountId,
      businesses.accountId,
    )
    .limit(LINE_SPOT_SEARCH_LIMIT);
  return withUploads(db, shops);
};

export const shopExists = async (db: Db, id: number) =>
  (await db.select({ id: businesses.accountId }).from(businesses).where(eq(businesses.accountId, id)))
    .length > 0;

export type UploadRecord = {
  accountId: number;
  si: TLineSpotSi;
  name: string;
  phone: string;
  address: string;
  lat: number | null;
  lng: number | null;
  uploadedAt: Date;
  uploadedBy: number | null;
};

export const saveUpload = (db: Db, r: UploadRecord) =>
  db
    .insert(lineSpotEntries)
    .values(r)
    .onConflictDoUpdate({
      target: [lineSpotEntries.accountId, lineSpotEntries.si],
      set: {
        name: r.name,
        phone: r.phone,
        address: r.address,
        lat: r.lat,
        lng: r.lng,
        uploadedAt: r.uploadedAt,
        ...(r.uploadedBy !== null ? { uploadedBy: r.uploadedBy } : {}),
      },
    });

export const forgetUpload = (db: Db, accountId: number, si: TLineSpotSi) =>
  db.delete(lineSpotEntries).where(and(eq(lineSpotEntries.accountId, accountId), eq(lineSpotEntries.si, si)));

/** Every recorded upload (the development simulator starts with them). */
export const allUploads = (db: Db) => db.select().from(lineSpotEntries);
