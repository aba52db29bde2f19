import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { CONTRACT_SOURCE, precompress } from './vite.config';

/**
 * The customer's ordering app: its own entry (shop.html → src/shop/main.tsx), built after the
 * console into dist/shop and served at /shop/{id}/… (assets under /console/shop/, with the console's
 * caching and pre-compressed files). No antd, router or i18n library: the menu route's first load stays
 * under the 120 kB gzip budget of bench/shop-bundle-budget.mjs.
 */
export default defineConfig({
  base: '/console/shop/',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist/shop',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      input: 'shop.html',
      treeshake: {
        moduleSideEffects: (id: string) => (CONTRACT_SOURCE.test(id) ? false : undefined),
        // Building a schema has no side effect: the contract's own schema builders (bounds.ts) and the
        // helpers that wrap them are pure too, so the menu route carries no zod at all (budget).
        manualPureFunctions: [
          'z',
          'zText',
          'zInt',
          'zDecimal',
          'zId',
          'zQueryInt',
          'zQueryDecimal',
          'zQueryId',
          'msg',
          'required',
          'num',
          'wholeNumber',
          'defineOperation',
        ],
      },
    },
  },
  server: {
    proxy: { '/console/apis': 'http://localhost:8080' },
  },
});
