// Builds the server (scripts/build-server.mjs) when packages/server/dist is missing or older than what it is
// built from: npm start, npm run seed / backup / restore. Like ensure-web-build.mjs for the web bundle.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_DIST } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = ['main.js', 'seed.js', 'backup.js'].map((f) => path.join(SERVER_DIST, f));
const sources = [
  'packages/server/src',
  'packages/server/package.json',
  'packages/server/tsconfig.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'tsconfig.base.json',
  'scripts/build-server.mjs',
];

const newest = (p) => {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(s.mtimeMs, ...readdirSync(p).map((f) => newest(path.join(p, f))));
};

const builtAt = Math.min(...built.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
const changedAt = Math.max(...sources.map((s) => newest(path.join(root, s))));
if (builtAt < changedAt) {
  console.log(
    builtAt ? 'server sources changed: rebuilding the server…' : 'building the server (first start)…',
  );
  await buildServer();
}
