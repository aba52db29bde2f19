import { createLineSimulator } from './adapters/line/simulator';
import { listenSimulator } from './adapters/simulator-host';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { forgetMenusAtLine } from './features/line/menu-switch';
import { runRichMenuState } from './jobs/rich-menu-state';
import { startJobs } from './jobs/runner';
import { createSecretBox } from './lib/secret-box';
import { DEMO_LOGINS, DEMO_PASSWORD, isEmpty, seedDemo, startOrderHistory } from './seed/seed';

const start = async () => {
  const config = loadConfig();
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      timeouts: config.dbTimeouts,
    });
  } catch (err) {
    throw new ConfigError(
      `Database error: cannot open ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir} (${(err as Error).message})`,
    );
  }
  try {
    await database.migrate();
  } catch (err) {
    throw new ConfigError(`Migration failed: ${(err as Error).message}`);
  }
  const embedded = !config.databaseUrl;
  const seeded =
    (config.seedDemo === 'always' || (config.seedDemo === 'auto' && embedded)) &&
    (await isEmpty(database.db));
  if (seeded)
    await seedDemo(database.db, {
      log: (l) => console.log(l),
      secretBox: createSecretBox(config.secretsKey),
      // issue 28: older orders after listening (startOrderHistory below); the browser tests' server (NODE_ENV=test)
      // keeps the whole history before it answers
      history: config.nodeEnv === 'test' ? 'now' : 'later',
    });

  // development (and the browser tests' server, NODE_ENV=test) without LINE_API_BASE_URL: the LINE API
  // simulator (src/adapters/line/simulator.ts). Production without it talks to LINE itself.
  let lineSim: Awaited<ReturnType<typeof listenSimulator>> | undefined;
  if (config.nodeEnv !== 'production' && !config.lineApiBaseUrl) {
    lineSim = await listenSimulator(createLineSimulator());
    config.lineApiBaseUrl = lineSim.url;
    config.lineDataApiBaseUrl = lineSim.url;
    console.log(`LINE API simulator: ${lineSim.url} (set LINE_API_BASE_URL to use LINE itself)`);
  }
  const app = await buildApp({
    config: { ...config, outboxPollMs: 1_000 },
    database,
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
  });
  // a fresh simulator holds no rich menu: the shops' menus (demo channels included) are made there again
  if (lineSim) {
    await forgetMenusAtLine(database.db);
    await runRichMenuState(app);
  }
  startJobs(app, database.db);
  await app.listen({ port: config.port, host: config.host });
  startOrderHistory(database.db, { log: (l) => console.log(l) }); // demo orders left by the seed (issue 28)
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const base = `http://${host}:${config.port}`;
  console.log(
    `\nShopdesk console: ${base}/console/   (database: ${embedded ? `embedded, ${config.dataDir}` : 'PostgreSQL'})`,
  );
  if (seeded || embedded) {
    console.log(`Demo logins (password ${DEMO_PASSWORD}):`);
    for (const l of DEMO_LOGINS)
      console.log(`  ${l.type.padEnd(4)} ${l.email.padEnd(16)} ${base}${l.portal}`);
    console.log(
      '  (gaa@demo.test is a demo account exempt from two-factor; invited administrators must enrol)',
    );
  }

  const stop = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await lineSim?.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
};

start().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
