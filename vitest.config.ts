import os from 'node:os';
import { defineConfig } from 'vitest/config';
import RetryReporter from './scripts/retry-reporter.ts';
import TimingReporter from './scripts/timing-reporter.ts';

/**
 * How many browser files run at once, each worker on a server and database of its own (global-setup.ts):
 * SHOPDESK_E2E_WORKERS, else one more than the cores (3 on a 2-core machine: a browser file waits on its page
 * much of the time, so two left a core idle; docs/decisions/testing.md "Browser tests, three at a time on two
 * cores"). One with SHOPDESK_E2E_URL (a single server started by hand).
 */
const e2eWorkers = () => {
  if (process.env.SHOPDESK_E2E_URL) return 1;
  const n = Number(process.env.SHOPDESK_E2E_WORKERS ?? String(Math.max(2, os.availableParallelism() + 1)));
  if (!Number.isInteger(n) || n < 1)
    throw new Error(
      `SHOPDESK_E2E_WORKERS takes a whole number of at least 1, not ${process.env.SHOPDESK_E2E_WORKERS}`,
    );
  return n;
};

const apiProject = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['packages/server/test/**/*.test.ts'],
    env: { SHOPDESK_TEST_DB: db },
    // one migrated database per run that each file's database copies (packages/server/test/global-setup.ts)
    globalSetup: ['packages/server/test/global-setup.ts'],
    // Each file builds its own app on its own database, so files may share loaded modules: without
    // isolation the server's modules are transformed once per worker instead of once per file.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // vitest's default is one worker less than the cores: on a 2-core CI machine one worker, which leaves a core
    // idle while a file waits on PGlite (single-threaded) or PostgreSQL. Two at least; the browser project runs
    // after the others, in a group of its own with its own worker count (below).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // after vitest's own summary: how many tests passed only on their retry, and which (scripts/retry-reporter.ts);
    // each project's wall time and the slowest files (scripts/timing-reporter.ts)
    reporters: ['default', new RetryReporter(), new TimingReporter()],
    projects: [
      { test: { name: 'contract', include: ['packages/contract/test/**/*.test.ts'] } },
      // the repository's own tooling (the retry and timing reporters)
      { test: { name: 'tools', include: ['scripts/**/*.test.ts'] } },
      apiProject('api', 'pglite'),
      // The same API tests on a PostgreSQL server when TEST_DATABASE_URL is set (.ci/run sets it).
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
      {
        test: {
          name: 'e2e',
          include: ['packages/web/test/e2e/**/*.test.ts'],
          globalSetup: ['packages/web/test/e2e/global-setup.ts'],
          // server-ready.ts first: each file waits for the server the global set-up started (global-setup.ts)
          setupFiles: ['packages/web/test/e2e/server-ready.ts', 'packages/web/test/e2e/failure-shots.ts'],
          // a worker's files run one after another in one process (as the API projects' do): playwright-core and the
          // shared helpers load once per worker, not once per file; no browser file mocks a module or stubs a
          // global, and the only state the helpers keep is the worker's server (browser.ts)
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // e2eWorkers() files at once, each worker on its own server (VITEST_POOL_ID picks it, browser.ts), after
          // the other projects (group 0): the browser files never share the machine with API files
          maxWorkers: e2eWorkers(),
          sequence: { groupOrder: 1 },
          // One more try for a browser test that fails on a loaded machine (as Playwright's own runner does in
          // CI); the first failure still prints what each page showed (failure-shots.ts), so flakes stay visible.
          retry: 1,
        },
      },
    ],
  },
});
