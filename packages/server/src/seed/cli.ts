import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createSecretBox } from '../lib/secret-box';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo, truncateAll } from './seed';

/** npm run seed [-- --shops N] [--orders N]: empties the database and writes the demo data. */
const main = async () => {
  const args = process.argv.slice(2);
  const at = args.indexOf('--shops');
  const shops = at >= 0 ? Number(args[at + 1]) : 200;
  if (!Number.isInteger(shops) || shops < 1)
    throw new ConfigError('--shops takes a whole number of at least 1');
  const ordersAt = args.indexOf('--orders');
  const orders = ordersAt >= 0 ? Number(args[ordersAt + 1]) : undefined;
  if (orders !== undefined && (!Number.isInteger(orders) || orders < 0))
    throw new ConfigError('--orders takes a whole number (0 or more)');
  const config = loadConfig();
  // DB_STATEMENT_TIMEOUT_MS applies here too: emptying every table can take longer on a busy disk
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: config.dbTimeouts,
  });
  await database.migrate();
  await truncateAll(database.db);
  const started = Date.now();
  await seedDemo(database.db, {
    shops,
    orders,
    log: (l) => console.log(l),
    secretBox: createSecretBox(config.secretsKey),
  });
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s on ${database.driver}`);
  for (const l of DEMO_LOGINS) console.log(`  ${l.type.padEnd(4)} ${l.email} / ${DEMO_PASSWORD}`);
  await database.close();
};

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
