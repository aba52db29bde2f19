import { type ChildProcess, execFile, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { localToday } from '@shopdesk/contract';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, onFreePort, spawnProductionServer } from './free-port';
import { build, TEST_PASSWORD } from './helpers';
import { openShop, orderBody, storefrontUrl } from './storefront-fixtures';

// "Done means": the fault test. A private PostgreSQL this test starts (initdb into a temp dir), the
// real server process (tsx src/main.ts) on it, steady storefront orders and console reads, and four faults:
// restart -m fast, restart -m immediate, stop for OUTAGE_S then start, freeze (SIGSTOP the postmaster and
// its backends) for OUTAGE_S then SIGCONT. The server never exits, every order answered 2xx is stored,
// requests during an outage answer 503 (not 500, not a hang past the time-out), service is back within 2 s.
// Runs with the PostgreSQL API tests (TEST_DATABASE_URL set, as CI does).
const OUTAGE_S = Number(process.env.FAULT_TEST_OUTAGE_S ?? 30);
const ORDER_LOOPS = 4;
/** The server's default time-outs: 17 s client-side query time-out + 5 s to open a connection, + slack. */
const HANG_LIMIT_MS = 25_000;
const RECOVERY_LIMIT_MS = 2_000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const onPostgres = process.env.SHOPDESK_TEST_DB === 'postgres';
const pgBin = (() => {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const v = readdirSync(base)
    .filter((d) => existsSync(path.join(base, d, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return v ? path.join(base, v, 'bin') : null;
})();
if (!onPostgres)
  console.warn(
    'fault test (db-fault-restart): SKIPPED, it runs with the PostgreSQL API tests (TEST_DATABASE_URL)',
  );
else if (!pgBin)
  console.warn('fault test (db-fault-restart): SKIPPED, no /usr/lib/postgresql/*/bin/initdb here');

// only where the time is the subject: the load's pace, an outage's length, steady load before and after a fault
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isRoot = process.getuid?.() === 0;
/** PostgreSQL refuses to run as root: as root, its tools run as the postgres user. */
const pgCommand = (tool: string, args: string[]): [string, string[]] =>
  isRoot
    ? ['runuser', ['-u', 'postgres', '--', path.join(pgBin!, tool), ...args]]
    : [path.join(pgBin!, tool), args];
const pgTool = (tool: string, args: string[]) =>
  execFileSync(...pgCommand(tool, args), { stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 }).toString();
/** The same, without blocking the event loop: the load goes on while PostgreSQL restarts. */
const pgToolAsync = async (tool: string, args: string[]) =>
  (await promisify(execFile)(...pgCommand(tool, args), { timeout: 120_000 })).stdout;

type Sample = { kind: 'order' | 'read'; start: number; end: number; status: number };

describe.runIf(onPostgres && pgBin)('fault test: PostgreSQL restarts, stops and freezes under load', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sd-fault-'));
  const pgData = path.join(dir, 'pg');
  let pgPort = 0;
  let server: ChildProcess | null = null;
  let serverExit: string | null = null;
  let serverLog = '';

  const pgCtl = (...args: string[]) =>
    pgToolAsync('pg_ctl', ['-D', pgData, '-l', path.join(dir, 'pg.log'), '-w', '-t', '60', ...args]);
  const pgStart = () =>
    pgCtl('-o', `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=50`, 'start');
  /** The postmaster and every process it started (backends, checkpointer, walwriter, …). */
  const pgPids = () => {
    const main = Number(readFileSync(path.join(pgData, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(main)])
      .toString()
      .split('\n')
      .map((l) => Number(l.trim()))
      .filter((n) => n > 0);
    return [main, ...children];
  };

  afterAll(async () => {
    if (server && serverExit === null) server.kill('SIGTERM');
    try {
      pgTool('pg_ctl', ['-D', pgData, '-m', 'immediate', 'stop']);
    } catch {}
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'the server process lives on, every 2xx order is stored, outages answer 503 within the time-outs, service back within 2 s',
    async () => {
      // --- a private PostgreSQL
      if (isRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), -1);
      pgTool('initdb', ['-D', pgData, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
      pgPort = await freePort();
      await pgStart();
      const pgUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;

      // --- a migrated database with an open shop and its owner, through the test helpers
      // (restored whatever happens: the test files that follow in this worker share process.env)
      const saved = process.env.TEST_DATABASE_URL;
      process.env.TEST_DATABASE_URL = pgUrl;
      const t = await build({ manualClose: true }).finally(() => {
        process.env.TEST_DATABASE_URL = saved;
      });
      const owner = await t.signedIn('eaa');
      const shop = await openShop(t, owner);
      const dbUrl = (t.database.pool!.options as { connectionString: string }).connectionString;
      await t.app.close();
      await t.database.pool!.end();

      // --- the real server process (on another port when its first was taken before it listened)
      const { base } = await onFreePort(async (port) => {
        const base = `http://127.0.0.1:${port}`;
        serverLog = '';
        serverExit = null;
        server = spawnProductionServer({
          root,
          port,
          databaseUrl: dbUrl,
          dataDir: path.join(dir, 'data'),
          sessionSecret: 'fault-test-secret-fault-test-secret-0000',
        });
        const keep = (b: Buffer) => {
          serverLog = (serverLog + b.toString()).slice(-20_000);
        };
        server.stdout!.on('data', keep);
        server.stderr!.on('data', keep);
        server.on('exit', (code, signal) => {
          serverExit = `code ${code} signal ${signal}`;
        });
        for (let i = 0; ; i += 1) {
          const ok = await fetch(`${base}/console/apis/health`)
            .then((r) => r.ok)
            .catch(() => false);
          if (ok) break;
          if (serverExit !== null || i > 600)
            throw new Error(`server did not start (${serverExit}): ${serverLog}`);
          await sleep(100);
        }
        return { base };
      });
      const signin = await fetch(`${base}/console/apis/eaa/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: owner.user.email, password: TEST_PASSWORD, type: 'eaa' }),
      });
      expect(signin.status, await signin.clone().text()).toBe(200);
      const cookie = signin.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');

      // --- steady load: order loops and a console reader
      const samples: Sample[] = [];
      const taken: number[] = [];
      let running = true;
      const call = async (kind: Sample['kind'], url: string, init: RequestInit) => {
        const start = Date.now();
        let status = 0;
        try {
          const res = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
          status = res.status;
          const body = await res.text();
          if (kind === 'order' && status === 201) taken.push(JSON.parse(body).order.id);
          if (status === 503) expect(res.headers.get('retry-after')).toBe('5');
        } catch {
          status = -1; // no answer: a hang (aborted) or the process gone
        }
        samples.push({ kind, start, end: Date.now(), status });
      };
      const orderLoop = async () => {
        while (running) {
          await call('order', `${base}${storefrontUrl(shop.accountId, '/orders')}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
            body: JSON.stringify(orderBody(shop.productId)),
          });
          await sleep(20);
        }
      };
      const today = localToday();
      const readLoop = async () => {
        while (running) {
          await call('read', `${base}/console/apis/eaa/sales/orders?from=${today}&to=${today}`, {
            headers: { cookie },
          });
          await sleep(100);
        }
      };
      const loops = [...Array.from({ length: ORDER_LOOPS }, orderLoop), readLoop()];

      /** ms from `back` (the database answers again) to the first order answered 201 that started after it. */
      const recoveredAfter = async (back: number) => {
        for (let i = 0; i < 300; i += 1) {
          const ok = samples.find((s) => s.kind === 'order' && s.status === 201 && s.start >= back);
          if (ok) return ok.end - back;
          await sleep(50);
        }
        return Number.POSITIVE_INFINITY;
      };
      const figures: Record<string, unknown>[] = [];
      const fault = async (name: string, run: () => Promise<void> | void) => {
        const from = Date.now();
        await run();
        const back = Date.now();
        const recoveryMs = await recoveredAfter(back);
        await sleep(1_000);
        const during = samples.filter((s) => s.start >= from && s.start < back);
        figures.push({
          fault: name,
          outageMs: back - from,
          requests: during.length,
          ok: during.filter((s) => s.status >= 200 && s.status < 300).length,
          '503': during.filter((s) => s.status === 503).length,
          other: during.filter((s) => s.status !== 503 && (s.status < 200 || s.status >= 300)).length,
          slowestMs: Math.max(0, ...during.map((s) => s.end - s.start)),
          recoveryMs,
        });
        expect(serverExit, `the server exited during ${name}: ${serverLog}`).toBeNull();
        expect(recoveryMs, `recovery after ${name}`).toBeLessThan(RECOVERY_LIMIT_MS);
      };

      await sleep(2_000); // steady state first
      await fault('restart -m fast', async () => void (await pgCtl('-m', 'fast', 'restart')));
      await fault('restart -m immediate', async () => void (await pgCtl('-m', 'immediate', 'restart')));
      await fault(`stop ${OUTAGE_S} s`, async () => {
        await pgCtl('-m', 'fast', 'stop');
        await sleep(OUTAGE_S * 1000);
        await pgStart();
      });
      await fault(`freeze ${OUTAGE_S} s`, async () => {
        const pids = pgPids();
        for (const p of pids) process.kill(p, 'SIGSTOP');
        try {
          await sleep(OUTAGE_S * 1000);
        } finally {
          for (const p of pids) process.kill(p, 'SIGCONT');
        }
      });
      running = false;
      await Promise.all(loops);

      const count = (f: (s: Sample) => boolean) => samples.filter(f).length;
      console.log(
        `fault test: ${samples.length} requests, ${count((s) => s.status >= 200 && s.status < 300)} 2xx, ` +
          `${count((s) => s.status === 503)} 503, ${count((s) => s.status >= 500 && s.status !== 503)} other 5xx, ` +
          `${count((s) => s.status === -1)} without answer; ${taken.length} orders taken`,
      );
      console.table(figures);

      expect(serverExit, serverLog).toBeNull();
      // every answer is a success or a 503 with Retry-After: no 500, no other refusal, no hang
      const bad = samples.filter((s) => s.status !== 503 && (s.status < 200 || s.status >= 300));
      expect(bad, serverLog.slice(-3_000)).toEqual([]);
      const slow = samples.filter((s) => s.end - s.start > HANG_LIMIT_MS);
      expect(slow).toEqual([]);
      expect(count((s) => s.status === 503)).toBeGreaterThan(0);

      // every order answered 201 is in the database
      const c = new pg.Client({ connectionString: dbUrl });
      await c.connect();
      try {
        const { rows } = await c.query<{ n: number }>(
          'select count(*)::int as n from orders where id = any($1::int[])',
          [taken],
        );
        expect(rows[0]!.n).toBe(taken.length);
      } finally {
        await c.end();
      }
    },
    (4 * OUTAGE_S + 180) * 1000,
  );
});
