#!/usr/bin/env node
// Browser files one at a time against two at a time (vitest.config.ts SHOPDESK_E2E_WORKERS; each worker on a
// server of its own, packages/web/test/e2e/global-setup.ts), on the same files, back to back in the same window:
// prints each run's wall time (the whole command: set-up, seed and servers included), the e2e project's own wall
// time (scripts/timing-reporter.ts), the load average before and after, and the ratio against one worker.
//
// Usage: node bench/e2e-workers.mjs [workers…] [-- file.test.ts …]   (default: 1 2, the ten files below)
// Build the web app first (node scripts/ensure-web-build.mjs). Exits 1 when a run fails.
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// console pages (sign-ins, lists, dialogs, settings) and customer-app flows (a phone, an order board)
const FILES = [
  'session',
  'stats',
  'acl-pages',
  'list-columns',
  'settings-tabs',
  'coupons',
  'printers',
  'shop-app-otp',
  'checkout-voucher',
  'shop-app-order-switches',
];

const args = process.argv.slice(2);
const dash = args.indexOf('--');
const modes = (dash >= 0 ? args.slice(0, dash) : args).map(Number);
const files = dash >= 0 ? args.slice(dash + 1) : FILES.map((f) => `packages/web/test/e2e/${f}.test.ts`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const rows = [];
for (const workers of modes.length ? modes : [1, 2]) {
  const before = load();
  const started = Date.now();
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'e2e', ...files], {
    cwd: root,
    env: { ...process.env, SHOPDESK_E2E_WORKERS: String(workers) },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const wall = (Date.now() - started) / 1000;
  const out = stripVTControlCharacters(`${run.stdout}${run.stderr}`);
  const project = /^\s*e2e\s+([\d.,]+)\s*s/m.exec(out)?.[1] ?? '?';
  const tests = /^\s*Tests\s+(.*)$/m.exec(out)?.[1]?.trim() ?? '?';
  const retried = /Passed only on retry: (\d+)/.exec(out)?.[1] ?? '0';
  // the timing reporter's file lines (all of them up to 15 files): the longest import is the wait for the
  // server (seed and start), the tests' sum is the browser work
  const phases = [...out.matchAll(/\(import ([\d.]+) s, tests ([\d.]+) s\)/g)].map((m) => [
    Number(m[1]),
    Number(m[2]),
  ]);
  const startWait = Math.max(0, ...phases.map(([i]) => i)).toFixed(1);
  const testsSum = phases.reduce((sum, [, t]) => sum + t, 0).toFixed(1);
  rows.push({
    workers,
    wall,
    project,
    tests,
    retried,
    startWait,
    testsSum,
    before,
    after: load(),
    ok: run.status === 0,
  });
  if (run.status !== 0) console.log(out.slice(-6000));
}
const base = rows[0]?.wall ?? 1;
console.log(`${files.length} files`);
console.log(
  "workers | wall (whole command) | ratio | e2e project wall | longest import (server start) | files' tests sum | tests | passed on retry | load before → after",
);
for (const r of rows)
  console.log(
    `${r.workers} | ${r.wall.toFixed(1)} s | ${(r.wall / base).toFixed(2)} | ${r.project} s | ${r.startWait} s | ${r.testsSum} s | ${r.tests} | ${r.retried} | ${r.before} → ${r.after}`,
  );
process.exit(rows.every((r) => r.ok) ? 0 : 1);
