// The browser tests' demo seed without a server (packages/web/test/e2e/global-setup.ts runs it with tsx, its
// DATA_DIR a fresh directory): migrates and seeds as the server's first start does (main.ts: an empty embedded
// database, NODE_ENV=test so the whole order history is written now), then closes the database, so the set-up can
// copy the directory to each worker's server and seed once however many servers run (docs/decisions/
// testing.md "Browser tests, two at a time: The choice"). Not a test file: the api projects include only *.test.ts.
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createSecretBox } from '../src/lib/secret-box';
import { isEmpty, seedDemo } from '../src/seed/seed';

const config = loadConfig();
if (config.databaseUrl) throw new Error('e2e-seed.ts seeds an embedded database: unset DATABASE_URL');
const database = await openDatabase({ dataDir: config.dataDir, timeouts: config.dbTimeouts });
await database.migrate();
if (!(await isEmpty(database.db))) throw new Error(`e2e-seed.ts: ${config.dataDir} already holds users`);
await seedDemo(database.db, {
  log: (l) => console.log(l),
  secretBox: createSecretBox(config.secretsKey),
  history: 'now',
});
await database.close();
