#!/usr/bin/env node
import { execFileSync, spawn } from 'node:child_process';
// Benchmark of storefront order intake (issue 6, POST /console/apis/storefront/v1/shops/:id/orders) on
// PostgreSQL, with every check on: opening hours, an order limit per slot, daily stock, pricing, serials.
//
// It (re)creates the database BENCH_DB (default shopdesk_bench_intake) on BENCH_PG_URL, seeds it with
// `npm run seed -- --shops 20` (demo orders included), opens the shops for eat-in cash orders all day,
// gives one or two products of each shop a daily stock of 10 000 000 and each shop an eat-in order limit of
// 10 000 000 per hour that the run cannot reach, then starts the real server (tsx packages/server/src/main.ts,
// STOREFRONT_RATE_LIMIT raised so the per-address limit does not refuse the load generator) and POSTs orders
// with a fresh Idempotency-Key each, round-robin over the shops. Then the same load again with three running
// promotions per shop (issue 14), printed beside the first run.
//
// Usage: BENCH_PG_URL=postgres://postgres@127.0.0.1:5432 node bench/order-intake.mjs [--duration 15] [--connections 20]
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const DURATION = arg('duration', 15);
const CONNECTIONS = arg('connections', 20);
const SHOPS = arg('shops', 20);
const PORT = arg('port', 18_911);
const SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DB = process.env.BENCH_DB ?? 'shopdesk_bench_intake';
const withDb = (name) => {
  const u = new URL(SERVER);
  u.pathname = `/${name}`;
  return u.toString();
};
const url = withDb(DB);
const BIG = 10_000_000;

const admin = new pg.Client({ connectionString: withDb('postgres') });
await admin.connect();
await admin.query(`drop database if exists ${DB} with (force)`);
await admin.query(`create database ${DB}`);
await admin.end();
console.log(`seeding ${SHOPS} shops into ${DB} …`);
execFileSync('npm', ['run', 'seed', '--', '--shops', String(SHOPS)], {
  cwd: root,
  env: { ...process.env, DATABASE_URL: url },
  stdio: ['ignore', 'inherit', 'inherit'],
});

// Open every shop for eat-in cash orders all day (no saved periods = open), with stock and a limit.
const db = new pg.Client({ connectionString: url });
await db.connect();
await db.query(`update businesses set is_enabled = true, is_eat_in = true, is_eat_in_cash = true`);
await db.query(`delete from shop_opening_hours`);
await db.query(`delete from shop_special_days`);
// the baseline runs without promotions (the demo data puts some on shops 7–9); the second run adds them
await db.query(`delete from promotions`);
await db.query(
  `insert into order_limits (account_id, meal_type, period_session, time_session, session_time, max_num_of_order)
   select id, 'eat_in', '[0,1,2,3,4,5,6]', '{"start":"00:00","end":"23:59"}', 60, $1 from accounts`,
  [BIG],
);
// products sold for eat-in that need no option choice, two per shop
const { rows: picks } = await db.query(
  `select account_id, id from (
     select p.account_id, p.id, row_number() over (partition by p.account_id order by p.id) as k
     from products p where not p.archived and p.meal_types ? 'eat_in'
       and not exists (select 1 from option_groups g where g.product_id = p.id and g.min_select > 0)) x
   where k <= 2`,
);
await db.query(
  `update products set daily_stock = $1, stock_left = $1, sold_out = false where id = any($2::int[])`,
  [BIG, picks.map((p) => p.id)],
);
const before = Number((await db.query('select count(*)::int as n from orders')).rows[0].n);

const server = spawn(process.execPath, ['node_modules/.bin/tsx', 'packages/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: url,
    PORT: String(PORT),
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'never',
    STOREFRONT_RATE_LIMIT: String(BIG),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve, reject) => {
  server.stdout.on('data', (d) => d.toString().includes('Shopdesk console') && resolve());
  server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
});
const base = `http://127.0.0.1:${PORT}/console/apis/storefront/v1/shops`;
const body = (productId) =>
  JSON.stringify({
    mealType: 'eat_in',
    customer: { name: '壓測客人', phone: '0912345678' },
    items: [{ productId, quantity: 1, optionIds: [] }],
    paymentMethod: 'cash',
    tableNumber: '5',
  });

// One probe order per product first: a shop that refuses is reported and left out of the run.
const targets = [];
for (const p of picks) {
  const res = await fetch(`${base}/${p.account_id}/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: body(p.id),
  });
  if (res.status === 201) targets.push(p);
  else console.log(`shop ${p.account_id} product ${p.id} refused: ${res.status} ${await res.text()}`);
}
if (!targets.length) throw new Error('no shop accepts orders');
console.log(`${targets.length} products in ${new Set(targets.map((t) => t.account_id)).size} shops`);

let n = 0;
/** One autocannon run of order POSTs; its figures and the refusal reasons. */
const load = async () => {
  const reasons = new Map();
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const t = targets[n++ % targets.length];
          return {
            ...req,
            path: `/console/apis/storefront/v1/shops/${t.account_id}/orders`,
            headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
            body: body(t.id),
          };
        },
        onResponse: (status, resBody) => {
          if (status >= 200 && status < 300) return;
          let code = '';
          try {
            code = JSON.parse(resBody).error?.code ?? '';
          } catch {}
          const key = `${status} ${code}`.trim();
          reasons.set(key, (reasons.get(key) ?? 0) + 1);
        },
      },
    ],
  });
  return { result, reasons };
};
const plain = await load();

// issue 14: the same load with three running promotions per shop (10 % off, NT$5 off from NT$50, the cheapest
// of every 3 items free), all applying to these orders: the engine, the locked read, the conditional usage
// UPDATE and the order_promotions rows on every order.
const taipei = (days) => new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
const setting = (general, restriction) => ({
  all: {
    checked: true,
    general: { totalUsage: null, carryMethod: 'floor', ...general },
    usageRestrctions: restriction,
    roleRestrictions: { userType: 'none' },
    usageLimits: { limitPerUser: null },
  },
});
const PROMOS = [
  ['九折', setting({ discountType: 'percentage', amount: 10 }, { restrictionType: 'none', value: 0 })],
  ['滿 50 折 5', setting({ discountType: 'fixed', amount: 5 }, { restrictionType: 'amount', value: 50 })],
  [
    '每 3 件送 1',
    setting({ discountType: 'discountPerItemsLow', amount: 1 }, { restrictionType: 'perItems', value: 3 }),
  ],
];
for (const [name, settings] of PROMOS)
  await db.query(
    `insert into promotions (account_id, form, display_name, description, enabled, settings, start_date, end_date)
     select id, 'config', $1, $1, true, $2, $3, $4 from accounts`,
    [name, JSON.stringify(settings), taipei(-1), taipei(2)],
  );
const promoted = await load();
server.kill('SIGTERM');

const created = Number((await db.query('select count(*)::int as n from orders')).rows[0].n) - before;
const negative = Number(
  (await db.query('select count(*)::int as n from products where stock_left < 0')).rows[0].n,
);
const discounted = Number(
  (await db.query('select count(distinct order_id)::int as n from order_promotions')).rows[0].n,
);
const usedUp = Number(
  (await db.query('select coalesce(sum(used_count), 0)::int as n from promotions')).rows[0].n,
);
const dupes = Number(
  (
    await db.query(
      'select count(*)::int as n from (select 1 from orders group by account_id, serial having count(*) > 1) d',
    )
  ).rows[0].n,
);
const show = (label, { result, reasons }) => {
  const ok = result['2xx'];
  console.log(`\norder intake ${label}, ${CONNECTIONS} connections, ${DURATION} s, PostgreSQL`);
  console.log(`  accepted      ${ok} orders, ${(ok / DURATION).toFixed(0)} orders/s`);
  console.log(`  latency       p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
  console.log(
    `  non-2xx       ${result.non2xx}${reasons.size ? ` (${[...reasons].map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''}`,
  );
  console.log(`  errors        ${result.errors} (timeouts ${result.timeouts})`);
};
show('without promotions', plain);
show('with three running promotions per shop', promoted);
const slower = plain.result['2xx'] / Math.max(1, promoted.result['2xx']);
console.log(
  `\n  promotions cost ${slower.toFixed(2)}x in orders/s, p50 ${promoted.result.latency.p50} vs ${plain.result.latency.p50} ms` +
    ` (${slower <= 1.2 ? 'within' : 'OVER'} 1.2x); ${discounted} orders discounted, ${usedUp} promotion uses counted`,
);
console.log(
  `  in database   ${created} new orders (probes included), duplicate serials ${dupes}, stock below 0 ${negative}`,
);
await db.end();
