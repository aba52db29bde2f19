#!/usr/bin/env node
// Bundle budget of the web app (run after `vite build`): the login route's first-load JavaScript must
// stay within 141 kB gzip and no chunk may exceed 400 kB minified. Prints a table, exits 1 when over.
//
// Usage: node bench/bundle-budget.mjs [distDir]
//
// First load of the login route = the entry chunk, its static imports (recursively), and the login
// page's lazy chunk with its static imports: what the browser must fetch before the form can render.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const LOGIN_BUDGET_GZIP = 141 * 1000;
const CHUNK_BUDGET_MIN = 400 * 1000;
const LOGIN_PAGE_SOURCE = 'src/features/platform/session/LoginPage.tsx';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Optional argument: another build directory (default packages/web/dist).
const dist = path.resolve(process.argv[2] ?? path.join(root, 'packages/web/dist'));
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`No build manifest at ${path.relative(root, manifestFile)}: run "npm run build" first.`);
  process.exit(2);
}
/** @type {Record<string, { file: string, isEntry?: boolean, imports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const loginKey = Object.keys(manifest).find((key) => key.endsWith(LOGIN_PAGE_SOURCE));
if (!entryKey || !loginKey) {
  console.error(`Manifest lacks the ${entryKey ? 'login page' : 'entry'} chunk (${LOGIN_PAGE_SOURCE}).`);
  process.exit(2);
}

/** The chunk files reached from the given manifest keys through static imports. */
const staticClosure = (keys) => {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return new Set([...seen].map((key) => manifest[key].file));
};
const loginFiles = staticClosure([entryKey, loginKey]);

const kB = (bytes) => (bytes / 1000).toFixed(1).padStart(8);
const assets = path.join(dist, 'assets');
const chunks = readdirSync(assets)
  .filter((name) => name.endsWith('.js'))
  .map((name) => {
    const data = readFileSync(path.join(assets, name));
    return { file: `assets/${name}`, min: data.length, gzip: gzipSync(data, { level: 9 }).length };
  })
  .sort((a, b) => b.min - a.min);

console.log(`${'chunk'.padEnd(44)} ${'min kB'.padStart(8)} ${'gzip kB'.padStart(8)}  login  over`);
for (const c of chunks) {
  const login = loginFiles.has(c.file) ? '  ✓  ' : '     ';
  const over = c.min > CHUNK_BUDGET_MIN ? ' ✗' : '';
  console.log(`${c.file.padEnd(44)} ${kB(c.min)} ${kB(c.gzip)}  ${login}${over}`);
}

const login = chunks.filter((c) => loginFiles.has(c.file));
const loginGzip = login.reduce((sum, c) => sum + c.gzip, 0);
const loginMin = login.reduce((sum, c) => sum + c.min, 0);
const largest = chunks[0];
const tooBig = chunks.filter((c) => c.min > CHUNK_BUDGET_MIN);

console.log('');
console.log(
  `login route first load: ${login.length} chunks, ${kB(loginMin).trim()} kB minified, ${kB(loginGzip).trim()} kB gzip (budget ${LOGIN_BUDGET_GZIP / 1000} kB)`,
);
console.log(
  `largest chunk: ${largest.file} ${kB(largest.min).trim()} kB minified (budget ${CHUNK_BUDGET_MIN / 1000} kB)`,
);
console.log(`all chunks: ${chunks.length}, ${kB(chunks.reduce((s, c) => s + c.min, 0)).trim()} kB minified`);

const failures = [];
if (loginGzip > LOGIN_BUDGET_GZIP) failures.push(`login route is ${kB(loginGzip).trim()} kB gzip`);
for (const c of tooBig) failures.push(`${c.file} is ${kB(c.min).trim()} kB minified`);
if (failures.length > 0) {
  console.error(`\nBUDGET EXCEEDED: ${failures.join('; ')}`);
  process.exit(1);
}
console.log('\nwithin budget');
