#!/usr/bin/env node
// Lighthouse of the customer ordering app on a phone (mobile performance ≥ 90 and accessibility ≥ 95 on
// the demo shop, measured with Debian's Chromium). Runs Lighthouse 12 (npx) in its default mobile emulation
// (Moto G power, slow 4G, 4x CPU slow-down) against the shop's landing page and its menu, RUNS times each, and
// prints the medians beside a baseline: a static HTML page of similar text served by this script on the same
// machine, so the figures read as ratios to what this machine and throttling give an almost empty page.
// Exits 1 when a median is under budget.
//
// Usage: node bench/shop-lighthouse.mjs [baseUrl] [shopId]
//   without baseUrl it starts the product (embedded database, demo data) on a free port and stops it after.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.RUNS ?? 3);
const BUDGET = { performance: 90, accessibility: 95 };
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const shopId = process.argv[3] ?? '2';

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const waitFor = async (url, ms = 240_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
};

let server;
let dataDir;
let base = process.argv[2];
if (!base) {
  await run(process.execPath, ['scripts/ensure-web-build.mjs'], { cwd: root });
  const port = await freePort();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shopdesk-lh-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: 'ignore',
  });
  base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/console/apis/health`);
}

// the baseline: static text of the size of a menu page, no script
const baseline = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  const items = Array.from({ length: 30 }, (_, i) => `<li>商品 ${i + 1} <b>NT$${50 + i}</b></li>`).join('');
  res.end(
    `<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>基準頁</title><meta name="description" content="baseline"></head><body><main><h1>菜單</h1><ul>${items}</ul></main></body></html>`,
  );
});
await new Promise((r) => baseline.listen(0, '127.0.0.1', r));
const baseUrl = `http://127.0.0.1:${baseline.address().port}/`;

const lighthouse = async (url) => {
  const out = path.join(os.tmpdir(), `lh-${process.pid}-${Date.now()}.json`);
  await run(
    'npx',
    [
      '--yes',
      'lighthouse@12',
      url,
      '--quiet',
      '--only-categories=performance,accessibility',
      '--output=json',
      `--output-path=${out}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH: CHROME }, maxBuffer: 64 * 1024 * 1024 },
  );
  const r = JSON.parse(await readFile(out, 'utf8'));
  await rm(out, { force: true });
  return {
    performance: Math.round(r.categories.performance.score * 100),
    accessibility: Math.round(r.categories.accessibility.score * 100),
    lcp: r.audits['largest-contentful-paint'].numericValue,
    tbt: r.audits['total-blocking-time'].numericValue,
    cls: r.audits['cumulative-layout-shift'].numericValue,
  };
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const measure = async (url) => {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await lighthouse(url));
  return Object.fromEntries(Object.keys(runs[0]).map((k) => [k, median(runs.map((x) => x[k]))]));
};

let failed = false;
try {
  const pages = [
    ['baseline (static html)', baseUrl],
    ['landing /shop/{id}', `${base}/shop/${shopId}`],
    ['menu /shop/{id}/menu', `${base}/shop/${shopId}/menu`],
  ];
  const results = [];
  for (const [name, url] of pages) results.push([name, await measure(url)]);
  const b = results[0][1];
  console.log(`Lighthouse ${RUNS} runs each, medians, mobile emulation, ${CHROME}`);
  console.log(
    `${'page'.padEnd(26)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'LCP ms'.padStart(8)} ${'LCP/base'.padStart(9)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(6)}`,
  );
  for (const [name, r] of results) {
    console.log(
      `${name.padEnd(26)} ${String(r.performance).padStart(5)} ${String(r.accessibility).padStart(5)} ${r.lcp.toFixed(0).padStart(8)} ${(r.lcp / b.lcp).toFixed(2).padStart(8)}x ${r.tbt.toFixed(0).padStart(7)} ${r.cls.toFixed(3).padStart(6)}`,
    );
    if (name.startsWith('baseline')) continue;
    for (const [k, min] of Object.entries(BUDGET))
      if (r[k] < min) {
        console.error(`${name}: ${k} ${r[k]} is under the budget of ${min}`);
        failed = true;
      }
  }
  console.log(
    failed
      ? 'BUDGET MISSED'
      : `within budget (performance ≥ ${BUDGET.performance}, accessibility ≥ ${BUDGET.accessibility})`,
  );
} finally {
  baseline.close();
  server?.kill();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
