// Builds the server for `npm start` (docs/decisions "A built server"): esbuild bundles packages/server/src with
// packages/contract/src (the contract is TypeScript, exported from its src) into packages/server/dist as ES
// modules run by plain `node`. npm packages stay outside the bundle and load from node_modules as they do under
// tsx (PGlite's wasm, sharp's native binary and pg read files next to their own code). Files the server reads at
// run time (drizzle/, assets/, ../web/dist) are found from SERVER_ROOT (src/paths.ts), one folder above dist/.
//
// Entries: dist/main.js (the server), dist/seed.js (npm run seed), dist/backup.js (npm run backup / restore).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'packages/server');
export const SERVER_DIST = path.join(server, 'dist');

/** `name` or `@scope/name` of a bare import such as `dayjs/plugin/utc`. */
const packageOf = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');
const hasExports = new Map();
/**
 * True when plain node can import `spec` from node_modules as written. A subpath of a package without an
 * `exports` map (`dayjs/plugin/utc`) is not: node's ES module loader adds no `.js`, tsx does. Those are bundled.
 */
const nodeResolves = (spec) => {
  const name = packageOf(spec);
  if (spec === name) return true;
  if (!hasExports.has(name)) {
    const pkg = path.join(root, 'node_modules', name, 'package.json');
    hasExports.set(name, existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).exports !== undefined);
  }
  return hasExports.get(name);
};

const externals = {
  name: 'node-modules-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { external: true };
      // the workspace's contract is TypeScript source: bundled
      if (args.path.startsWith('@shopdesk/')) return undefined;
      return nodeResolves(args.path) ? { external: true } : undefined;
    });
  },
};

export const buildServer = async () => {
  const started = Date.now();
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'packages/server/src/main.ts',
      seed: 'packages/server/src/seed/cli.ts',
      backup: 'packages/server/src/backup/cli.ts',
    },
    outdir: SERVER_DIST,
    // no chunks: each entry is one file whatever it imports later (a lazy import() is inlined), so a rebuild
    // under a running server never removes a file it has yet to load
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    tsconfig: 'packages/server/tsconfig.json',
    plugins: [externals],
    // CommonJS code inside the bundle (the dayjs plugins) may call require()
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  console.log(`server built in ${Date.now() - started} ms: ${path.relative(root, SERVER_DIST)}/`);
};

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
