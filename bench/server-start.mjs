#!/usr/bin/env node
// The built server (`npm start`: node packages/server/dist/main.js) against the TypeScript run through tsx
// (`tsx packages/server/src/main.ts`, what npm start ran before and `npm run dev` still runs): cold start to
// ready and resident memory, in one run, as ratios built / tsx.
//
// Both start on a copy of one seeded embedded database (made once with the built seed, not measured), so each
// start opens, checks the migrations, starts the local simulators and listens; no demo seed is written at start.
// Measured per start:
//   - ready: seconds from spawning the process to the first 200 of GET /console/apis/health/ready
//   - RSS after start: resident memory right after ready, of the server process and of every process the
//     start spawned (tsx runs the server in a child node process of its own)
//   - RSS after requests: after a gaa sign-in and --requests reads (console page, shop list, health)
// Starts alternate (built, tsx, built, tsx …) --runs times each; the medians are compared.
//
// Usage: node bench/server-start.mjs [--runs 3] [--requests 300] [--shops 20] [--orders 200]
// Builds the web bundle and the server first when missing or stale (not measured).
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg('runs', 3);
const REQUESTS = arg('requests', 300);
const SHOPS = arg('shops', 20);
const ORDERS = arg('orders', 200);
const READY_LIMIT_MS = 180_000;

const VARIANTS = {
  built: ['--enable-source-maps', 'packages/server/dist/main.js'],
  tsx: ['node_modules/.bin/tsx', 'packages/server/src/main.ts'],
};

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** Resident memory (MiB) of one process, from /proc (Linux). */
const rssOf = (pid) => {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
};
const childrenOf = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
};
/**
 * The server (the largest process of the tree: the spawned node itself, or tsx's child node running main.ts;
 * tsx's own process and esbuild's service are smaller) and the sum over the tree.
 */
const memory = (pid) => {
  const sizes = [rssOf(pid)];
  const walk = (p) => {
    for (const k of childrenOf(p)) {
      sizes.push(rssOf(k));
      walk(k);
    }
  };
  walk(pid);
  return { server: Math.max(...sizes), all: sizes.reduce((a, b) => a + b, 0) };
};

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const dir = mkdtempSync(path.join(os.tmpdir(), 'shopdesk-server-start-'));
const template = path.join(dir, 'template');
const baseEnv = () => {
  const env = { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'never' };
  for (const k of [
    'DATABASE_URL',
    'NODE_ENV',
    'SESSION_SECRET',
    'SECRETS_KEY',
    'METRICS_PORT',
    'METRICS_TOKEN',
  ])
    delete env[k];
  return env;
};

let child;
const stop = async (c) => {
  if (!c || c.exitCode !== null) return;
  const exited = new Promise((r) => c.once('exit', r));
  try {
    process.kill(-c.pid, 'SIGTERM');
  } catch {}
  const hard = setTimeout(() => {
    try {
      process.kill(-c.pid, 'SIGKILL');
    } catch {}
  }, 30_000);
  await exited;
  clearTimeout(hard);
};
process.on('SIGINT', async () => {
  await stop(child);
  rmSync(dir, { recursive: true, force: true });
  process.exit(130);
});

const startOnce = async (variant, n) => {
  const dataDir = path.join(dir, `${variant}-${n}`);
  cpSync(template, dataDir, { recursive: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  child = spawn(process.execPath, VARIANTS[variant], {
    cwd: root,
    env: { ...baseEnv(), PORT: String(port), DATA_DIR: dataDir },
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (b) => {
    stderr += b;
  });
  let ready = 0;
  while (!ready) {
    if (child.exitCode !== null) throw new Error(`${variant} exited (${child.exitCode}):\n${stderr}`);
    if (performance.now() - started > READY_LIMIT_MS) throw new Error(`${variant}: not ready in time`);
    const ok = await fetch(`${base}/console/apis/health/ready`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) ready = (performance.now() - started) / 1000;
    else await new Promise((r) => setTimeout(r, 50));
  }
  const afterStart = memory(child.pid);

  const signin = await fetch(`${base}/console/apis/gaa/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'gaa@demo.test', password: 'demo-password', type: 'gaa' }),
  });
  if (!signin.ok) throw new Error(`${variant}: sign-in answered ${signin.status}`);
  const cookie = signin.headers.get('set-cookie').split(';')[0];
  const reads = [
    '/console/',
    '/console/apis/gaa/shops/query?offset=0&limit=15',
    '/console/apis/gaa/shops/query?offset=15&limit=15',
    '/console/apis/health',
  ];
  for (let i = 0; i < REQUESTS; i += 4) {
    const answers = await Promise.all(reads.map((u) => fetch(base + u, { headers: { cookie } })));
    for (const [j, r] of answers.entries()) {
      await r.arrayBuffer();
      if (!r.ok) throw new Error(`${variant}: ${reads[j]} answered ${r.status}`);
    }
  }
  const afterRequests = memory(child.pid);
  await stop(child);
  rmSync(dataDir, { recursive: true, force: true });
  return { ready, afterStart, afterRequests };
};

try {
  const sh = (file, args, env = process.env) => execFileSync(file, args, { cwd: root, stdio: 'pipe', env });
  sh(process.execPath, ['scripts/ensure-web-build.mjs']);
  sh(process.execPath, ['scripts/ensure-server-build.mjs']);
  const at = Date.now();
  sh(
    process.execPath,
    ['packages/server/dist/seed.js', '--shops', String(SHOPS), '--orders', String(ORDERS)],
    {
      ...baseEnv(),
      DATA_DIR: template,
    },
  );
  console.log(
    `seeded database (${SHOPS} shops, ${ORDERS} orders) in ${((Date.now() - at) / 1000).toFixed(1)} s (not counted)`,
  );

  const results = { built: [], tsx: [] };
  for (let n = 0; n < RUNS; n++) {
    for (const variant of n % 2 ? ['tsx', 'built'] : ['built', 'tsx']) {
      const r = await startOnce(variant, n);
      results[variant].push(r);
      console.log(
        `  ${variant.padEnd(5)} run ${n + 1}: ready ${r.ready.toFixed(2)} s, RSS after start ${r.afterStart.server.toFixed(0)} MiB (all ${r.afterStart.all.toFixed(0)}), after ${REQUESTS} requests ${r.afterRequests.server.toFixed(0)} MiB (all ${r.afterRequests.all.toFixed(0)})`,
      );
    }
  }
  const rows = [
    ['cold start to ready (s)', (r) => r.ready, 2],
    ['server RSS after start (MiB)', (r) => r.afterStart.server, 0],
    ['all processes RSS after start (MiB)', (r) => r.afterStart.all, 0],
    [`server RSS after ${REQUESTS} requests (MiB)`, (r) => r.afterRequests.server, 0],
    [`all processes RSS after ${REQUESTS} requests (MiB)`, (r) => r.afterRequests.all, 0],
  ];
  console.log(`\nmedians of ${RUNS} runs each                 built      tsx   built/tsx`);
  for (const [name, get, digits] of rows) {
    const b = median(results.built.map(get));
    const x = median(results.tsx.map(get));
    console.log(
      `  ${name.padEnd(44)} ${b.toFixed(digits).padStart(7)} ${x.toFixed(digits).padStart(8)} ${(b / x).toFixed(2).padStart(10)}`,
    );
  }
  console.log(
    `  machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
} catch (err) {
  console.error(err.message ?? err);
  process.exitCode = 1;
} finally {
  await stop(child);
  rmSync(dir, { recursive: true, force: true });
}
