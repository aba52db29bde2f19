import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** The files of a backup folder: PGlite's data dump and the keys that make the data readable. */
export const BACKUP_DUMP = 'pgdata.tar.gz';
/** DATA_DIR's generated secrets (config.ts): sealed secrets cannot be opened without secrets-key. */
export const BACKUP_KEYS = ['secrets-key', 'session-secret'] as const;

export class BackupError extends Error {}

const stamp = (now: Date) => now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');

/**
 * Backs up the embedded database of `dataDir` (docs/decisions/operations.md "Backups"): PGlite's own data dump
 * (`dumpDataDir`, a gzip tarball of the cluster) and DATA_DIR's generated keys, into a new folder under
 * `outDir`. The server must be stopped: PGlite is one process's database.
 */
export const backupEmbedded = async (dataDir: string, outDir: string, now = new Date()) => {
  if (!existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new BackupError(`${dataDir} holds no embedded database (no PG_VERSION)`);
  const folder = path.join(outDir, `shopdesk-${stamp(now)}`);
  if (existsSync(folder)) throw new BackupError(`${folder} exists already`);
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  try {
    await client.query('checkpoint');
    const dump = await client.dumpDataDir('gzip');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, BACKUP_DUMP), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  for (const key of BACKUP_KEYS) {
    const from = path.join(dataDir, key);
    if (existsSync(from)) {
      copyFileSync(from, path.join(folder, key));
    }
  }
  return folder;
};

/**
 * Restores a backup folder into `dataDir`, which must be missing or empty (a restore never overwrites a
 * database). The restored cluster is opened once, so a damaged dump fails here and not at the next start.
 */
export const restoreEmbedded = async (folder: string, dataDir: string) => {
  const dumpFile = path.join(folder, BACKUP_DUMP);
  if (!existsSync(dumpFile)) throw new BackupError(`${folder} is not a backup (no ${BACKUP_DUMP})`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new BackupError(`${dataDir} is not empty: restore into a new DATA_DIR`);
  mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    loadDataDir: new Blob([readFileSync(dumpFile)]),
  });
  try {
    await client.query('select 1');
  } finally {
    await client.close();
  }
  for (const key of BACKUP_KEYS) {
    const from = path.join(folder, key);
    if (existsSync(from)) {
      writeFileSync(path.join(dataDir, key), readFileSync(from), { mode: 0o600 });
    }
  }
  return dataDir;
};
