import { inArray } from 'drizzle-orm';
import { TAIWAN_ADDRESSES } from '../adapters/geocoding/simulator';
import type { Db } from '../db/client';
import { businesses, lineSpotEntries } from '../db/schema';

/**
 * Demo uploads to LINE SPOT: some shops with the converted address and its point (the logistics
 * shops stand at real places the maps simulator knows), some with the address as typed, under both SIs; every
 * other shop is 未上傳. The local LINE SPOT simulator starts with these rows (app.ts).
 */
export const seedLineSpot = async (
  db: Db,
  shops: { converted: number[]; original: number[] },
  uploadedBy: number,
) => {
  const ids = [...shops.converted, ...shops.original];
  if (ids.length === 0) return;
  const rows = await db
    .select({
      id: businesses.accountId,
      name: businesses.name,
      phone: businesses.phone,
      address: businesses.address,
    })
    .from(businesses)
    .where(inArray(businesses.accountId, ids));
  const day = 24 * 3600_000;
  const values = rows.map((b, i) => {
    const place = shops.converted.includes(b.id)
      ? TAIWAN_ADDRESSES.find((a) => b.address.replace(/\s+/g, '').startsWith(a.address))
      : undefined;
    return {
      accountId: b.id,
      si: i % 3 === 2 ? 'lifeplus' : 'quickclick',
      name: b.name.slice(0, 20),
      phone: b.phone,
      address: place ? `${place.zip}台灣${b.address}` : b.address,
      lat: place?.lat ?? null,
      lng: place?.lng ?? null,
      uploadedAt: new Date(Date.UTC(2026, 9, 1) + i * 3 * day),
      uploadedBy,
    };
  });
  if (values.length) await db.insert(lineSpotEntries).values(values);
};
