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
//                          [--multiply 10] [--no-export | --export-only] [--formats csv,xlsx] [--warmup 100]
//
// The database is BENCH_DB (default shopdesk_bench_reports) on BENCH_PG_ADMIN (default
// postgres://postgres@127.0.0.1:5432); it is created when missing and seeded with `npm run seed -- --shops N --orders N` unless it already holds
// exactly --orders orders (--reseed forces it). 5 M orders take ~10 minutes to seed; --orders 500000 is
// the quick run. --multiply K seeds --orders/K orders and copies them K−1 times in SQL (new ids and
// serials, same shops, days and items; the rollup triggers keep the statistics exact): the same month holds
// K times the orders, in minutes instead of the seed's hour on a loaded machine. --pglite seeds embedded databases of those sizes in temporary folders and measures the
// resident memory of a process running the statistics queries on each, then extrapolates to --orders.
//
// The 360 page (/report/360-stats, GET /:type/stats/shops/:id/360) is timed on the shop with the most
// orders, beside its seven statements run raw. The export (/sales/query's download, GET
// /:type/sales/orders/export) is streamed for the last 31 days in CSV and in XLSX through the real route: an
// export covers at most 7 days (spec 000 §5), so the month is five consecutive downloads (7+7+7+7+3 days).
// It prints rows/s (rows of the month / wall time, the client reading as fast as it can) and the server
// process's resident memory before and at its peak during the stream, with PASS/FAIL against 50,000 rows/s
// and a flat memory (peak − before ≤ EXPORT_RSS_MB); the CSV's lines and the XLSX's sheet rows must equal
// the SQL count. --no-export skips it, --export-only runs only it, --formats xlsx times one format.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const ORDERS = Number(arg('orders', 5_000_000));
const SHOPS = Number(arg('shops', 200));
const RUNS = Number(arg('runs', 40));
// Untimed calls of each endpoint (and its raw slot) before its timed runs: up to --warmup calls within
// WARMUP_MS. The server is a fresh process: its first calls of a route run cold code (V8 optimizes the hot
// paths after dozens to hundreds of calls), which a long-running server did long before. 3 calls before
// session 17: the 360 page then read 2.5–4.0x at 500k (load 8), 2.0x after 20 calls, 1.7x after 100
// (docs/decisions/reports.md "Reports speed at 500k, session 17: bench warm-up").
const WARMUP = Number(arg('warmup', 100));
const WARMUP_MS = 5_000;
const ADMIN = process.env.BENCH_PG_ADMIN ?? 'postgres://postgres@127.0.0.1:5432';
const DB_NAME = process.env.BENCH_DB ?? 'shopdesk_bench_reports';
if (!/^[a-z_][a-z0-9_]*$/.test(DB_NAME)) throw new Error(`BENCH_DB: not a plain database name: ${DB_NAME}`);
const DB_URL = `${ADMIN}/${DB_NAME}`;
const PORT = Number(process.env.BENCH_PORT ?? 18_911);
const EXPORT_ROWS_PER_S = 50_000;
/** "Flat" memory: the server may grow by at most this much while it streams a month. */
const EXPORT_RSS_MB = 64;
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
const salesWhere = await tsImport(
  path.join(root, 'packages/server/src/features/reports/sales/sales-where.ts'),
  import.meta.url,
);
const salesCopy = await tsImport(
  path.join(root, 'packages/server/src/features/reports/sales/sales-copy.ts'),
  import.meta.url,
);
const { drizzle } = await tsImport('drizzle-orm/node-postgres', import.meta.url);
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
/**
 * p50/p99 of `api` and of `raw` (when given), their runs interleaved (api, raw, api, raw…) so both see the
 * same load on a shared machine: timing one after the other lets the load's drift into the ratio.
 */
const timePair = async (api, raw) => {
  // warm-up: up to WARMUP calls of each, at least 3, within WARMUP_MS (the slow statistics stop early)
  const warmStart = performance.now();
  for (let k = 0; k < WARMUP && (k < 3 || performance.now() - warmStart < WARMUP_MS); k++) {
    await api();
    if (raw) await raw();
  }
  const a = [];
  const r = [];
  const time = async (fn, out) => {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  };
  for (let k = 0; k < RUNS; k++) {
    await time(api, a);
    if (raw) await time(raw, r);
  }
  const stats = (xs) => ({ p50: pct(xs, 50), p99: pct(xs, 99) });
  return { api: stats(a), raw: raw ? stats(r) : null };
};

const prepare = async () => {
  const admin = new pg.Client({ connectionString: `${ADMIN}/postgres` });
  await admin.connect();
  const found = await admin.query('select 1 from pg_database where datname = $1', [DB_NAME]);
  if (!found.rowCount) await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  const c = new pg.Client({ connectionString: DB_URL });
  await c.connect();
  const has = await c
    .query('select count(*)::bigint as n from orders')
    .then((r) => Number(r.rows[0].n))
    .catch(() => -1);
  await c.end();
  const k = Number(arg('multiply', 1));
  // the seed adds a dozen demo orders to the --orders it is asked for (and --multiply copies them too: a
  // database multiplied twice holds 1,200 more)
  const reseed = process.argv.includes('--reseed');
  const holds = (n) => has >= n && has < n + Math.max(2000, n / 1000) && !reseed;
  // seeding truncates every table: never on a database holding more than asked for, unless told so
  if (has > ORDERS && !holds(ORDERS) && !reseed)
    throw new Error(
      `${DB_NAME} holds ${has} orders, more than --orders ${ORDERS}: pass --reseed to seed it again`,
    );
  if (!holds(ORDERS)) {
    const base = Math.round(ORDERS / k);
    if (!holds(base)) {
      console.log(`seeding ${base} orders in ${SHOPS} shops (database had ${has})…`);
      const t0 = Date.now();
      await sh('npm', ['run', 'seed', '--', '--shops', String(SHOPS), '--orders', String(base)], {
        DATABASE_URL: DB_URL,
      });
      console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    }
    if (k > 1) await multiply(k);
  }
  const v = new pg.Client({ connectionString: DB_URL });
  await v.connect();
  await v.query('vacuum analyze');
  await v.end();
};

/** Copies the seeded orders and their items k−1 times (see --multiply). */
const multiply = async (k) => {
  const c = new pg.Client({ connectionString: DB_URL });
  await c.connect();
  try {
    const cols = async (table) =>
      (
        await c.query(
          `select column_name from information_schema.columns where table_name = $1 and table_schema = 'public'
           order by ordinal_position`,
          [table],
        )
      ).rows.map((r) => r.column_name);
    const orderCols = await cols('orders');
    const itemCols = (await cols('order_items')).filter((x) => x !== 'id');
    const { max, serial } = (
      await c.query('select max(id)::bigint as max, max(serial)::int as serial from orders')
    ).rows[0];
    const idStep = Number(max);
    const serialStep = 10 ** String(serial).length;
    for (let m = 1; m < k; m += 1) {
      const t0 = Date.now();
      const value = (col) =>
        col === 'id'
          ? `id + ${m * idStep}`
          : col === 'serial'
            ? `serial + ${m * serialStep}`
            : col === 'idempotency_key'
              ? `idempotency_key || '-x${m}-${idStep}'` // unique again when a multiplied database is multiplied
              : col;
      await c.query('begin');
      await c.query(
        `insert into orders (${orderCols.join(', ')}) select ${orderCols.map(value).join(', ')} from orders
         where id <= ${idStep} order by id`,
      );
      await c.query(
        `insert into order_items (${itemCols.join(', ')})
         select ${itemCols.map((x) => (x === 'order_id' ? `order_id + ${m * idStep}` : x)).join(', ')}
         from order_items where order_id <= ${idStep} order by id`,
      );
      await c.query('commit');
      console.log(`copy ${m}/${k - 1} of the orders in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    }
    await c.query(`select setval('orders_id_seq', (select max(id) from orders))`);
  } finally {
    await c.end();
  }
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
  if (process.argv.includes('--prepare-only')) return;
  // as the server's pool, and its report reads' settings (features/reports/report-read.ts: no JIT)
  const pool = new pg.Pool({ connectionString: DB_URL, max: 10, options: '-c jit=off' });
  const si = (await pool.query(`select id from si_accounts where name = 'quickclick'`)).rows[0]?.id;
  const shopsOfSi = Number(
    (await pool.query('select count(*) as n from accounts where si_account_id = $1', [si])).rows[0].n,
  );
  const to = taipeiToday();
  const cur = { from: addDays(to, -30), to };
  const prev = { from: addDays(cur.from, -31), to: addDays(cur.from, -1) };
  const rollupRows = (await pool.query('select count(*) as n from order_stats_daily')).rows[0].n;
  // the 360 page's shop: the one with the most orders in the range (the heaviest customers scan)
  const busiest = Number(
    (
      await pool.query(
        `select account_id, sum(orders) as n from order_stats_daily where day between $1::date and $2::date
         group by account_id order by n desc limit 1`,
        [cur.from, cur.to],
      )
    ).rows[0].account_id,
  );
  const exportOnly = process.argv.includes('--export-only');
  const withExport = !process.argv.includes('--no-export');

  // `node --import tsx`, not the tsx CLI: one process, whose /proc status is the server's memory
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: DB_URL,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      // BENCH_LOG_LEVEL=error shows the server's errors (an export cut after it started is only logged)
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1',
      SEED_DEMO: 'never',
      SESSION_SECRET: SECRET,
    },
    stdio: ['ignore', process.env.BENCH_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'],
  });
  const results = [];
  const exports = [];
  try {
    const base = `http://127.0.0.1:${PORT}/console/apis`;
    await waitFor(`${base}/health`);
    const gaa = await signIn(base, 'gaa@demo.test', 'gaa');
    const siUser = await signIn(base, 'si@demo.test', 'si');
    const q = `from=${cur.from}&to=${cur.to}`;
    // The endpoint's client: node:http on one kept-alive connection, the body read whole and decompressed as a
    // browser would (the server compresses what the client accepts). Until session 20 it was `fetch`, whose own
    // cost (~0.7 ms a call, undici's streams) the raw slot's `pg` client never paid: it went into the ratio as the
    // server's (reports.md "Reports bench: a client as lean as the raw slot's").
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const endpoint = (url, headers) => () =>
      new Promise((resolve, reject) => {
        const req = http.get(
          `${base}${url}`,
          { agent, headers: { 'accept-encoding': 'br, gzip', ...headers } },
          (res) => {
            const chunks = [];
            res.on('data', (c) => chunks.push(c));
            res.on('error', reject);
            res.on('end', () => {
              const body = Buffer.concat(chunks);
              const enc = res.headers['content-encoding'];
              const plain =
                enc === 'br'
                  ? zlib.brotliDecompressSync(body)
                  : enc === 'gzip'
                    ? zlib.gunzipSync(body)
                    : body;
              if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode} ${plain}`));
              else resolve(plain);
            });
          },
        );
        req.on('error', reject);
      });
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
    /** The sales page's two statements (the totals and the page), as the server runs them: in parallel. */
    const rawSales = (user) => {
      const f = { ...cur, includeVoided: false, offset: 0, limit: 15, lang: 'zh-TW' };
      const { totals, rows } = salesRepo.salesQuerySql(user, f);
      const qs = [totals, rows].map((s) => dialect.sqlToQuery(s));
      return () => Promise.all(qs.map((x) => pool.query(x.sql, x.params)));
    };
    /** The 360 page's seven statements (summary ×3, heat map, statuses, customers, shop name), in parallel. */
    const raw360 = (accountId) => {
      const scope = statsSql.scopeShop(accountId);
      const qs = [
        statsSql.summaryDailySql(scope, cur, prev),
        statsSql.summaryHourlySql(scope, cur),
        statsSql.topProductsSql(scope, cur),
        statsSql.heatmapSql(scope, cur),
        statsSql.statusesSql(scope, cur),
        statsSql.customersSql(accountId, cur),
        statsSql.shopNameSql(accountId),
      ].map((s) => dialect.sqlToQuery(s));
      return () => Promise.all(qs.map((x) => pool.query(x.sql, x.params)));
    };
    const scenarios = [
      // the per-request fixed cost (Fastify hooks, the session lookup, JSON): an endpoint with no report query
      ['fixed cost: GET /me (gaa)', endpoint('/me', gaa), null],
      [
        `360 page, busiest shop #${busiest} (gaa)`,
        endpoint(`/gaa/stats/shops/${busiest}/360?${q}`, gaa),
        raw360(busiest),
      ],
      // the same page answered uncompressed: the difference is the compression (the server's brotli, ~0.4 ms,
      // and the bench client's streamed decompression), which GET /me (under 1 kB) never pays
      [
        '360 page, same, accept-encoding: identity',
        endpoint(`/gaa/stats/shops/${busiest}/360?${q}`, { ...gaa, 'accept-encoding': 'identity' }),
        raw360(busiest),
      ],
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
    if (exportOnly) scenarios.length = 0;
    for (const [name, api, raw] of scenarios) {
      try {
        results.push({ name, ...(await timePair(api, raw)) });
        const r = results.at(-1);
        // as it comes, so a long run shows its figures before the end
        console.log(
          `… ${name}: api p50 ${r.api.p50.toFixed(1)} ms, raw p50 ${r.raw?.p50.toFixed(1) ?? '-'} ms`,
        );
      } catch (err) {
        results.push({ name, error: String(err.message).slice(0, 120) });
      }
    }
    if (withExport) {
      for (const format of arg('formats', 'csv,xlsx').split(',')) {
        const load = os.loadavg()[0];
        exports.push({
          ...(await exportMonth(base, gaa, format, child.pid, pool)),
          load: [load, os.loadavg()[0]],
        });
        const e = exports.at(-1);
        console.log(`… export ${format}: ${e.rows} rows in ${(e.ms / 1000).toFixed(1)} s`);
      }
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
    `order_stats_daily rows: ${rollupRows}; ${RUNS} sequential runs each after ${WARMUP} untimed, PostgreSQL, ${os.cpus().length} cores; load ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  // ratio: api p50 / raw p50; "less fixed": (api p50 − the fixed cost's p50) / raw p50, the part that is the
  // report's own (the fixed cost is the same for every route)
  const fixed = results.find((r) => r.name.startsWith('fixed cost'))?.api?.p50 ?? 0;
  // issue 28's target: every report page within 1.1x of its raw SQL's p50
  const RATIO_TARGET = 1.1;
  console.log(
    `${'query'.padEnd(44)} api p50   p99 | raw p50   p99 | ratio | less fixed | target ≤ ${RATIO_TARGET}x`,
  );
  for (const r of results) {
    if (r.error) console.log(`${r.name.padEnd(44)} error: ${r.error}`);
    else
      console.log(
        `${r.name.padEnd(44)}${f(r.api.p50)}${f(r.api.p99)} |${r.raw ? `${f(r.raw.p50)}${f(r.raw.p99)} | ${(r.api.p50 / r.raw.p50).toFixed(2)}x | ${((r.api.p50 - fixed) / r.raw.p50).toFixed(2)}x      | ${r.api.p50 / r.raw.p50 <= RATIO_TARGET ? 'met' : 'NOT MET'}` : '      (no raw SQL slot)'}`,
      );
  }
  for (const e of exports) {
    const rate = e.rows / (e.ms / 1000);
    const grew = (e.peakKb - e.beforeKb) / 1024;
    const ok = rate >= EXPORT_ROWS_PER_S && grew <= EXPORT_RSS_MB;
    console.log(
      `export ${e.format.padEnd(4)} ${e.days} days (${e.windows} downloads): ${e.rows} rows, ${(e.bytes / 1e6).toFixed(0)} MB in ${(e.ms / 1000).toFixed(1)} s = ${Math.round(rate)} rows/s (first byte ${e.firstByteMs.toFixed(0)} ms); server RSS ${Math.round(e.beforeKb / 1024)} MB before, peak ${Math.round(e.peakKb / 1024)} MB (+${grew.toFixed(0)}; per download ${e.peaks.map((k) => `+${Math.round((k - e.beforeKb) / 1024)}`).join(' ')}) | ${ok ? 'PASS' : 'FAIL'} (≥ ${EXPORT_ROWS_PER_S} rows/s, ≤ +${EXPORT_RSS_MB} MB); load ${e.load.map((l) => l.toFixed(1)).join('→')}`,
    );
  }
  if (exports.length) {
    const r = exports.find((e) => e.format === 'csv');
    if (r?.rawMs)
      console.log(
        `raw keyset read of the same month through pg (the export's SQL, same batches): ${Math.round(r.rows / (r.rawMs / 1000))} rows/s`,
      );
    if (r?.copyMs)
      console.log(
        `raw COPY of the same month through pg (the CSV export's slices, sales-copy.ts, no file): ${Math.round(r.rows / (r.copyMs / 1000))} rows/s`,
      );
  }
  const pgliteSizes = arg('pglite', '');
  if (pgliteSizes) await pgliteMemory(pgliteSizes.split(',').map(Number));
};

const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

/** 7-day windows (the export's limit, spec 000 §5) covering the last 31 days. */
const monthWindows = () => {
  const to = taipeiToday();
  const out = [];
  for (let from = addDays(to, -30); from <= to; ) {
    const end = [addDays(from, 6), to].sort()[0]; // the earlier day
    out.push({ from, to: end });
    from = addDays(end, 1);
  }
  return out;
};

/**
 * Streams the month's export in `format` through the real route as gaa (all shops), reading each body as
 * fast as it comes, and samples the server's RSS every 20 ms. CSV lines are counted and must equal the SQL
 * count of the query's rows.
 */
const exportMonth = async (base, headers, format, pid, pool) => {
  const windows = monthWindows();
  const url = (w) => `${base}/gaa/sales/orders/export?from=${w.from}&to=${w.to}&format=${format}`;
  const download = async (w) => {
    const t0 = performance.now();
    const res = await fetch(url(w), { headers });
    if (!res.ok) throw new Error(`export ${format} ${w.from}..${w.to}: ${res.status} ${await res.text()}`);
    let firstByteMs = 0;
    let bytes = 0;
    let lines = 0;
    const kept = [];
    for await (const chunk of res.body) {
      if (!bytes) firstByteMs = performance.now() - t0;
      bytes += chunk.length;
      if (format === 'csv') for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines += 1;
      else kept.push(chunk);
    }
    // the workbook's rows are counted after the clock (sheetRows), as the CSV's lines are counted while read
    return { bytes, lines, firstByteMs, file: format === 'xlsx' ? Buffer.concat(kept) : null };
  };
  // warm-up: one day, so lazily loaded code (exceljs) is in before the "before" reading
  await download({ from: windows.at(-1).to, to: windows.at(-1).to });
  await new Promise((r) => setTimeout(r, 500));
  const beforeKb = rssKb(pid);
  let peakKb = beforeKb;
  let windowPeak = beforeKb;
  const timer = setInterval(() => {
    const kb = rssKb(pid);
    peakKb = Math.max(peakKb, kb);
    windowPeak = Math.max(windowPeak, kb);
  }, 20);
  const peaks = [];
  const files = [];
  let bytes = 0;
  let lines = 0;
  let firstByteMs = 0;
  const t0 = performance.now();
  try {
    for (const w of windows) {
      windowPeak = 0;
      const d = await download(w);
      peaks.push(windowPeak);
      bytes += d.bytes;
      lines += d.lines;
      if (d.file) files.push(d.file);
      firstByteMs = Math.max(firstByteMs, d.firstByteMs);
    }
  } finally {
    clearInterval(timer);
  }
  const ms = performance.now() - t0;
  // the rows the month's downloads must hold: the export's own WHERE, counted by SQL
  const gaaUser = { id: 0, type: 'gaa' };
  let rows = 0;
  let rawMs = 0;
  let copyMs = 0;
  for (const w of windows) {
    const f = { ...w, includeVoided: false };
    const where = salesWhere.whereAll(salesWhere.salesConditions(gaaUser, f));
    const c = dialect.sqlToQuery(sql`select count(*)::int as n ${salesWhere.SALES_FROM} ${where}`);
    rows += (await pool.query(c.sql, c.params)).rows[0].n;
    if (format === 'csv') {
      // reference: the export's own slices read raw through pg, no file written
      const t = performance.now();
      const { select, conds, itemsSql, atMs } = salesRepo.salesExportSql(gaaUser, { ...f, lang: 'zh-TW' });
      // as the server reads them: rows as arrays (rowMode 'array'), the items of a batch in one statement
      const query = (q) => {
        const x = dialect.sqlToQuery(q);
        return pool.query({ text: x.sql, values: x.params, rowMode: 'array' }).then((r) => r.rows);
      };
      const run = async (q) => {
        const rows = await query(q);
        const missing = rows.length ? itemsSql(rows) : null;
        if (rows.length) salesRepo.fillItems(rows, missing ? await query(missing) : []);
        return rows;
      };
      for await (const _ of salesWhere.sliceBatches(run, select, conds, w, atMs)) {
        // only read
      }
      rawMs += performance.now() - t;
      // reference: the COPY slices the server writes the CSV from (sales-copy.ts), read through pg, no file
      const tc = performance.now();
      const slices = await salesCopy.salesCopySlices(
        drizzle({ client: pool }),
        gaaUser,
        { ...f, lang: 'zh-TW' },
        'csv',
      );
      for await (const _ of slices ?? []) {
        // only read
      }
      copyMs += performance.now() - tc;
    }
  }
  if (format === 'csv' && lines - windows.length !== rows)
    throw new Error(`export csv: ${lines - windows.length} data lines, SQL counts ${rows}`);
  if (format === 'xlsx') {
    const sheet = files.reduce((n, file) => n + sheetRows(file) - 1, 0);
    if (sheet !== rows) throw new Error(`export xlsx: ${sheet} data rows, SQL counts ${rows}`);
  }
  return {
    format,
    days: 31,
    windows: windows.length,
    rows,
    bytes,
    ms,
    firstByteMs,
    beforeKb,
    peakKb,
    peaks,
    rawMs,
    copyMs,
  };
};

/** The rows (`</row>`) of a workbook's first sheet: its zip entry found through the central directory. */
const sheetRows = (file) => {
  const eocd = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = file.readUInt32LE(eocd + 16);
  for (let k = file.readUInt16LE(eocd + 10); k > 0; k -= 1) {
    const nameLen = file.readUInt16LE(at + 28);
    const name = file.toString('utf8', at + 46, at + 46 + nameLen);
    if (name === 'xl/worksheets/sheet1.xml') {
      const local = file.readUInt32LE(at + 42);
      const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
      const data = file.subarray(start, start + file.readUInt32LE(at + 20));
      const xml = file.readUInt16LE(at + 10) === 8 ? zlib.inflateRawSync(data) : data;
      let n = 0;
      for (let i = xml.indexOf('</row>'); i >= 0; i = xml.indexOf('</row>', i + 6)) n += 1;
      return n;
    }
    at += 46 + nameLen + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  throw new Error('export xlsx: no sheet1.xml in the file');
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
