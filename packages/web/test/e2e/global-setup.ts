// Starts the real server (tsx packages/server/src/main.ts) on a free port with a fresh embedded database
// and demo data, for the browser tests. It serves the built web app: the root `npm test` builds it first
// (scripts/ensure-web-build.mjs); this file builds nothing. Tests read the URL with inject('baseUrl').
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's local cloud-printer simulator (its /__sim/* routes say what each printer printed). */
    printerSimUrl: string;
    /** The server's LINE API simulator (main.ts starts it; its GET /__sim/pushes lists what it received). */
    lineSimUrl: string;
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
    // the customer ordering app (issue 15) is built by the same `npm run build`
    !existsSync(path.join(ROOT, 'packages/web/dist/shop/shop.html'))
  ) {
    throw new Error(
      'packages/web/dist is missing: run "npm run build" (npm test does it) before the e2e tests.',
    );
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

  return async () => {
    await stop(child);
    await rm(dataDir, { recursive: true, force: true });
  };
};
