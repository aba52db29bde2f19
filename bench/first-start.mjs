#!/usr/bin/env node
// A newcomer's first start: a fresh copy of the committed repository, `npm ci` from the
// offline npm cache, then `npm start` on an empty DATA_DIR and a free PORT. Prints the seconds from
// `npm start` to the first healthy answer of the health route, the milestones read from the log (web build,
// first seed line, listening), the resident memory of the server process after start and, unless
// --no-history, the seconds until the background order history is complete and the memory then.
//
// Usage:
//   node bench/first-start.mjs [--source DIR] [--ref REF] [--copy-modules] [--no-history] [--keep] [--log]
//
// --source: the repository to clone (default: this one; its committed HEAD, or --ref). Uncommitted edits
// are not measured. --copy-modules copies this checkout's node_modules instead of `npm ci --offline`
// (quicker; the workspace links in node_modules are relative, so they point into the copy).
// --log echoes the server's log with seconds since `npm start`.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const flag = (name) => process.argv.includes(`--${name}`);
const source = path.resolve(arg('source', root));
const ref = arg('ref', undefined);
const HEALTH_LIMIT_S = 600;

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
/** Every process below `pid` with its command line. */
const tree = (pid) => {
  const out = [];
  const walk = (p) => {
    let kids = [];
    try {
      kids = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    } catch {}
    for (const k of kids) {
      let cmd = '';
      try {
        cmd = readFileSync(`/proc/${k}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      } catch {}
      out.push({ pid: Number(k), cmd });
      walk(k);
    }
  };
  walk(pid);
  return out;
};
/** CPU seconds (user + system) of a process and of its children it has waited for. */
const cpuOf = (pid) => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // fields 14–17 of /proc/pid/stat (utime stime cutime cstime), here from field 3 on
    return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
  } catch {
    return 0;
  }
};
/** CPU seconds used by `npm start` so far: every live process, each with its finished children. */
const cpuOfTree = (pid) => tree(pid).reduce((s, p) => s + cpuOf(p.pid), cpuOf(pid));
/** The server: the node process running main.ts (tsx starts it as a child of its own). */
const serverMemory = (pid) => {
  const procs = tree(pid).filter((p) => /server\/(src|dist)\/main\.[jt]s/.test(p.cmd));
  const rss = procs.map((p) => ({ ...p, rss: rssOf(p.pid) })).sort((a, b) => b.rss - a.rss);
  const all = tree(pid).reduce((s, p) => s + rssOf(p.pid), rssOf(pid));
  return { server: rss[0]?.rss ?? 0, all };
};

const dir = mkdtempSync(path.join(os.tmpdir(), 'shopdesk-first-start-'));
const clone = path.join(dir, 'shopdesk');
const t = (s) => `${s.toFixed(1)} s`;
let child;
const cleanup = () => {
  if (child?.pid) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
  }
  if (!flag('keep')) rmSync(dir, { recursive: true, force: true });
  else console.log(`kept ${dir}`);
};
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

try {
  const sh = (cmd, args, cwd = clone) => execFileSync(cmd, args, { cwd, stdio: 'pipe', encoding: 'utf8' });
  const at = Date.now();
  sh('git', ['clone', '--quiet', '--no-hardlinks', source, clone], dir);
  if (ref) sh('git', ['checkout', '--quiet', ref]);
  const head = sh('git', ['log', '-1', '--format=%h %s']).trim();
  console.log(`clone of ${source}: ${head.slice(0, 100)}`);
  if (flag('copy-modules')) {
    sh('cp', ['-a', path.join(root, 'node_modules'), clone]);
    console.log(`node_modules copied in ${t((Date.now() - at) / 1000)}`);
  } else {
    sh('npm', ['ci', '--offline', '--no-audit', '--no-fund', '--loglevel=error']);
    console.log(`clone and npm ci --offline in ${t((Date.now() - at) / 1000)} (not counted)`);
  }
  if (existsSync(path.join(clone, 'packages/web/dist')))
    throw new Error('the clone already holds a web build');

  const port = await freePort();
  const dataDir = path.join(dir, 'data');
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  for (const k of ['DATABASE_URL', 'NODE_ENV', 'SEED_DEMO', 'SESSION_SECRET', 'SECRETS_KEY']) delete env[k];
  const started = Date.now();
  const since = () => (Date.now() - started) / 1000;
  child = spawn('npm', ['start'], { cwd: clone, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = [];
  const onData = (buf) => {
    for (const line of buf.toString().split('\n')) {
      if (!line.trim()) continue;
      lines.push({ at: since(), line });
      if (flag('log')) console.log(`[${since().toFixed(1).padStart(6)}] ${line}`);
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  let exited = null;
  child.on('exit', (code) => {
    exited = code;
  });

  const healthUrl = `http://127.0.0.1:${port}/console/apis/health`;
  let healthy = 0;
  while (!healthy) {
    if (exited !== null)
      throw new Error(`npm start exited (${exited}):\n${lines.map((l) => l.line).join('\n')}`);
    if (since() > HEALTH_LIMIT_S) throw new Error(`not healthy after ${HEALTH_LIMIT_S} s`);
    try {
      const res = await fetch(healthUrl, { signal: AbortSignal.timeout(2000) });
      if (res.ok) healthy = since();
    } catch {}
    if (!healthy) await new Promise((r) => setTimeout(r, 200));
  }
  const first = (re) => lines.find((l) => re.test(l.line))?.at;
  const cpu = cpuOfTree(child.pid);
  const last = (re) => lines.findLast((l) => re.test(l.line))?.at;
  const milestones = [
    ['web build started', first(/building the console|rebuilding the console/)],
    ['web build done', last(/built in/)],
    ['demo seed: shops written', first(/SI accounts/)],
    ['demo seed: recent orders written', first(/orders of the last/)],
    ['listening', first(/Shopdesk console:/)],
  ];
  await new Promise((r) => setTimeout(r, 1000));
  const mem = serverMemory(child.pid);
  // issue 28's target: healthy within 60 s of `npm start` on a fresh clone after install
  const HEALTHY_TARGET_S = 60;
  console.log(
    `\nhealthy after ${t(healthy)} (${healthUrl}); target ≤ ${HEALTHY_TARGET_S} s: ${healthy <= HEALTHY_TARGET_S ? 'met' : 'NOT MET'}`,
  );
  for (const [name, s] of milestones) if (s !== undefined) console.log(`  ${name.padEnd(34)} ${t(s)}`);
  console.log(`  CPU used by npm start until healthy ${t(cpu)} (user + system, all its processes)`);
  console.log(
    `  server resident memory after start ${mem.server.toFixed(0)} MiB (all npm start processes ${mem.all.toFixed(0)} MiB)`,
  );

  if (!flag('no-history')) {
    // the health route reads the database: its answer times show what the filler costs a request
    let done;
    const waits = [];
    while (!done && exited === null && since() < 3600) {
      done = lines.find((l) => /order history complete/.test(l.line));
      if (done) break;
      const asked = Date.now();
      await fetch(healthUrl, { signal: AbortSignal.timeout(10_000) }).catch(() => {});
      waits.push(Date.now() - asked);
      await new Promise((r) => setTimeout(r, 500));
    }
    waits.sort((a, b) => a - b);
    if (waits.length)
      console.log(
        `  health answers while the history fills: ${waits.length}, median ${waits[Math.floor(waits.length / 2)]} ms, p95 ${waits[Math.floor(waits.length * 0.95)]} ms, max ${waits.at(-1)} ms`,
      );
    if (done) {
      const m = serverMemory(child.pid);
      console.log(`  history complete after ${t(done.at)}: ${done.line.trim()}`);
      console.log(
        `  server resident memory then ${m.server.toFixed(0)} MiB; CPU by then ${t(cpuOfTree(child.pid))}`,
      );
    } else console.log('  (the history never reported complete)');
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
  cleanup();
}
