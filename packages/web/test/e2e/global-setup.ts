// Starts the real server (tsx packages/server/src/main.ts) on a free port with a fresh embedded database
// and demo data, for the browser tests. It serves the built web app: the root `npm test` builds it first
// (scripts/ensure-web-build.mjs); this file builds nothing. Tests read the URL with inject('baseUrl').
// It also signs the demo gaa in once (its password: it is the demo's two-factor-exempt gaa) and
// hands its session cookie to the tests (inject('gaaSession')): browser.ts `signIn(page, 'gaa')` reuses it.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

/** The demo gaa's session cookie, made once per run by the global setup. */
export type TSharedSession = { name: string; value: string };

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's local cloud-printer simulator (its /__sim/* routes say what each printer printed). */
    printerSimUrl: string;
    /** The server's LINE API simulator (main.ts starts it; its GET /__sim/pushes lists what it received). */
    lineSimUrl: string;
    /** The server's SMS gateway simulator (adapters/sms; its GET /__sim/messages lists the texts it took). */
    smsSimUrl: string;
    gaaSession: TSharedSession;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
// first start migrates and seeds the demo data (about 20 s on a quiet machine; far longer on a loaded one)
const START_TIMEOUT_MS = 300_000;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

const waitForHealth = async (url: string, child: ChildProcess, output: () => string) => {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The server exited (${child.exitCode}) before answering:\n${output()}`);
    try {
      const res = await fetch(`${url}/console/apis/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `The server did not answer /console/apis/health within ${START_TIMEOUT_MS / 1000} s:\n${output()}`,
  );
};

/** `name=value` of a cookie the answer sets (the value as sent: signed and URL-encoded). */
const setCookie = (res: Response, name: string) => {
  const pair = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith(`${name}=`));
  return pair ? { name, value: pair.slice(name.length + 1) } : null;
};

/**
 * Signs the demo gaa in as its login page does: it is two-factor-exempt (the demo seed), so the password step
 * answers `{ user }` and the session cookie.
 */
const signInDemoGaa = async (base: string): Promise<TSharedSession> => {
  const res = await fetch(`${base}/console/apis/gaa/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'gaa@demo.test', password: 'demo-password', type: 'gaa' }),
  });
  const session = setCookie(res, 'sd_session');
  if (!res.ok || !session) throw new Error(`the demo gaa's sign-in: ${res.status} ${await res.text()}`);
  return session;
};

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });

export const setup = async (project: TestProject) => {
  if (
    !existsSync(path.join(ROOT, 'packages/web/dist/index.html')) ||
    // the customer ordering app is built by the same `npm run build`
    !existsSync(path.join(ROOT, 'packages/web/dist/shop/shop.html'))
  ) {
    throw new Error(
      'packages/web/dist is missing: run "npm run build" (npm test does it) before the e2e tests.',
    );
  }
  // SHOPDESK_E2E_URL: the tests use a server already running there (started by hand on its own DATA_DIR,
  // so the demo data is seeded once) instead of a fresh one: for repeating one file while fixing it. Its data
  // is what earlier runs left; CI never sets it.
  const running = process.env.SHOPDESK_E2E_URL;
  if (running) {
    const health = await fetch(`${running}/console/apis/health`).catch((err: Error) => err);
    if (!(health instanceof Response) || !health.ok)
      throw new Error(`SHOPDESK_E2E_URL=${running} does not answer /console/apis/health`);
    project.provide('baseUrl', running);
    project.provide('gaaSession', await signInDemoGaa(running));
    project.provide('printerSimUrl', '');
    project.provide('lineSimUrl', '');
    project.provide('smsSimUrl', '');
    return async () => {};
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shopdesk-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['packages/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // couriers move every 2 s (courier-board.test.ts watches a delivery's statuses reach the board)
      DELIVERY_SIM_STEP_MS: '2000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  try {
    await waitForHealth(url, child, () => log.slice(-4000));
    project.provide('gaaSession', await signInDemoGaa(url));
  } catch (err) {
    await stop(child);
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  project.provide('baseUrl', url);
  // the server logs (warn) where its printer simulator listens when PRINTER_SERVICE_URL is unset
  project.provide(
    'printerSimUrl',
    /"url":"(http:\/\/127\.0\.0\.1:\d+)"[^\n]*printer simulator/.exec(log)?.[1] ?? '',
  );
  project.provide('lineSimUrl', /LINE API simulator: (http:\/\/\S+)/.exec(log)?.[1] ?? '');
  // and where its SMS gateway simulator listens when SMS_URL is unset
  project.provide(
    'smsSimUrl',
    /"url":"(http:\/\/127\.0\.0\.1:\d+)"[^\n]*SMS gateway simulator/.exec(log)?.[1] ?? '',
  );

  return async () => {
    await stop(child);
    await rm(dataDir, { recursive: true, force: true });
  };
};
