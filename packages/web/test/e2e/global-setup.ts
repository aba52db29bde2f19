// Starts the real server (tsx packages/server/src/main.ts) on a free port with a fresh embedded database
// and demo data, for the browser tests. It serves the built web app: the root `npm test` builds it first
// (scripts/ensure-web-build.mjs); this file builds nothing. Tests read the URL with inject('baseUrl').
// It does not wait for the server: vitest runs every project's global set-up before any test file, so the demo
// seed (minutes on a loaded machine) runs while the API projects' files run. When the server answers it signs
// the demo gaa in once (its password: it is the demo's two-factor-exempt gaa) and writes the server's state
// (TE2eServer: that session cookie, where the simulators listen) to the file inject('e2eServerFile') names, or
// why the server did not start; server-ready.ts (the project's first setup file) waits for it before each file,
// and browser.ts `e2eServer()` reads it (`signIn(page, 'gaa')` reuses the session).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

/** The demo gaa's session cookie, made once per run by the global setup. */
export type TSharedSession = { name: string; value: string };

/** The started server's state, written once it answers (or `error`: why it did not start). */
export type TE2eServer =
  | {
      gaaSession: TSharedSession;
      /** The server's local cloud-printer simulator (its /__sim/* routes say what each printer printed). */
      printerSimUrl: string;
      /** The server's LINE API simulator (main.ts starts it; its GET /__sim/pushes lists what it received). */
      lineSimUrl: string;
      /** The server's SMS gateway simulator (adapters/sms; its GET /__sim/messages lists the texts it took). */
      smsSimUrl: string;
    }
  | { error: string };

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where the state of the server (TE2eServer, JSON) is written once it answers. */
    e2eServerFile: string;
    /** How long server-ready.ts waits for that file, in ms. */
    e2eStartTimeoutMs: number;
  }
}

const execFileAsync = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
// First start migrates and seeds the demo data (minutes; far longer on a loaded machine), beside the API
// projects' files and below their priority: a generous limit (the server's exit is seen at once anyway).
const START_TIMEOUT_MS = 1_800_000;

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

/** Where the server's simulators listen, from its log ('' for one it did not start). */
const simulators = (log: string) => ({
  // the server logs (warn) where its printer simulator listens when PRINTER_SERVICE_URL is unset
  printerSimUrl: /"url":"(http:\/\/127\.0\.0\.1:\d+)"[^\n]*printer simulator/.exec(log)?.[1] ?? '',
  lineSimUrl: /LINE API simulator: (http:\/\/\S+)/.exec(log)?.[1] ?? '',
  // and where its SMS gateway simulator listens when SMS_URL is unset
  smsSimUrl: /"url":"(http:\/\/127\.0\.0\.1:\d+)"[^\n]*SMS gateway simulator/.exec(log)?.[1] ?? '',
});

/** The server's state for the test files, written whole (a reader never sees half of it). */
const writeState = async (file: string, state: TE2eServer) => {
  await writeFile(`${file}.part`, JSON.stringify(state));
  await rename(`${file}.part`, file);
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
  // the server's state: a file of its own folder (the data directory is the server's)
  const stateDir = await mkdtemp(path.join(os.tmpdir(), 'shopdesk-e2e-state-'));
  const stateFile = path.join(stateDir, 'server.json');
  project.provide('e2eServerFile', stateFile);
  project.provide('e2eStartTimeoutMs', START_TIMEOUT_MS);
  // SHOPDESK_E2E_URL: the tests use a server already running there (started by hand on its own DATA_DIR,
  // so the demo data is seeded once) instead of a fresh one: for repeating one file while fixing it. Its data
  // is what earlier runs left; CI never sets it. SHOPDESK_E2E_LOG, its log file, says where its simulators listen
  // (without it the tests that read a simulator fail).
  const running = process.env.SHOPDESK_E2E_URL;
  if (running) {
    const health = await fetch(`${running}/console/apis/health`).catch((err: Error) => err);
    if (!(health instanceof Response) || !health.ok)
      throw new Error(`SHOPDESK_E2E_URL=${running} does not answer /console/apis/health`);
    project.provide('baseUrl', running);
    const logFile = process.env.SHOPDESK_E2E_LOG;
    await writeState(stateFile, {
      gaaSession: await signInDemoGaa(running),
      ...simulators(logFile ? await readFile(logFile, 'utf8') : ''),
    });
    return async () => {
      await rm(stateDir, { recursive: true, force: true });
    };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shopdesk-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  // The seed runs beside the API projects' files: at a lower priority (nice 10, the whole process group), so
  // they keep their cores and their time-outs, the seed taking what they leave; back to normal once the server
  // answers. Only as root, which may raise a priority back (elsewhere the server starts at the normal one).
  const lowered = process.getuid?.() === 0;
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  const [command, ...args] = [...(lowered ? ['nice', '-n', '10'] : []), tsx, 'packages/server/src/main.ts'];
  const child = spawn(command!, args, {
    // a process group of its own (its id is the child's): renice below reaches the server's every thread
    detached: lowered,
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
  project.provide('baseUrl', url);
  // not awaited: the other projects' files run meanwhile (server-ready.ts waits for the state file)
  const started = (async () => {
    try {
      await waitForHealth(url, child, () => log.slice(-4000));
      if (lowered && child.pid)
        await execFileAsync('renice', ['0', '-g', String(child.pid)]).catch((err: Error) =>
          console.warn(`the browser tests' server stays at nice 10 (renice: ${err.message})`),
        );
      await writeState(stateFile, { gaaSession: await signInDemoGaa(url), ...simulators(log) });
    } catch (err) {
      await writeState(stateFile, { error: (err as Error).message });
      await stop(child);
    }
  })();

  return async () => {
    await stop(child);
    await started;
    await rm(dataDir, { recursive: true, force: true });
    await rm(stateDir, { recursive: true, force: true });
  };
};
