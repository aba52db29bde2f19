import path from 'node:path';
import { loadConfig } from '../config';
import { BackupError, backupEmbedded, restoreEmbedded } from './backup';

/**
 * `npm run backup [-- --out DIR]` and `npm run restore -- BACKUP_FOLDER [--data-dir DIR]` for the embedded
 * database (stop the server first). On PostgreSQL (DATABASE_URL) they say which pg_dump / pg_restore to run.
 */
const [command, ...args] = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

const main = async () => {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(
      command === 'restore'
        ? 'DATABASE_URL is set: restore PostgreSQL with pg_restore (README "Backups"), e.g.\n  pg_restore --clean --if-exists --no-owner -d "$DATABASE_URL" shopdesk.dump'
        : 'DATABASE_URL is set: back up PostgreSQL with pg_dump (README "Backups"), e.g.\n  pg_dump -Fc -f shopdesk.dump "$DATABASE_URL"',
    );
    process.exit(2);
  }
  if (command === 'backup') {
    const out = path.resolve(option('--out') ?? 'backups');
    const folder = await backupEmbedded(config.dataDir, out);
    console.log(`backup of ${config.dataDir} written to ${folder}`);
  } else if (command === 'restore') {
    const folder = args.find((a) => !a.startsWith('--') && a !== option('--data-dir'));
    if (!folder) throw new BackupError('usage: npm run restore -- BACKUP_FOLDER [--data-dir DIR]');
    const dataDir = path.resolve(option('--data-dir') ?? config.dataDir);
    await restoreEmbedded(path.resolve(folder), dataDir);
    console.log(`${folder} restored into ${dataDir}: start the server with DATA_DIR=${dataDir}`);
  } else {
    throw new BackupError('usage: backup [--out DIR] | restore BACKUP_FOLDER [--data-dir DIR]');
  }
};

main().catch((err) => {
  console.error(err instanceof BackupError ? `Backup error: ${err.message}` : err);
  process.exit(1);
});
