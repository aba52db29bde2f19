// The built server (docs/decisions "A built server"): what `npm start` runs, `node packages/server/dist/main.js`
// from scripts/build-server.mjs, finds every file it reads at run time from the bundle's folder: the migrations
// (drizzle/*.sql and meta/_journal.json: ready needs both), the rich-menu images (assets/) and the web build.
// The other tests run the TypeScript; this one runs the JavaScript, on the embedded database only.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE } from '@shopdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onFreePort } from './free-port';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const onPostgres = process.env.SHOPDESK_TEST_DB === 'postgres';

describe.skipIf(onPostgres)('the built server (npm start)', () => {
  let child: ChildProcess;
  let dataDir: string;
  let base: string;
  let log = '';

  beforeAll(async () => {
    // what npm start runs first: each build only when missing or stale
    execFileSync(process.execPath, ['scripts/ensure-web-build.mjs'], { cwd: ROOT, stdio: 'pipe' });
    execFileSync(process.execPath, ['scripts/ensure-server-build.mjs'], { cwd: ROOT, stdio: 'pipe' });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'shopdesk-built-'));
    const start = async (port: number) => {
      log = '';
      base = `http://127.0.0.1:${port}`;
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'never',
        LOG_LEVEL: 'warn',
      };
      delete env.DATABASE_URL;
      // from another folder: the files are found from the bundle, not from the working directory
      child = spawn(process.execPath, [path.join(ROOT, 'packages/server/dist/main.js')], {
        cwd: os.tmpdir(),
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (c: Buffer) => {
        log += c.toString();
      });
      child.stderr?.on('data', (c: Buffer) => {
        log += c.toString();
      });
      const deadline = Date.now() + 100_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log}`);
        if (Date.now() > deadline) throw new Error(`not ready:\n${log}`);
        const ok = await fetch(`${base}${API_BASE}/health/ready`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await onFreePort(start);
  }, 240_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('is ready: the migrations shipped in drizzle/ are applied (readiness compares them with the journal)', async () => {
    const res = await fetch(`${base}${API_BASE}/health/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ready: true, database: true, migrations: true, shuttingDown: false });
  });

  it('serves the console from packages/web/dist and the rich-menu images from assets/', async () => {
    const page = await fetch(`${base}/console/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const png = await fetch(`${base}${API_BASE}/line/richmenu-images/jessica_catering-basic.png`);
    expect(png.status, log).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  it('stops on SIGTERM with exit code 0', async () => {
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);
});
