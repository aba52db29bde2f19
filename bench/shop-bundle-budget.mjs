#!/usr/bin/env node
// Bundle budget of the customer ordering app (run after `npm run build`): the menu route's first
// load (the shop.html entry and its static imports: what a phone fetches before the menu can render) must
// stay within 120 kB of JavaScript gzip. Lazy pages (order, orders, info, manager) and @line/liff (loaded
// only inside LINE with a LIFF id) are listed but not counted. Prints a table, exits 1 when over.
//
// Usage: node bench/shop-bundle-budget.mjs [distDir]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const MENU_BUDGET_GZIP = 120 * 1000;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'packages/web/dist/shop'));
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`No build manifest at ${path.relative(root, manifestFile)}: run "npm run build" first.`);
  process.exit(2);
}
/** @type {Record<string, { file: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('shop.html'));
if (!entryKey) {
  console.error('Manifest lacks the shop.html entry.');
  process.exit(2);
}
const first = new Set();
const visit = (key) => {
  if (first.has(key)) return;
  first.add(key);
  for (const k of manifest[key].imports ?? []) visit(k);
};
visit(entryKey);
const firstFiles = new Set([...first].map((k) => manifest[k].file));

const kB = (n) => (n / 1000).toFixed(1).padStart(8);
const rows = Object.values(manifest)
  .filter((m) => m.file.endsWith('.js'))
  .map((m) => {
    const data = readFileSync(path.join(dist, m.file));
    return {
      file: m.file,
      min: data.length,
      gzip: gzipSync(data, { level: 9 }).length,
      first: firstFiles.has(m.file),
    };
  })
  .sort((a, b) => b.gzip - a.gzip);
console.log(`${'chunk'.padEnd(44)} ${'min kB'.padStart(8)} ${'gzip kB'.padStart(8)}  menu first load`);
for (const r of rows) console.log(`${r.file.padEnd(44)} ${kB(r.min)} ${kB(r.gzip)}  ${r.first ? '  ✓' : ''}`);
const total = rows.filter((r) => r.first).reduce((s, r) => s + r.gzip, 0);
console.log(`\nmenu route first load: ${kB(total).trim()} kB gzip (budget ${MENU_BUDGET_GZIP / 1000} kB)`);
if (total > MENU_BUDGET_GZIP) {
  console.error('BUDGET EXCEEDED');
  process.exit(1);
}
console.log('within budget');
