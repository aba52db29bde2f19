import net from 'node:net';
import { createLineSimulator } from './adapters/line/simulator';
import { listenSimulator } from './adapters/simulator-host';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { forgetMenusAtLine } from './features/chat/line/menu-switch';
import { createSecretBox } from './lib/secret-box';
import { listenMetrics } from './plugins/app/metrics';
import { runRichMenuState } from './schedule/rich-menu-state';
import { startJobs } from './schedule/runner';
import { DEMO_LOGINS, DEMO_PASSWORD, isEmpty, seedDemo, startOrderHistory } from './seed/seed';

/** From SIGTERM to closing the listener: kept-alive clients learn to go elsewhere (retryable 503). */
const DRAIN_DELAY_MS = 1_000;
/** How long requests already running may take to finish before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;
/** From closing the listener to closing the idle connections. */
const LINGER_MS = 500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const start = async () => {
  const config = loadConfig();
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      databaseReadUrl: config.databaseReadUrl,
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
      // older orders after listening (startOrderHistory below); the browser tests' server (NODE_ENV=test)
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
  // demo orders left by the seed
  const history = startOrderHistory(database.db, { log: (l) => console.log(l) });
  const metrics = config.metricsPort ? await listenMetrics(app, config.metricsPort, config.host) : undefined;
  if (metrics) console.log(`Metrics: http://${config.host}:${metrics.port}/metrics`);
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

  // Graceful shutdown (docs/decisions/operations.md "Shutdown without loss"): readiness turns 503 and new
  // requests get a retryable 503 + Connection: close at once; after DRAIN_DELAY_MS (kept-alive clients have
  // sent their next request and been told to go) app.close() ends the event streams (preClose), closes the
  // listener, waits for the requests inside a handler (at most SHUTDOWN_GRACE_MS, then their connections
  // are cut), stops the jobs and the outbox (claims released), then the database closes.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.warn(`${signal}: shutting down`);
    const hardExit = setTimeout(
      () => {
        console.error(`${signal}: shutdown did not finish in time, exiting`);
        process.exit(1);
      },
      DRAIN_DELAY_MS + LINGER_MS + SHUTDOWN_GRACE_MS + 10_000,
    );
    hardExit.unref();
    app.lifecycle.beginDrain();
    await sleep(DRAIN_DELAY_MS);
    // The listener stops (new connections are refused) but the connections it accepted last stay open:
    // http.Server.close() would cut them while idle, before their first request arrived (ECONNRESET at the
    // client). They send it within LINGER_MS and get the retryable 503; then app.close() closes the rest.
    net.Server.prototype.close.call(app.server);
    await sleep(LINGER_MS);
    const cut = setTimeout(() => {
      app.log.warn(
        `${signal}: requests still running after ${SHUTDOWN_GRACE_MS} ms, closing their connections`,
      );
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    try {
      await app.close();
    } finally {
      clearTimeout(cut);
    }
    metrics?.close();
    await history.stop(); // the background order history stops between two whole batches
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
