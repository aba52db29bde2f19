#!/usr/bin/env node
// Benchmark of the gaa shop list (spec 002 §2 screen 1, §7 GET /gaa/shops/query) on 100 000 shops.
//
// For each database it starts the real server (tsx packages/server/src/main.ts), signs in as
// gaa@demo.test and drives four requests with autocannon: page 1, a name filter, a tag filter and a deep
// page (offset 50 000). Then it starts a plain node:http handler (pg, or PGlite for the embedded database)
// that runs only the page SQL of the same four requests — no session, no validation, no count — and prints
// throughput and p50/p99 latency of both, and the server's share of the plain handler.
//
// Usage:
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/shopdesk_bench \
//   BENCH_DATA_DIR=/tmp/shopdesk-bench-pglite \
//   node bench/shop-list.mjs [--seed] [--shops 100000] [--duration 10] [--connections 32]
// BENCH_SERVER_NODE_ARGS (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof') are the server's node flags.
//
// --seed creates the PostgreSQL database when it is missing and runs `npm run seed -- --shops N --orders 0`
// on each database: the shops without demo orders (the list does not read orders; 90 days of them for
// 100 000 shops would be 36 million rows and hours of seeding). Every run starts with VACUUM ANALYZE (what autovacuum does on a live server; PGlite has none).
// Leave out BENCH_PG_URL or BENCH_DATA_DIR to skip that database.
//
// Before/after in one run: BENCH_BASE_ROOT=<a checkout of the earlier code, with node_modules> also runs that
// tree's server, and --rounds N (default 1) repeats plain, server and base server N times, interleaved
// (plain, server, base; then base, server, plain; …), so a machine shared with other work loads all of them
// alike. Each figure is then the median of the rounds, and each round's server/plain share is printed too.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const SHOPS = Number(arg('shops', 100_000));
/** npm arguments of --seed: the shops, no orders. */
const SEED_COMMAND = ['run', 'seed', '--', '--shops', String(SHOPS), '--orders', '0'];

// Pin the load generator (this process) and the measured server to different cores where taskset exists,
// so autocannon does not steal the server's CPU: this process on core 0, the servers on the others.
const CPUS = os.availableParallelism();
const canPin = existsSync('/usr/bin/taskset') && CPUS > 1;
if (canPin) execFileSync('taskset', ['-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
const serverCpus = `1-${CPUS - 1}`;
/** spawn() arguments of a server process, pinned away from the load generator when possible. */
const pinned = (args) =>
  canPin ? ['taskset', ['-c', serverCpus, process.execPath, ...args]] : [process.execPath, args];
const DURATION = Number(arg('duration', 10));
const ROUNDS = Number(arg('rounds', 1));
const BASE_ROOT = process.env.BENCH_BASE_ROOT ? path.resolve(process.env.BENCH_BASE_ROOT) : undefined;
const CONNECTIONS = Number(arg('connections', 32));
const PORT_SERVER = 18_901;
const PORT_PLAIN = 18_902;

// The four requests, and the page SQL the server runs for each (features/shops/shop-lists/gaa-list-repo.ts).
const ROW_SQL = `select accounts.id, b.name, b.email, b.invoice, accounts.si_account_id, s.display_name as si_name,
  u.name as eaa_name, u.email as eaa_email, accounts.is_initialized, accounts.is_oa_disabled,
  (select string_agg(t.name, ',' order by t.name) from account_tags at join tags t on t.id = at.tag_id
    where at.account_id = accounts.id) as tags
  from page join accounts on accounts.id = page.id join businesses b on b.id = accounts.id
  left join users u on u.id = accounts.owner_user_id left join si_accounts s on s.id = accounts.si_account_id
  order by accounts.id desc`;
const SCENARIOS = [
  {
    name: 'page 1',
    query: 'offset=0&limit=15',
    sql: `with page as (select accounts.id from accounts where accounts.kind = $1 order by accounts.id desc limit $2 offset $3) ${ROW_SQL}`,
    params: () => ['catering', 15, 0],
  },
  {
    name: 'name filter',
    query: `offset=0&limit=15&query=${encodeURIComponent('name:牛肉麵')}`,
    sql: `with page as (select accounts.id from accounts join businesses b on b.id = accounts.id where accounts.kind = $1 and b.name ilike $2 order by accounts.id desc limit $3 offset $4) ${ROW_SQL}`,
    params: () => ['catering', '%牛肉麵%', 15, 0],
  },
  {
    name: 'tag filter',
    query: `offset=0&limit=15&queryByTag=${encodeURIComponent('夜市')}`,
    sql: `with page as (select accounts.id from accounts where accounts.kind = $1 and accounts.id in (select account_id from account_tags where tag_id = $2) order by accounts.id desc limit $3 offset $4) ${ROW_SQL}`,
    params: (tagId) => ['catering', tagId, 15, 0],
  },
  {
    name: 'deep page',
    query: 'offset=50000&limit=15',
    sql: `with page as (select accounts.id from accounts where accounts.kind = $1 order by accounts.id desc limit $2 offset $3) ${ROW_SQL}`,
    params: () => ['catering', 15, 50_000],
  },
];

// ---- plain handler (child process): node:http + pg / PGlite, page SQL only ----
const runPlain = async () => {
  let query;
  if (process.env.BENCH_PLAIN_PG) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.BENCH_PLAIN_PG, max: 10 }); // as the server
    query = async (text, params) => (await pool.query(text, params)).rows;
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const db = await PGlite.create(process.env.BENCH_PLAIN_PGLITE, { extensions: { pg_trgm } });
    query = async (text, params) => (await db.query(text, params)).rows;
  }
  const [tag] = await query('select id from tags where name = $1', ['夜市']);
  http
    .createServer(async (req, res) => {
      const s = SCENARIOS[Number(req.url.slice(1))];
      const rows = await query(s.sql, s.params(tag.id));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ shops: rows }));
    })
    .listen(PORT_PLAIN, '127.0.0.1', () => process.send?.('ready'));
};

// ---- driver ----
const sh = (cmd, args, env) =>
  new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
    p.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')}: exit ${code}`)),
    );
  });

const waitFor = async (url) => {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from ${url}`);
};

const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.on('exit', resolve);
    child.kill('SIGTERM');
  });

/**
 * CPU seconds (user + system) used so far by a process and its descendants (the tsx CLI runs the server in a
 * child), from /proc; undefined where there is no /proc. Unlike throughput, CPU per request hardly moves with
 * the machine's other load, so it compares two servers on a shared machine.
 */
const TICKS = 100; // USER_HZ on Linux
const cpuSeconds = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    let s = (Number(f[11]) + Number(f[12])) / TICKS; // utime, stime
    for (const tid of readdirSync(`/proc/${pid}/task`))
      for (const child of readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8')
        .split(' ')
        .filter(Boolean))
        s += cpuSeconds(Number(child)) ?? 0;
    return s;
  } catch {
    return undefined;
  }
};

const load = async (url, headers, pid) => {
  const opts = { url, connections: CONNECTIONS, headers, timeout: 60 };
  await autocannon({ ...opts, duration: 2 }); // warm-up
  const cpu0 = cpuSeconds(pid);
  const r = await autocannon({ ...opts, duration: DURATION });
  const cpu1 = cpuSeconds(pid);
  if (r.non2xx || r.errors)
    console.warn(
      `${url}: ${r.errors} errors (${r.timeouts} timeouts), status ${JSON.stringify(r.statusCodeStats)}`,
    );
  const cpuMs =
    cpu0 === undefined || cpu1 === undefined ? Number.NaN : ((cpu1 - cpu0) * 1000) / r.requests.total;
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpuMs };
};

const seed = async (db) => {
  if (db.url) {
    const { default: pg } = await import('pg');
    const u = new URL(db.url);
    const name = u.pathname.slice(1);
    u.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: u.toString() });
    await admin.connect();
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!found.rowCount) await admin.query(`create database "${name}"`);
    await admin.end();
  }
  await sh('npm', SEED_COMMAND, db.env);
  await vacuum(db);
};

const vacuum = async (db) => {
  if (db.url) {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    await c.query('vacuum analyze');
    await c.end();
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const p = await PGlite.create(db.dir, { extensions: { pg_trgm } });
    await p.exec('vacuum analyze');
    await p.close();
  }
};

const benchServer = async (db, cwd = root) => {
  const env = {
    ...db.env,
    PORT: String(PORT_SERVER),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    SEED_DEMO: 'never',
    SESSION_SECRET: 'shop-list-bench-secret-0123456789abcdef',
  };
  // BENCH_SERVER_NODE_ARGS (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'): node flags of the server, which then
  // runs in this node process through tsx's loader (the tsx CLI would put it in a child the flags do not reach)
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const args = nodeArgs.length
    ? [...nodeArgs, '--import', 'tsx', 'packages/server/src/main.ts']
    : ['node_modules/.bin/tsx', 'packages/server/src/main.ts'];
  const child = spawn(...pinned(args), {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const base = `http://127.0.0.1:${PORT_SERVER}/console/apis`;
    await waitFor(`${base}/health`);
    const res = await fetch(`${base}/gaa/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'gaa@demo.test', password: 'demo-password', type: 'gaa' }),
    });
    if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
    const cookie = res.headers.get('set-cookie').split(';')[0];
    const out = [];
    // a start-up warm-up over every request kind (JIT, the server's start-up jobs), then each one measured
    for (const s of SCENARIOS)
      await autocannon({
        url: `${base}/gaa/shops/query?${s.query}`,
        connections: CONNECTIONS,
        headers: { cookie },
        duration: 1,
      });
    for (const s of SCENARIOS)
      out.push(await load(`${base}/gaa/shops/query?${s.query}`, { cookie }, child.pid));
    return out;
  } finally {
    await stop(child);
  }
};

const benchPlain = async (db) => {
  const child = spawn(...pinned([fileURLToPath(import.meta.url), '--plain']), {
    cwd: root,
    env: { ...process.env, ...(db.url ? { BENCH_PLAIN_PG: db.url } : { BENCH_PLAIN_PGLITE: db.dir }) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`plain handler exited ${code}`)));
    });
    const out = [];
    for (let i = 0; i < SCENARIOS.length; i++)
      await autocannon({ url: `http://127.0.0.1:${PORT_PLAIN}/${i}`, connections: CONNECTIONS, duration: 1 });
    for (let i = 0; i < SCENARIOS.length; i++)
      out.push(await load(`http://127.0.0.1:${PORT_PLAIN}/${i}`, undefined, child.pid));
    return out;
  } finally {
    await stop(child);
  }
};

const fmt = (n, d = 0) => n.toFixed(d).padStart(8);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
/** The median of each figure over the rounds, per request. */
const medians = (runs) =>
  SCENARIOS.map((_, i) => ({
    rps: median(runs.map((r) => r[i].rps)),
    p50: median(runs.map((r) => r[i].p50)),
    p99: median(runs.map((r) => r[i].p99)),
    cpuMs: median(runs.map((r) => r[i].cpuMs)),
  }));
const load1 = () => os.loadavg()[0].toFixed(1);
// issue 28's targets for every request: ≥ 80 % of the plain handler's throughput, p99 ≤ 1.5x the plain's
const RPS_TARGET = 0.8;
const P99_RATIO_TARGET = 1.5;
const targetsMet = (server, plain) => {
  const ok = server.rps / plain.rps >= RPS_TARGET && server.p99 / plain.p99 <= P99_RATIO_TARGET;
  return `${ok ? 'met' : 'NOT MET'} (≥ ${RPS_TARGET * 100} %, p99 ≤ ${P99_RATIO_TARGET}x)`;
};
const report = (label, servers, plain, native) => {
  console.log(
    `\n${label}: ${CONNECTIONS} connections, ${DURATION} s per request, ${ROUNDS} round(s), medians; load average now ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    'server         request        req/s  p50 ms  p99 ms | plain req/s  p50 ms  p99 ms | server/plain  p99/plain | CPU ms/req server plain | target',
  );
  for (const [name, runs] of servers) {
    const server = medians(runs);
    const p = medians(plain);
    SCENARIOS.forEach((s, i) => {
      const a = server[i];
      const b = p[i];
      console.log(
        `${name.padEnd(14)} ${s.name.padEnd(12)} ${fmt(a.rps, 0)}${fmt(a.p50, 1)}${fmt(a.p99, 1)} | ${fmt(b.rps, 0)}   ${fmt(b.p50, 1)}${fmt(b.p99, 1)} | ${fmt((a.rps / b.rps) * 100, 0)} %  ${fmt(a.p99 / b.p99, 2)}x | ${fmt(a.cpuMs, 3)} ${fmt(b.cpuMs, 3)} | ${targetsMet(a, b)}`,
      );
    });
    if (ROUNDS > 1)
      console.log(
        `${name.padEnd(14)} per round, server/plain %: ${runs
          .map((r, k) => SCENARIOS.map((_, i) => ((r[i].rps / plain[k][i].rps) * 100).toFixed(0)).join('/'))
          .join('  ')}`,
      );
    const deep = server[3].p50 / server[0].p50;
    console.log(
      `${name.padEnd(14)} deep page p50 / page 1 p50: ${deep.toFixed(2)}x (throughput ${(server[0].rps / server[3].rps).toFixed(2)}x)`,
    );
  }
  if (native) {
    const server = medians(servers[0][1]);
    console.log(
      `PGlite server / PostgreSQL server throughput: ${SCENARIOS.map((s, i) => `${s.name} ${((server[i].rps / native[i].rps) * 100).toFixed(0)} %`).join(', ')}`,
    );
  }
};

const main = async () => {
  const dbs = [];
  if (process.env.BENCH_PG_URL)
    dbs.push({
      label: 'PostgreSQL',
      url: process.env.BENCH_PG_URL,
      env: { DATABASE_URL: process.env.BENCH_PG_URL },
    });
  if (process.env.BENCH_DATA_DIR)
    dbs.push({
      label: 'PGlite',
      dir: process.env.BENCH_DATA_DIR,
      env: { DATA_DIR: process.env.BENCH_DATA_DIR, DATABASE_URL: '' },
    });
  if (!dbs.length) {
    console.error('Set BENCH_PG_URL and/or BENCH_DATA_DIR (see the header of bench/shop-list.mjs).');
    process.exit(2);
  }
  let native;
  for (const db of dbs) {
    if (process.argv.includes('--seed')) await seed(db);
    else await vacuum(db);
    const steps = [
      ['plain', () => benchPlain(db)],
      ['server', () => benchServer(db)],
      ...(BASE_ROOT ? [['base server', () => benchServer(db, BASE_ROOT)]] : []),
    ];
    const runs = new Map(steps.map(([name]) => [name, []]));
    for (let r = 0; r < ROUNDS; r++) {
      // every other round in the reverse order: neither server always runs right after the plain handler
      for (const [name, run] of r % 2 ? [...steps].reverse() : steps) {
        const started = load1();
        runs.get(name).push(await run());
        console.log(`round ${r + 1} ${name}: done (load average ${started} → ${load1()})`);
      }
    }
    const servers = [...runs].filter(([name]) => name !== 'plain');
    report(db.label, servers, runs.get('plain'), db.url ? undefined : native);
    if (db.url) native = medians(servers[0][1]);
  }
};

if (process.argv.includes('--plain')) await runPlain();
else await main();
