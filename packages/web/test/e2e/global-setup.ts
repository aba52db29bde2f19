// Starts the real server (tsx packages/server/src/main.ts) for the browser tests, one per vitest worker of the e2e
// project (its maxWorkers, vitest.config.ts: SHOPDESK_E2E_WORKERS), each on a free port with a fresh embedded
// database, demo data and simulators of its own, so files in different workers share no state. It serves the built
// web app: the root `npm test` builds it first (scripts/ensure-web-build.mjs); this file builds nothing.
// It does not wait for the servers: vitest runs every project's global set-up before any test file, so the demo
// seed (minutes on a loaded machine) runs while the API projects' files run. With more than one server the seed runs
// once (packages/server/test/e2e-seed.ts) and each server starts on a copy of its data directory. When a server
// says it listens (its "Shopdesk console:" line) the demo gaa is signed in there once (the demo's two-factor-exempt
// gaa) and the server's state (TE2eServer: that session cookie, where its simulators listen) is written to the
// worker's state file, or why the server did not start; server-ready.ts (the project's first setup file) waits for
// it before each file, and browser.ts `e2eServer()` reads it (`signIn(page, 'gaa')` reuses the session).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

/** The demo gaa's session cookie, made once per run by the global setup. */
export type TSharedSession = { name: string; value: string };

/** The started server's state, written once it answers (or `error`: why it did not start). */
export type TE2eServer =
  | {
      /** Where the server answers (http://127.0.0.1:port): its port is chosen when it starts (startServer). */
      baseUrl: string;
      gaaSession: TSharedSession;
      /** The server's local cloud-printer simulator (its /__sim/* routes say what each printer printed). */
      printerSimUrl: string;
      /** The server's LINE API simulator (main.ts starts it; its GET /__sim/pushes lists what it received). */
      lineSimUrl: string;
      /** The server's SMS gateway simulator (adapters/sms; its GET /__sim/messages lists the texts it took). */
      smsSimUrl: string;
    }
  | { error: string };

/** Where one worker's server writes its state (TE2eServer, JSON, its address included) once it answers. */
export type TE2eWorkerServer = { stateFile: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** The servers, one per worker of the e2e project: worker VITEST_POOL_ID n uses the n-th (browser.ts). */
    e2eServers: TE2eWorkerServer[];
    /** How long server-ready.ts waits for its state file, in ms. */
    e2eStartTimeoutMs: number;
    /**
     * One running Chromium per worker (its Playwright websocket endpoint; [] without Chromium): a file connects
     * to its worker's instead of launching one (browser.ts launchBrowser).
     */
    e2eBrowsers: string[];
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

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Why a process of the set-up failed, with the end of its output. */
const failure = (what: string, output: string) => new Error(`${what}:\n${output.slice(-4000)}`);

/**
 * Resolves when the child's output (stdout and stderr, as `output()` holds it) matches `signal`; fails at once
 * when the child exits first, and at `deadline` (ms since the epoch) with what it printed.
 */
const waitForOutput = (child: ChildProcess, signal: RegExp, output: () => string, deadline: number) =>
  new Promise<void>((resolve, reject) => {
    const check = () => {
      if (signal.test(output())) finish();
    };
    const exited = (code: number | null, sig: string | null) =>
      finish(failure(`The server exited (${code ?? sig}) before it listened`, output()));
    const timer = setTimeout(
      () => finish(failure(`The server did not listen within ${START_TIMEOUT_MS / 1000} s`, output())),
      Math.max(0, deadline - Date.now()),
    );
    const finish = (err?: Error) => {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.off('exit', exited);
      if (err) reject(err);
      else resolve();
    };
    child.stdout?.on('data', check);
    child.once('exit', exited);
    if (child.exitCode !== null || child.signalCode !== null) exited(child.exitCode, child.signalCode);
    else check();
  });

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

/** A process of the set-up: spawned from the repository root with the given env, its output kept. */
type TSpawned = { child: ChildProcess; output: () => string };

/**
 * Runs a tsx entry of the repository. The seed and the servers start beside the API projects' files: at a lower
 * priority (nice 10, the whole process group), so they keep their cores and their time-outs, the seed taking what
 * they leave; a server goes back to normal once it listens (`renormal`). Only as root, which may raise a priority
 * back (elsewhere they run at the normal one).
 */
const lowered = process.getuid?.() === 0;
const runTsx = (entry: string, env: Record<string, string>): TSpawned => {
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  const [command, ...args] = [...(lowered ? ['nice', '-n', '10'] : []), tsx, entry];
  const child = spawn(command!, args, {
    // a process group of its own (its id is the child's): renice reaches the process's every thread
    detached: lowered,
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  return { child, output: () => log };
};

const renormal = async (child: ChildProcess) => {
  if (lowered && child.pid)
    await execFileAsync('renice', ['0', '-g', String(child.pid)]).catch((err: Error) =>
      console.warn(`a browser tests' server stays at nice 10 (renice: ${err.message})`),
    );
};

/**
 * Keeps each server's log (level warn and up) beside the screenshots, and prints how many warnings and errors it
 * holds and its last outbox lines: a browser test that failed on something the server did (a job retried, a
 * handler timed out) shows why in the run's own output.
 */
const keepServerLogs = async (logs: ReadonlyMap<number, () => string>) => {
  const dir = process.env.SHOPDESK_SHOTS ?? path.join(os.tmpdir(), 'shopdesk-shots');
  await mkdir(dir, { recursive: true });
  for (const [worker, output] of logs) {
    const text = output();
    const file = path.join(dir, `e2e-server-${worker}.log`);
    await writeFile(file, text);
    const lines = text.split('\n');
    const count = (level: number) => lines.filter((l) => l.includes(`"level":${level}`)).length;
    const outbox = lines.filter((l) => /"msg":"outbox/.test(l));
    console.log(
      `browser tests' server ${worker}: ${count(40)} warnings, ${count(50) + count(60)} errors, ` +
        `${outbox.length} outbox lines (${file})`,
    );
    for (const l of outbox.slice(-10)) console.log(`  ${l.slice(0, 300)}`);
  }
};

/** Seeds `dataDir` (packages/server/test/e2e-seed.ts) and resolves once the seed closed its database. */
const seedOnce = async (dataDir: string, deadline: number, children: ChildProcess[]) => {
  const seed = runTsx('packages/server/test/e2e-seed.ts', { DATA_DIR: dataDir });
  children.push(seed.child);
  const timer = setTimeout(() => seed.child.kill('SIGKILL'), Math.max(0, deadline - Date.now()));
  const [code, signal] = (await once(seed.child, 'exit')) as [number | null, string | null];
  clearTimeout(timer);
  if (code !== 0)
    throw failure(
      Date.now() >= deadline
        ? `The demo seed did not finish within ${START_TIMEOUT_MS / 1000} s`
        : `The demo seed exited (${code ?? signal})`,
      seed.output(),
    );
};

/** The browser files that run at once: the e2e project's maxWorkers (vitest.config.ts), each on its own server. */
const workersOf = (project: TestProject) => {
  const n = project.config.maxWorkers;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 ? n : 1;
};

/**
 * One headless Chromium per worker, started here once instead of once per file: a file connects to its worker's
 * (browser.ts launchBrowser) and gets browser contexts of its own there, which share no cookies, storage or
 * cache with the files before it; its `browser.close()` closes them and disconnects. A launch and a close cost
 * 2–4 s per file on this machine (docs/decisions/testing.md "Browser tests: one Chromium per worker").
 */
const startBrowsers = async (
  workers: number,
): Promise<{ endpoints: string[]; close: () => Promise<void> }> => {
  if (!existsSync(CHROMIUM_PATH)) return { endpoints: [], close: async () => {} };
  const browsers: BrowserServer[] = await Promise.all(
    Array.from({ length: workers }, () =>
      chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS }),
    ),
  );
  return {
    endpoints: browsers.map((b) => b.wsEndpoint()),
    close: async () => {
      await Promise.all(browsers.map((b) => b.close()));
    },
  };
};

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
  // the servers' states: files of their own folder (the data directories are the servers')
  const stateDir = await mkdtemp(path.join(os.tmpdir(), 'shopdesk-e2e-state-'));
  const stateFile = (worker: number) => path.join(stateDir, `server-${worker}.json`);
  project.provide('e2eStartTimeoutMs', START_TIMEOUT_MS);
  // SHOPDESK_E2E_URL: the tests use a server already running there (started by hand on its own DATA_DIR,
  // so the demo data is seeded once) instead of fresh ones: for repeating one file while fixing it. Its data
  // is what earlier runs left; CI never sets it, and with it the files run one at a time (vitest.config.ts).
  // SHOPDESK_E2E_LOG, its log file, says where its simulators listen (without it the tests that read a simulator
  // fail).
  const running = process.env.SHOPDESK_E2E_URL;
  if (running) {
    const health = await fetch(`${running}/console/apis/health`).catch((err: Error) => err);
    if (!(health instanceof Response) || !health.ok)
      throw new Error(`SHOPDESK_E2E_URL=${running} does not answer /console/apis/health`);
    project.provide('e2eServers', [{ stateFile: stateFile(1) }]);
    const browsers = await startBrowsers(1);
    project.provide('e2eBrowsers', browsers.endpoints);
    const logFile = process.env.SHOPDESK_E2E_LOG;
    await writeState(stateFile(1), {
      baseUrl: running,
      gaaSession: await signInDemoGaa(running),
      ...simulators(logFile ? await readFile(logFile, 'utf8') : ''),
    });
    return async () => {
      await browsers.close();
      await rm(stateDir, { recursive: true, force: true });
    };
  }
  const servers: { worker: number; stateFile: string; dataDir: string }[] = [];
  for (let worker = 1; worker <= workersOf(project); worker++) {
    servers.push({
      worker,
      stateFile: stateFile(worker),
      dataDir: await mkdtemp(path.join(os.tmpdir(), `shopdesk-e2e-${worker}-`)),
    });
  }
  project.provide(
    'e2eServers',
    servers.map(({ stateFile }) => ({ stateFile })),
  );
  const browsers = await startBrowsers(servers.length);
  project.provide('e2eBrowsers', browsers.endpoints);
  const children: ChildProcess[] = [];
  /** Each server's output (the last start of its worker): kept in a file after the run. */
  const serverLogs = new Map<number, () => string>();
  let stopping = false;
  const deadline = Date.now() + START_TIMEOUT_MS;
  /**
   * Starts a server on a port free the moment before it starts. A port probed free can still be taken before the
   * server binds it (the API projects' files open ephemeral ports all the while; one CI run lost every browser
   * file to an EADDRINUSE when the port was probed minutes before the seed ended): then it starts again on
   * another, and its address goes to the state file with the rest.
   */
  const startServer = async (s: (typeof servers)[number]) => {
    for (let attempt = 1; ; attempt++) {
      if (stopping) throw new Error('the run ended before the server started');
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      const server = runTsx('packages/server/src/main.ts', {
        PORT: String(port),
        DATA_DIR: s.dataDir,
        // couriers move every 2 s (courier-board.test.ts watches a delivery's statuses reach the board)
        DELIVERY_SIM_STEP_MS: '2000',
      });
      children.push(server.child);
      serverLogs.set(s.worker, server.output);
      try {
        // main.ts prints it once app.listen resolved (the simulators' addresses are logged before it)
        await waitForOutput(server.child, /^\s*Shopdesk console: /m, server.output, deadline);
        await renormal(server.child);
        await writeState(s.stateFile, {
          baseUrl,
          gaaSession: await signInDemoGaa(baseUrl),
          ...simulators(server.output()),
        });
        return;
      } catch (err) {
        await stop(server.child);
        if (attempt < 5 && new RegExp(`EADDRINUSE[^\\n]*:${port}\\b`).test(server.output())) {
          console.warn(
            `browser tests' server ${s.worker}: port ${port} was taken before it listened; another port`,
          );
          continue;
        }
        throw err;
      }
    }
  };
  // not awaited: the other projects' files run meanwhile (server-ready.ts waits for the state files)
  const started = (async () => {
    try {
      const [first, ...others] = servers;
      const t0 = Date.now();
      let phases = '';
      if (others.length > 0) {
        // seeded once, copied to every server's directory (a closed database: a plain copy is whole)
        await seedOnce(first!.dataDir, deadline, children);
        const t1 = Date.now();
        await Promise.all(others.map((s) => cp(first!.dataDir, s.dataDir, { recursive: true })));
        phases = `seed ${seconds(t1 - t0)}, copy ${seconds(Date.now() - t1)}, `;
      }
      // one server alone seeds its own empty directory on its first start (main.ts)
      const t2 = Date.now();
      const results = await Promise.allSettled(servers.map(startServer));
      // where the set-up's time goes (the first browser file waits for it: its import time in the timing report)
      console.log(
        `browser tests' servers (${servers.length}): ${phases}start ${seconds(Date.now() - t2)}${others.length ? '' : ' (seed included)'}`,
      );
      await Promise.all(
        results.map((r, i) =>
          r.status === 'rejected'
            ? writeState(servers[i]!.stateFile, { error: (r.reason as Error).message })
            : null,
        ),
      );
    } catch (err) {
      // the seed or the copy failed: no server can start
      await Promise.all(servers.map((s) => writeState(s.stateFile, { error: (err as Error).message })));
    }
  })();

  return async () => {
    stopping = true;
    await browsers.close();
    await Promise.all(children.map(stop));
    await started;
    await Promise.all(children.map(stop));
    await keepServerLogs(serverLogs);
    await Promise.all(servers.map((s) => rm(s.dataDir, { recursive: true, force: true })));
    await rm(stateDir, { recursive: true, force: true });
  };
};
