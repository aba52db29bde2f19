/// <reference types="node" />
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|ico|map)$/;

/** Every file under dir (recursively), skipping Vite's own .vite folder (the manifest is not served). */
const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return e.name === '.vite' ? [] : filesUnder(full);
      return [full];
    }),
  );
  return nested.flat();
};

/**
 * Writes .gz and .br beside every text asset once the bundle is written: the server serves them with
 * @fastify/static `preCompressed`, so no request pays for compression.
 */
export const precompress = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'shopdesk:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const data = await readFile(file).catch((err: NodeJS.ErrnoException) => {
            // Only a concurrent build emptying outDir removes a file we just listed: nothing to serve.
            if (err.code === 'ENOENT') return null;
            throw err;
          });
          if (!data) return;
          const [gz, br] = await Promise.all([
            gzipAsync(data, { level: 9 }),
            brotliAsync(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: (await stat(file)).size,
              },
            }),
          ]);
          await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]).catch(
            (err: NodeJS.ErrnoException) => {
              if (err.code !== 'ENOENT') throw err;
            },
          );
        }),
      );
    },
  };
};

/** In dev, /retail/* opens the same app (the server does this in production: history fallback). */
const retailDevFallback = (): Plugin => ({
  name: 'shopdesk:retail-dev-fallback',
  apply: 'serve',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && /^\/retail(\/|$)/.test(req.url) && req.headers.accept?.includes('text/html'))
        req.url = '/console/';
      next();
    });
  },
});

// Vendor groups: React with the router, antd's core, and the other libraries the entry loads (tag
// $initial) each land in one long-cached chunk, each under the 400 kB minified budget of
// bench/bundle-budget.mjs. Whatever only lazy pages use is split by the automatic chunking.
// Order matters: a group takes the modules it matches and everything they import that no group of a
// higher priority took, so antd's core goes first and the input and form groups hold only their own code.
const NODE_MODULES = /node_modules[\\/]/;
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  // antd's core: ConfigProvider (components/AntdProvider.tsx) with what it stands on (cssinjs, the theme,
  // rc-component utilities), Button and the icon base. Every screen but the login page loads it, after the
  // login page's first paint (docs/decisions/foundation.md "Login route first load"). The icons themselves
  // (`@ant-design/icons/es/icons/*`) go with the pages that use them.
  {
    name: 'antd',
    test: /node_modules[\\/](antd[\\/]es[\\/](config-provider|button|theme|locale)[\\/]|@ant-design[\\/](icons[\\/]es[\\/](components|utils)|cssinjs|cssinjs-utils|colors|fast-color)[\\/])/,
    priority: 28,
  },
  // Forms are on nearly every screen after the login page (which does without: LoginForm.tsx). Only the
  // matched modules, and before the inputs' group: antd's form context, which every input reads, imports
  // rc-field-form's barrel, so the inputs' group would otherwise take all of rc-field-form with it. The
  // context itself (and rc-field-form's FormProvider it wraps) stays with the inputs.
  {
    name: 'antd-form',
    test: /node_modules[\\/](antd[\\/]es[\\/](form[\\/](?!context\.js|hooks[\\/]useVariants\.js)|tooltip[\\/](?!UniqueProvider)|grid[\\/])|@rc-component[\\/](form[\\/]es[\\/](?!FormContext\.js)|tooltip[\\/]|async-validator[\\/]))/,
    priority: 27,
    includeDependenciesRecursively: false,
  },
  // Text inputs (Input, Password): the login form (lazy) and nearly every later screen; one shared, cached
  // chunk. TextArea, Search, OTP and Group (and the barrel that joins them) are left to the pages that use them.
  {
    name: 'antd-input',
    test: /node_modules[\\/](antd[\\/]es[\\/]input[\\/](?!index|TextArea|Search|OTP|Group)|@rc-component[\\/]input[\\/]es[\\/](?!TextArea|ResizableTextArea|calculateNodeHeight))/,
    priority: 26,
  },
  // ECharts' renderer (stats pages only, lazy): its own chunk so the charts chunk stays under the budget.
  { name: 'zrender', test: /node_modules[\\/]zrender[\\/]/, priority: 15 },
  // Leaflet (the delivery-zone map only, lazy): its own chunk, so the map's chunk with the drawing tools
  // (leaflet-geoman) stays under the 400 kB budget.
  { name: 'leaflet', test: /node_modules[\\/]leaflet[\\/]/, priority: 15 },
  // zod is left to automatic chunking: the contract imports it from modules the entry uses, but the
  // entry never calls it (manualPureFunctions below), so it belongs with the screens that validate.
  {
    name: 'vendor',
    test: (id: string) => NODE_MODULES.test(id) && !/node_modules[\\/]zod[\\/]/.test(id),
    tags: ['$initial' as const],
    priority: 10,
  },
];

// The contract's modules only declare schemas and operations. Marking them side-effect free lets the
// bundler drop the ones a chunk does not use: importing signinOp from the barrel must not pull every
// feature's schemas into the login route.
export const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/]/;
// rc-field-form declares no sideEffects, so its barrel (which only decorates its own Form object) would be
// kept for its own sake wherever antd's form context, read by every input, imports it: the login route would
// then load the whole form chunk before its inputs.
const SIDE_EFFECT_FREE = /node_modules[\\/]@rc-component[\\/]form[\\/]/;

export default defineConfig({
  base: '/console/',
  plugins: [react(), precompress(), retailDevFallback()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id: string) =>
          CONTRACT_SOURCE.test(id) || SIDE_EFFECT_FREE.test(id) ? false : undefined,
        // Building a zod schema has no side effect: an unused schema (the contract's ZUserType beside the
        // USER_TYPES a screen uses) is dropped, and zod with it when nothing else needs it. (A z.config()
        // call would be dropped too: configure zod inside a function that is called, if ever needed.)
        manualPureFunctions: ['z'],
      },
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
  server: {
    proxy: { '/console/apis': 'http://localhost:8080' },
  },
});
