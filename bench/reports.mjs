#!/usr/bin/env node
// Benchmark of the report pages on PostgreSQL: the 31-day statistics summary (/summary/stat)
// for all shops (gaa) and for one SI (si@demo.test, SI quickclick), the per-shop statistics page
// (/summary/shop-stat), and the 31-day sales query (/sales/query, GET /:type/sales/orders, built by the
// sales feature). Each endpoint is called sequentially through the real server (tsx packages/server/src/main.ts)
// and its p50/p99 printed beside the same SQL run raw through `pg` (the statistics SQL is imported from
// packages/server/src/features/reports/stats/stats-sql.ts, so it is the very text the server runs). The ratio is
// endpoint p50 / raw p50.
//
// Usage:
//   node bench/reports.mjs [--orders 5000000] [--shops 200] [--runs 40] [--reseed] [--pglite 20000,80000]
//
// The database is shopdesk_bench on BENCH_PG_ADMIN (default postgres://postgres@127.0.0.1:5432); it is
// created when missing and seeded with `npm run seed -- --shops N --orders N` unless it already holds
// exactly --orders orders (--reseed forces it). 5 M orders take ~10 minutes to seed; --orders 500000 is
// the quick run. --pglite seeds embedded databases of those sizes in temporary folders and measures the
// resident memory of a process running the statistics queries on each, then extrapolates to --orders.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const ORDERS = Number(arg('orders', 5_000_000));
const SHOPS = Number(arg('shops', 200));
const RUNS = Number(arg('runs', 40));
const ADMIN = process.env.BENCH_PG_ADMIN ?? 'postgres://postgres@127.0.0.1:5432';
const DB_URL = `${ADMIN}/shopdesk_bench`;
const PORT = 18_911;
const SECRET = 'reports-bench-secret-0123456789abcdef';

const { tsImport } = await import('tsx/esm/api');
const statsSql = await tsImport(
  path.join(root, 'packages/server/src/features/reports/stats/stats-sql.ts'),
  import.meta.url,
);
const salesRepo = await tsImport(
  path.join(root, 'packages/server/src/features/reports/sales/sales-repo.ts'),
  import.meta.url,
);
const { sql } = await tsImport('drizzle-orm', import.meta.url);
const { PgDialect } = await tsImport('drizzle-orm/pg-core', import.meta.url);
const dialect = new PgDialect();

const sh = (cmd, args, env) =>
  new Promise((resolve, reject) => {
    const all = { ...process.env, ...env };
    for (const k of Object.keys(all)) if (all[k] === undefined) delete all[k];
    const p = spawn(cmd, args, { cwd: root, env: all, stdio: 'inherit' });
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')}: ${code}`))));
  });

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const timeIt = async (fn) => {
  for (let k = 0; k < 3; k++) await fn(); // warm-up
  const out = [];
  for (let k = 0; k < RUNS; k++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return { p50: pct(out, 50), p99: pct(out, 99) };
};

const prepare = async () => {
  const admin = new pg.Client({ connectionString: `${ADMIN}/postgres` });
  await admin.connect();
  const found = await admin.query(`select 1 from pg_database where datname = 'shopdesk_bench'`);
  if (!found.rowCount) await admin.query('create database shopdesk_bench');
  await admin.end();
  const c = new pg.Client({ connectionString: DB_URL });
  await c.connect();
  const has = await c
    .query('select count(*)::bigint as n from orders')
    .then((r) => Number(r.rows[0].n))
    .catch(() => -1);
  await c.end();
  if (has !== ORDERS || process.argv.includes('--reseed')) {
    console.log(`seeding ${ORDERS} orders in ${SHOPS} shops (database had ${has})…`);
    const t0 = Date.now();
    await sh('npm', ['run', 'seed', '--', '--shops', String(SHOPS), '--orders', String(ORDERS)], {
      DATABASE_URL: DB_URL,
    });
    console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  const v = new pg.Client({ connectionString: DB_URL });
  await v.connect();
  await v.query('vacuum analyze');
  await v.end();
};

const waitFor = async (url) => {
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from ${url}`);
};

const signIn = async (base, email, type) => {
  const res = await fetch(`${base}/${type}/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo-password', type }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status}`);
  return { cookie: res.headers.get('set-cookie').split(';')[0] };
};

const taipeiToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const addDays = (d, n) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const main = async () => {
  await prepare();
  const pool = new pg.Pool({ connectionString: DB_URL, max: 10 }); // as the server's pool
  const si = (await pool.query(`select id from si_accounts where name = 'quickclick'`)).rows[0]?.id;
  const shopsOfSi = Number(
    (await pool.query('select count(*) as n from accounts where si_account_id = $1', [si])).rows[0].n,
  );
  const to = taipeiToday();
  const cur = { from: addDays(to, -30), to };
  const prev = { from: addDays(cur.from, -31), to: addDays(cur.from, -1) };
  const rollupRows = (await pool.query('select count(*) as n from order_stats_daily')).rows[0].n;

  const child = spawn(process.execPath, ['node_modules/.bin/tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: DB_URL,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1',
      SEED_DEMO: 'never',
      SESSION_SECRET: SECRET,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const results = [];
  try {
    const base = `http://127.0.0.1:${PORT}/console/apis`;
    await waitFor(`${base}/health`);
    const gaa = await signIn(base, 'gaa@demo.test', 'gaa');
    const siUser = await signIn(base, 'si@demo.test', 'si');
    const q = `from=${cur.from}&to=${cur.to}`;
    const endpoint = (url, headers) => async () => {
      const res = await fetch(`${base}${url}`, { headers });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    /** The queries of one summary request, run as the service runs them (in parallel on the pool). */
    const rawSummary = (scope) => {
      const qs = [
        statsSql.summaryDailySql(scope, cur, prev),
        statsSql.summaryHourlySql(scope, cur),
        statsSql.topProductsSql(scope, cur),
      ].map((s) => dialect.sqlToQuery(s));
      return () => Promise.all(qs.map((x) => pool.query(x.sql, x.params)));
    };
    const rawShops = () => {
      const x = dialect.sqlToQuery(
        statsSql.shopsSql(
          { cur, prev, zeroOnly: false },
          { sort: 'revenue', desc: true, offset: 0, limit: 15 },
        ),
      );
      return () => pool.query(x.sql, x.params);
    };
    /** The sales page's two statements (totals, then the page), as the server runs them. */
    const rawSales = (user) => {
      const f = { ...cur, includeVoided: false, offset: 0, limit: 15, lang: 'zh-TW' };
      const { totals, rows } = salesRepo.salesQuerySql(user, f);
      const [a, b] = [totals, rows].map((s) => dialect.sqlToQuery(s));
      return async () => {
        await pool.query(a.sql, a.params);
        await pool.query(b.sql, b.params);
      };
    };
    const scenarios = [
      [
        'stat summary, all shops (gaa)',
        endpoint(`/gaa/stats/summary?${q}`, gaa),
        rawSummary(statsSql.scopeAll()),
      ],
      [
        `stat summary, one SI (si, ${shopsOfSi} shops)`,
        endpoint(`/si/stats/summary?${q}`, siUser),
        rawSummary(statsSql.scopeOf(sql`accounts.si_account_id = ${si}`)),
      ],
      ['shop-stat page 1, all shops (gaa)', endpoint(`/gaa/stats/shops?${q}&limit=15`, gaa), rawShops()],
      [
        'sales query page 1, all shops (gaa)',
        endpoint(`/gaa/sales/orders?${q}&offset=0&limit=15`, gaa),
        rawSales({ id: 0, type: 'gaa' }),
      ],
      [
        'sales query page 1, one SI (si)',
        endpoint(`/si/sales/orders?${q}&offset=0&limit=15`, siUser),
        rawSales({ id: 0, type: 'si', siAccountId: si }),
      ],
      // the order summary (/summary/orders) builds its statements with drizzle's query builder: endpoint only
      [
        'orders list page 1, all shops (gaa)',
        endpoint(`/gaa/summary/orders?${q}&offset=0&limit=15`, gaa),
        null,
      ],
    ];
    for (const [name, api, raw] of scenarios) {
      let a;
      try {
        a = await timeIt(api);
      } catch (err) {
        results.push({ name, error: String(err.message).slice(0, 120) });
        continue;
      }
      const r = raw ? await timeIt(raw) : null;
      results.push({ name, api: a, raw: r });
    }
  } finally {
    child.kill('SIGTERM');
    await pool.end();
  }
  const f = (x) => x.toFixed(1).padStart(7);
  console.log(
    `\n${ORDERS} orders, ${SHOPS} shops, 31-day range ${cur.from}..${cur.to} (previous ${prev.from}..)`,
  );
  console.log(
    `order_stats_daily rows: ${rollupRows}; ${RUNS} sequential runs each, PostgreSQL, ${os.cpus().length} cores`,
  );
  console.log(`${'query'.padEnd(44)} api p50   p99 | raw p50   p99 | ratio`);
  for (const r of results) {
    if (r.error) console.log(`${r.name.padEnd(44)} error: ${r.error}`);
    else
      console.log(
        `${r.name.padEnd(44)}${f(r.api.p50)}${f(r.api.p99)} |${r.raw ? `${f(r.raw.p50)}${f(r.raw.p99)} | ${(r.api.p50 / r.raw.p50).toFixed(2)}x` : '      (no raw SQL slot)'}`,
      );
  }
  const pgliteSizes = arg('pglite', '');
  if (pgliteSizes) await pgliteMemory(pgliteSizes.split(',').map(Number));
};

/** RSS of a process holding an embedded (PGlite) database of n orders and running the statistics queries. */
const pgliteMemory = async (sizes) => {
  const points = [];
  for (const n of sizes) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'shopdesk-pglite-'));
    try {
      await sh('npm', ['run', 'seed', '--', '--shops', String(SHOPS), '--orders', String(n)], {
        DATABASE_URL: undefined,
        DATA_DIR: dir,
      });
      const rss = await new Promise((resolve, reject) => {
        const p = spawn(process.execPath, [fileURLToPath(import.meta.url), '--pglite-probe', dir], {
          cwd: root,
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let out = '';
        p.stdout.on('data', (d) => (out += d));
        p.on('exit', (code) =>
          code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop())) : reject(new Error(out)),
        );
      });
      points.push({ n, ...rss });
      console.log(
        `PGlite ${n} orders: RSS ${rss.rssMb} MB after the statistics queries (data dir ${rss.dirMb} MB)`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (points.length >= 2) {
    const [a, b] = [points[0], points.at(-1)];
    const slope = (b.rssMb - a.rssMb) / (b.n - a.n);
    const dirSlope = (b.dirMb - a.dirMb) / (b.n - a.n);
    const dir = Math.round(a.dirMb + dirSlope * (ORDERS - a.n));
    // PGlite keeps its data dir on disk (NODEFS) and a fixed buffer pool in WASM memory: RSS does not
    // follow the order count, the data dir does.
    const rss = slope > 0 ? Math.round(a.rssMb + slope * (ORDERS - a.n)) : Math.max(a.rssMb, b.rssMb);
    console.log(
      `PGlite at ${ORDERS} orders: RSS ≈ ${rss} MB (${slope > 0 ? 'linear' : 'flat: not growing with orders'}, from ${a.n} and ${b.n}), data dir ≈ ${dir} MB on disk`,
    );
  }
};

const probe = async (dir) => {
  const { PGlite } = await tsImport('@electric-sql/pglite', import.meta.url);
  const { pg_trgm } = await tsImport('@electric-sql/pglite/contrib/pg_trgm', import.meta.url);
  const db = await PGlite.create(dir, { extensions: { pg_trgm } });
  const to = taipeiToday();
  const cur = { from: addDays(to, -30), to };
  const prev = { from: addDays(cur.from, -31), to: addDays(cur.from, -1) };
  for (const s of [
    statsSql.summaryDailySql(statsSql.scopeAll(), cur, prev),
    statsSql.summaryHourlySql(statsSql.scopeAll(), cur),
    statsSql.topProductsSql(statsSql.scopeAll(), cur),
    // the raw aggregation a database without rollups would run
    sql`select count(*), sum(total) from orders where created_at >= now() - interval '31 days' and status in ('accepted', 'completed')`,
  ]) {
    const x = dialect.sqlToQuery(s);
    await db.query(x.sql, x.params);
  }
  const du = await new Promise((resolve) => {
    const p = spawn('du', ['-sm', dir], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.on('exit', () => resolve(Number(out.split('\t')[0])));
  });
  // peak resident memory of the process (kB on Linux), not just the current one
  console.log(JSON.stringify({ rssMb: Math.round(process.resourceUsage().maxRSS / 1024), dirMb: du }));
  await db.close();
};

if (process.argv.includes('--pglite-probe')) await probe(arg('pglite-probe'));
else await main();
