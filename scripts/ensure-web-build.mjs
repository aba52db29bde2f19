// Builds the web app when packages/web/dist is missing or older than its sources (npm start, npm test).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const built = path.join(root, 'packages/web/dist/index.html');
// the customer ordering app, built by the same `npm run build` after the console
const builtShop = path.join(root, 'packages/web/dist/shop/shop.html');
const sources = [
  'packages/web/src',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/shop.html',
  'packages/web/vite.shop.config.ts',
  'packages/web/public',
  'packages/contract/src',
];

const newest = (p) => {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(s.mtimeMs, ...readdirSync(p).map((f) => newest(path.join(p, f))));
};

const builtAt = Math.min(...[built, builtShop].map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
const changedAt = Math.max(...sources.map((s) => newest(path.join(root, s))));
if (builtAt < changedAt) {
  console.log(
    builtAt ? 'web sources changed: rebuilding the console…' : 'building the console (first start)…',
  );
  execSync('npm run build --workspace @shopdesk/web', { cwd: root, stdio: 'inherit' });
}
