import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { TUserType } from '@shopdesk/contract';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { type AppDeps, buildApp } from '../src/app';
import { type Database, openPglite, openPostgres } from '../src/db/client';
import { forgetAllRules } from '../src/features/delivery/logistics/logistics-store';
import { hashPassword } from '../src/lib/password';
import { createShop, createSiAccount, createUser, type ShopInput } from '../src/seed/factories';
import { timeStep, totp } from './rfc6238';

/**
 * The dumped template as PGlite reads it (`loadDataDir` calls `arrayBuffer()` and only reads the bytes): the
 * file's own buffer, not a copy (its `size` stays 0: PGlite reads only `arrayBuffer()` and `type`). A Blob made
 * from the bytes copies its 45 MB again for every database through Node's chunked Blob reader
 * (docs/decisions/testing.md "API tests: a cheaper start for the test database").
 */
class BytesBlob extends Blob {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    super([]);
    this.#bytes = bytes;
  }
  override async arrayBuffer() {
    const b = this.#bytes;
    return (
      b.byteOffset === 0 && b.length === b.buffer.byteLength
        ? b.buffer
        : b.buffer.slice(b.byteOffset, b.byteOffset + b.length)
    ) as ArrayBuffer;
  }
}

/** The run's migrated PGlite data directory (test/global-setup.ts), read once per worker. */
let pgliteTemplate: Promise<Blob> | undefined;

/**
 * A test database holds a few MB: PostgreSQL zeroes its shared buffers at every start (PGlite's default 128 MB,
 * about a third of a start's CPU), so the tests' PGlite starts with 16 MB.
 */
const PGLITE_TEST_SETTINGS = { shared_buffers: '16MB' };

/**
 * A fresh database per test file: in-memory PGlite, or (SHOPDESK_TEST_DB=postgres) a new database on the
 * TEST_DATABASE_URL server, dropped afterwards. Both start as a copy of the run's migrated template
 * (test/global-setup.ts) when there is one.
 */
const openTestDatabase = async (): Promise<Database> => {
  if (process.env.SHOPDESK_TEST_DB !== 'postgres') {
    const file = inject('pgliteTemplate');
    if (!file) return openPglite(undefined, undefined, PGLITE_TEST_SETTINGS);
    pgliteTemplate ??= readFile(file).then((bytes) => new BytesBlob(bytes));
    return openPglite(undefined, await pgliteTemplate, PGLITE_TEST_SETTINGS);
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('SHOPDESK_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `shopdesk_t_${randomBytes(6).toString('hex')}`;
  // the run's template lives on TEST_DATABASE_URL's server; a test that brings its own server (the fault test's
  // private PostgreSQL) gets an empty database, migrated by build()
  const template = url === inject('postgresTemplateServer') ? inject('postgresTemplate') : '';
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openPostgres(u.toString(), 5);
  const close = database.close;
  database.close = async () => {
    // pool.end() resolves before its sockets close: the forced drop may still terminate one (57P01)
    database.pool?.on('error', () => {});
    await close();
    const a = new pg.Client({ connectionString: url });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  };
  return database;
};

export const TEST_PASSWORD = 'test-password-1';

/** scrypt's N for the users the helper creates (the product's is 2^15: password.test.ts). */
const TEST_HASH_COST = 2 ** 10;

/**
 * One real scrypt hash per password per worker for the users the helper creates, at TEST_HASH_COST
 * (docs/decisions/testing.md "Test users' password hashes"): every sign-in of a test verifies against it, and
 * at the product's cost each took a production sign-in's time. Signing in still verifies the stored hash.
 */
const passwordHashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = hashPassword(password, TEST_HASH_COST);
    passwordHashes.set(password, hash);
  }
  return hash;
};

/** createUser with the worker's hash of its password (hashOf). */
const createTestUser = async (db: Database['db'], input: Parameters<typeof createUser>[1]) =>
  createUser(
    db,
    input.password !== undefined && input.passwordHash === undefined
      ? { ...input, passwordHash: await hashOf(input.password) }
      : input,
  );

type BuildOptions = {
  config?: Partial<AppDeps['config']>;
  logger?: AppDeps['logger'];
  /** Built inside a test: the caller closes it with `close()` instead of after the file. */
  manualClose?: boolean;
  /** A printer the test controls (default: the simulator, which prints everything). */
  printer?: AppDeps['printer'];
  /** An e-invoice platform client the test controls (default: the local simulator). */
  einvoice?: AppDeps['einvoice'];
  /** An order webhook the test controls (adapters/order-webhook). */
  orderWebhook?: AppDeps['orderWebhook'];
  /** A delivery vendor the test controls (default: a simulator of its own). */
  delivery?: AppDeps['delivery'];
  payments?: AppDeps['payments'];
  /** A geocoder the test controls; null = none configured (default: the local simulator). */
  geocoder?: AppDeps['geocoder'];
};

/** Builds the app on a fresh, migrated database (a copy of the run's template). Closed after the file's tests. */
export const build = async (opts: BuildOptions = {}) => {
  // test files share loaded modules (isolate: false) but each has its own database, whose shop ids start at 1:
  // a module's per-shop cache must not carry a shop of the previous file into this one
  forgetAllRules();
  const database = await openTestDatabase();
  await database.migrate();
  const app = await buildApp({
    config: {
      sessionSecret: 'test-secret-test-secret-test-secret-000',
      nodeEnv: 'test',
      trustProxy: false,
      publicUrl: undefined,
      ...opts.config,
    },
    database,
    logger: opts.logger,
    printer: opts.printer,
    einvoice: opts.einvoice,
    delivery: opts.delivery,
    orderWebhook: opts.orderWebhook,
    payments: opts.payments,
    geocoder: opts.geocoder,
  });
  await app.ready();
  const close = async () => {
    await app.close();
    await database.close();
  };
  if (!opts.manualClose) afterAll(close);
  const { db } = database;

  /**
   * Two-factor secrets the helper enrolled (or was told of), by lower-cased e-mail, and the last time step it
   * used for each: a gaa must enrol at its first sign-in, and the helper does it as a person
   * would, through the endpoints, with codes of the independent generator in rfc6238.ts.
   */
  const totpSecrets = new Map<string, { secret: string; lastStep: number }>();

  /** A code of a step not used yet for this e-mail (waits for the next step when two were used). */
  const nextCode = async (email: string) => {
    const known = totpSecrets.get(email.toLowerCase());
    if (!known) throw new Error(`no two-factor secret known for ${email}`);
    for (;;) {
      const at = Date.now() / 1000;
      const now = timeStep(at);
      // The server accepts the step before and after the current one, each once and in rising order. The step
      // before stops being accepted when this one ends: not taken in its last 10 s, where a request on a loaded
      // machine crossed the boundary and got BAD_CODE (api-postgres admin-users.test.ts, CI session 20).
      const lowest = 30 - (at % 30) >= 10 ? now - 1 : now;
      const step = Math.max(lowest, known.lastStep + 1);
      if (step <= now + 1) {
        known.lastStep = step;
        // the code of that step, computed from the same instant (not a later Date.now() in another step)
        return totp(known.secret, { at, offset: step - now });
      }
      // both usable steps were taken: the clock itself is waited for (the next 30 s step)
      await new Promise((r) => setTimeout(r, 1000));
    }
  };

  const sessionHeaders = (res: { cookies: { name: string; value: string }[] }) => {
    const cookie = res.cookies.find((c) => c.name === 'sd_session')!;
    return { cookie: `sd_session=${cookie.value}` };
  };

  /** Signs a user in through the real endpoints (both steps); returns headers carrying its session cookie. */
  const signIn = async (email: string, type: TUserType, password = TEST_PASSWORD) => {
    const res = await app.inject({
      method: 'POST',
      url: `/console/apis/${type}/signin`,
      payload: { email, password, type },
    });
    if (res.statusCode !== 200) throw new Error(`sign-in failed for ${email}: ${res.statusCode} ${res.body}`);
    const next = (res.json() as { next?: 'totp' | 'enrol' }).next;
    if (!next) return sessionHeaders(res);
    const challenge = res.cookies.find((c) => c.name === 'sd_signin')!;
    const headers = { cookie: `sd_signin=${challenge.value}` };
    if (next === 'enrol') {
      const setup = await app.inject({ method: 'POST', url: '/console/apis/signin/enrol/start', headers });
      const { secret } = setup.json() as { secret: string };
      totpSecrets.set(email.toLowerCase(), { secret, lastStep: 0 });
    }
    const url = next === 'enrol' ? '/console/apis/signin/enrol/confirm' : '/console/apis/signin/totp';
    const done = await app.inject({ method: 'POST', url, headers, payload: { code: await nextCode(email) } });
    if (done.statusCode !== 200)
      throw new Error(`${next} step failed for ${email}: ${done.statusCode} ${done.body}`);
    return sessionHeaders(done);
  };

  let counter = 0;
  /** A new user of the type, signed in. */
  const signedIn = async (
    type: TUserType,
    extra: { siAccountId?: number; shopAccountId?: number; acls?: string[] } = {},
  ) => {
    counter += 1;
    const email = `${type}${counter}-${randomBytes(3).toString('hex')}@test.local`;
    const user = await createTestUser(db, { type, email, password: TEST_PASSWORD, ...extra });
    return { user, headers: await signIn(email, type) };
  };

  return {
    app,
    db,
    database,
    close,
    signIn,
    signedIn,
    /** The next unused code of a user whose secret the helper knows (it enrolled it, or was told). */
    nextCode,
    /** Tells the helper a user's two-factor secret (a test that enrolled by hand). */
    knowTotpSecret: (email: string, secret: string) =>
      totpSecrets.set(email.toLowerCase(), { secret, lastStep: 0 }),
    createUser: (input: Parameters<typeof createUser>[1]) => createTestUser(db, input),
    createShop: (input: ShopInput) => createShop(db, input),
    createSiAccount: (name: string) => createSiAccount(db, name),
  };
};

/**
 * The usual cast of a shop-scoping test: one shop of SI quickclick owned by `eaa`, and a caller of every
 * kind, including an si of another SI account and another owner who must be refused.
 */
export const scopedCast = async (
  t: Awaited<ReturnType<typeof build>>,
  shop: Omit<ShopInput, 'siAccountId' | 'ownerUserId'>,
) => {
  const quick = await t.createSiAccount('quickclick');
  const life = await t.createSiAccount('lifeplus');
  const gaa = await t.signedIn('gaa');
  const si = await t.signedIn('si', { siAccountId: quick.id });
  const otherSi = await t.signedIn('si', { siAccountId: life.id });
  const eaa = await t.signedIn('eaa');
  const otherEaa = await t.signedIn('eaa');
  const created = await t.createShop({ ...shop, siAccountId: quick.id, ownerUserId: eaa.user.id });
  const line = await t.signedIn('line', { shopAccountId: created.account.id });
  return { quick, life, gaa, si, otherSi, eaa, otherEaa, line, shop: created, id: created.account.id };
};
