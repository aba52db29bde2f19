// "Backups": `npm run backup` / `npm run restore` of the embedded database. A backup restored into a
// fresh DATA_DIR has the same shops, orders and keys; a restore never writes over a database. Ours
// (docs/decisions/operations.md "Backups").
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BackupError, backupEmbedded, restoreEmbedded } from '../src/backup/backup';
import { openPglite, queryRows } from '../src/db/client';
import { seedDemo } from '../src/seed/seed';

const counts = async (dataDir: string) => {
  const database = await openPglite(dataDir);
  try {
    const [row] = await queryRows<{ shops: number; orders: number; total: number; names: string }>(
      database.db,
      sql`select (select count(*)::int from accounts) as shops, (select count(*)::int from orders) as orders,
                 (select coalesce(sum(total), 0)::int from orders) as total,
                 (select string_agg(name, ',' order by id) from businesses) as names`,
    );
    return row;
  } finally {
    await database.close();
  }
};

// one file on PGlite only: the embedded database is what these commands back up
describe.skipIf(process.env.SHOPDESK_TEST_DB === 'postgres')(
  'backup and restore of the embedded database',
  () => {
    const root = mkdtempSync(path.join(tmpdir(), 'sd-backup-'));
    const dataDir = path.join(root, 'data');

    it('restores into a fresh DATA_DIR with the same shops, orders and keys', async () => {
      const database = await openPglite(dataDir);
      await database.migrate();
      await seedDemo(database.db, { shops: 2 });
      await database.close();
      writeFileSync(path.join(dataDir, 'secrets-key'), 'a-secrets-key');
      const before = await counts(dataDir);
      expect(before?.orders).toBeGreaterThan(50);

      const folder = await backupEmbedded(dataDir, path.join(root, 'backups'));
      const restored = path.join(root, 'restored');
      await restoreEmbedded(folder, restored);
      expect(await counts(restored)).toEqual(before);
      expect(readFileSync(path.join(restored, 'secrets-key'), 'utf8')).toBe('a-secrets-key');

      // a restore never writes over a database, and a folder that is no backup is refused
      await expect(restoreEmbedded(folder, dataDir)).rejects.toThrow(BackupError);
      const empty = path.join(root, 'nothing');
      mkdirSync(empty);
      await expect(restoreEmbedded(empty, path.join(root, 'other'))).rejects.toThrow(/not a backup/);
    }, 240_000);

    it('the npm scripts run it: backup, then restore into a new directory', async () => {
      const run = promisify(execFile);
      const repo = path.resolve(import.meta.dirname, '../../..');
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
      const out = path.join(root, 'cli-backups');
      const backup = await run('npm', ['run', '--silent', 'backup', '--', '--out', out], { cwd: repo, env });
      const folder = backup.stdout.match(/written to (\S+)/)?.[1];
      expect(folder, backup.stdout + backup.stderr).toBeTruthy();
      const target = path.join(root, 'cli-restored');
      await run('npm', ['run', '--silent', 'restore', '--', folder!, '--data-dir', target], {
        cwd: repo,
        env,
      });
      expect(await counts(target)).toEqual(await counts(dataDir));
    }, 240_000);
  },
);
