#!/usr/bin/env node
// Bundle budget of the customer ordering app (run after `npm run build`): the menu route's first
// load (the shop.html entry and its static imports, plus the layout the entry loads with its static imports:
// what a phone fetches before the menu can render) must stay within 100 kB of JavaScript gzip, for each
// layout: Web2.0 (src/shop/App.tsx) and the classic one page of web version 1 (src/shop/classic/ClassicApp.tsx).
// Lazy pages (checkout of Web2.0, order, orders, info, manager) and @line/liff (loaded only inside LINE with a
// LIFF id) are listed but not counted. No first-load chunk may hold zod (a plain constant imported from a
// contract module that builds schemas brings all of zod with it). Prints a table, exits 1 when over.
//
// Usage: node bench/shop-bundle-budget.mjs [distDir]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const MENU_BUDGET_GZIP = 100 * 1000;
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
const closure = (keys) => {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const k of manifest[key].imports ?? []) visit(k);
  };
  for (const k of keys) visit(k);
  return new Set([...seen].map((k) => manifest[k].file));
};
const LAYOUTS = { web2: 'src/shop/App.tsx', classic: 'src/shop/classic/ClassicApp.tsx' };
for (const key of Object.values(LAYOUTS))
  if (!manifest[key]) {
    console.error(`Manifest lacks the layout ${key}.`);
    process.exit(2);
  }
const routes = Object.fromEntries(
  Object.entries(LAYOUTS).map(([name, key]) => [name, closure([entryKey, key])]),
);
const firstFiles = new Set(Object.values(routes).flatMap((files) => [...files]));
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
let over = false;
for (const [name, files] of Object.entries(routes)) {
  const total = rows.filter((r) => files.has(r.file)).reduce((sum, r) => sum + r.gzip, 0);
  console.log(
    `\nmenu route first load (${name}): ${kB(total).trim()} kB gzip (budget ${MENU_BUDGET_GZIP / 1000} kB)`,
  );
  if (total > MENU_BUDGET_GZIP) over = true;
  const withZod = [...files].filter((f) => readFileSync(path.join(dist, f), 'utf8').includes('$ZodType'));
  if (withZod.length) {
    console.log(`  zod in the first load: ${withZod.join(', ')}`);
    over = true;
  }
}
if (over) {
  console.error('BUDGET EXCEEDED');
  process.exit(1);
}
console.log('within budget');
