// A port for a server process a test spawns. A probed port (listen on 0, close) is free only at the probe: until
// the child listens, anything on the machine may take it (the other test files' simulators and connections bind
// ephemeral ports all the while; session 17's CI lost every browser file to that, docs/decisions/testing.md
// "a server's port is chosen when it starts"). `onFreePort` starts again on another port when that happened.
import { spawn } from 'node:child_process';
import net from 'node:net';

/** A port free at the moment of the probe. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/** Whether a start's failure says its port was taken (the child's `listen EADDRINUSE … :port`). */
export const lostPort = (err: unknown, port: number) =>
  new RegExp(`EADDRINUSE[^\\n]*:${port}\\b`).test(err instanceof Error ? err.message : String(err));

/**
 * `start(port)` on a port free the moment before; when it fails because the port was taken before the
 * server listened (its error holds the child's output), again on another, up to `tries` times.
 */
export const onFreePort = async <T>(start: (port: number) => Promise<T>, tries = 5): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await start(port);
    } catch (err) {
      if (attempt >= tries || !lostPort(err, port)) throw err;
      console.warn(`port ${port} was taken before the server listened; starting it on another`);
    }
  }
};

/**
 * `main.ts` (through tsx, from the repository root) as production runs it on a PostgreSQL database, on `port`:
 * no demo seed, warnings logged, no storefront rate limit (the tests drive it with load). Its output is in
 * `child.stdout` / `child.stderr`.
 */
export const spawnProductionServer = (o: {
  root: string;
  port: number;
  databaseUrl: string;
  dataDir: string;
  sessionSecret: string;
}) =>
  spawn(process.execPath, ['node_modules/.bin/tsx', 'packages/server/src/main.ts'], {
    cwd: o.root,
    env: {
      ...process.env,
      DATABASE_URL: o.databaseUrl,
      PORT: String(o.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${o.port}`,
      DATA_DIR: o.dataDir,
      SESSION_SECRET: o.sessionSecret,
      SEED_DEMO: 'never',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      STOREFRONT_RATE_LIMIT: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
