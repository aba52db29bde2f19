import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client';
import { SERVER_ROOT } from '../../../paths';

const journalFile = path.join(SERVER_ROOT, 'drizzle/meta/_journal.json');

/** The `when` of the newest migration this code ships (drizzle/meta/_journal.json), read once. */
let newest: number | undefined;
const newestShipped = () => {
  if (newest === undefined) {
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { when: number }[] };
    newest = Math.max(0, ...journal.entries.map((e) => e.when));
  }
  return newest;
};

/**
 * True when the database has every migration this code ships: drizzle's migrator records each applied one
 * in drizzle.__drizzle_migrations with created_at = the journal's `when`. A newer instance may have applied
 * more (a rolling update): still true.
 */
export const migrationsApplied = async (database: Database): Promise<boolean> => {
  const rows = await queryRows<{ last: string | null }>(
    database.db,
    sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  const last = Number(rows[0]?.last ?? 0);
  return last >= newestShipped();
};
