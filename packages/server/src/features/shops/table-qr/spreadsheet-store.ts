import { randomUUID } from 'node:crypto';
import { SPREADSHEET_LIMITS } from '@shopdesk/contract';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { spreadsheetUploads } from '../../../db/schema';

/** SQL of the spreadsheet service's uploads. */

const cutoff = () => new Date(Date.now() - SPREADSHEET_LIMITS.keepHours * 3600_000);

export const saveUpload = async (db: Db, userId: number, fileName: string, content: Buffer) => {
  // Old uploads go when new ones come: no timer to run, and the table stays small.
  await db.delete(spreadsheetUploads).where(lt(spreadsheetUploads.createdAt, cutoff()));
  const id = randomUUID();
  await db
    .insert(spreadsheetUploads)
    .values({ id, userId, fileName: fileName.slice(0, 255), size: content.length, content });
  return id;
};

/** An upload younger than keepHours, or undefined. */
export const findUpload = async (db: Db, id: string) => {
  const [row] = await db.select().from(spreadsheetUploads).where(eq(spreadsheetUploads.id, id)).limit(1);
  return row && row.createdAt >= cutoff() ? row : undefined;
};
