// Once per run of an API project (vitest.config.ts): one database migrated up front that every test file
// copies, instead of each file creating an empty one and running all the migrations. On PGlite it is a dumped
// data directory (a file each test file's in-memory PGlite starts from, which also skips PGlite's initdb); on
// PostgreSQL a template database (`create database … template …`). helpers.ts `build()` still runs the
// migrator on the copy, which then finds nothing to do.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory (dumpDataDir) the test files load; '' when not made. */
    pgliteTemplate: string;
    /** The migrated PostgreSQL database the test files' databases are created from; '' when not made. */
    postgresTemplate: string;
    /** The server (TEST_DATABASE_URL) that holds postgresTemplate: a test on another server migrates its own. */
    postgresTemplateServer: string;
  }
}

export const setup = async (project: TestProject) => {
  project.provide('pgliteTemplate', '');
  project.provide('postgresTemplate', '');
  project.provide('postgresTemplateServer', '');
  if (project.config.env?.SHOPDESK_TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('SHOPDESK_TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `shopdesk_tpl_${randomBytes(6).toString('hex')}`;
    const admin = async (query: string) => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      try {
        await a.query(query);
      } finally {
        await a.end();
      }
    };
    await admin(`create database ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openPostgres(u.toString(), 2);
    try {
      await database.migrate();
    } finally {
      // a template must have no connection while a database is created from it
      await database.close();
    }
    project.provide('postgresTemplate', name);
    project.provide('postgresTemplateServer', url);
    return async () => {
      await admin(`drop database if exists ${name} with (force)`);
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shopdesk-api-template-'));
  const file = path.join(dir, 'pglite-migrated.tar');
  const database = await openPglite();
  try {
    await database.migrate();
    const dump = await database.pglite!.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
};
