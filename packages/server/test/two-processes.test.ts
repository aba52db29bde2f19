// "A CI test runs two server processes on one PostgreSQL". Two `main.ts` processes (each its own
// DATA_DIR, the same SESSION_SECRET and SECRETS_KEY, as a deployment behind a load balancer would have) on
// the test's database: an image uploaded through one is served by the other; a session made on one is good
// on the other; an order taken by one reaches a board streaming from the other. The in-process variant
// (two-instances.test.ts) covers the outbox and the scheduled jobs. PostgreSQL only.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onFreePort } from './free-port';
import { build, TEST_PASSWORD } from './helpers';
import { TINY_PNG } from './menus-fixtures';
import { posShop } from './pos-board-fixtures';
import { orderBody, storefrontUrl } from './storefront-fixtures';

const onPostgres = process.env.SHOPDESK_TEST_DB === 'postgres';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SESSION_SECRET = 'test-secret-test-secret-test-secret-000'; // the test helper's, so its sessions hold

type Server = { url: string; child: ChildProcess; dataDir: string; log: () => string };

/** A server on the database, healthy (on another port when its first was taken before it listened). */
const startServer = (databaseUrl: string): Promise<Server> =>
  onFreePort(async (port) => {
    const s = spawnServer(databaseUrl, port, await mkdtemp(path.join(os.tmpdir(), 'shopdesk-two-')));
    try {
      await waitHealthy(s);
    } catch (err) {
      await stopServer(s);
      await rm(s.dataDir, { recursive: true, force: true });
      throw err;
    }
    return s;
  });

const spawnServer = (databaseUrl: string, port: number, dataDir: string): Server => {
  let log = '';
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['packages/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'never',
      SESSION_SECRET,
      SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => {
    log += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    log += c.toString();
  });
  return { url: `http://127.0.0.1:${port}`, child, dataDir, log: () => log.slice(-4000) };
};

const waitHealthy = async (s: Server) => {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (s.child.exitCode !== null) throw new Error(`server exited (${s.child.exitCode}):\n${s.log()}`);
    const ok = await fetch(`${s.url}/console/apis/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not healthy in time:\n${s.log()}`);
};

const stopServer = (s: Server) =>
  new Promise<void>((resolve) => {
    if (s.child.exitCode !== null || s.child.signalCode !== null) return resolve();
    const force = setTimeout(() => s.child.kill('SIGKILL'), 5_000);
    s.child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    s.child.kill('SIGTERM');
  });

const until = async (ok: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

// on PGlite the body is not run at all (a skipped suite's body is still collected: it built an app and read
// a PostgreSQL pool that PGlite has not)
describe.skipIf(!onPostgres)('two server processes on one PostgreSQL database', async () => {
  if (!onPostgres) return;
  const t = await build();
  const url = (t.database.pool!.options as { connectionString: string }).connectionString;
  const servers: Server[] = [];
  let a: Server;
  let b: Server;
  beforeAll(async () => {
    servers.push(...(await Promise.all([startServer(url), startServer(url)])));
    [a, b] = servers as [Server, Server];
  }, 300_000);
  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    await Promise.all(servers.map((s) => rm(s.dataDir, { recursive: true, force: true })));
  });

  it('signed in on A, good on B; an image uploaded through A is served by B', async () => {
    const email = `two-${randomBytes(4).toString('hex')}@example.test`;
    const user = await t.createUser({ email, type: 'eaa', password: TEST_PASSWORD });
    const signin = await fetch(`${a.url}/console/apis/eaa/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: TEST_PASSWORD, type: 'eaa' }),
    });
    expect(signin.status, await signin.clone().text()).toBe(200);
    const cookie = signin.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('sd_session='))!;
    const me = await fetch(`${b.url}/console/apis/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);

    const { account } = await t.createShop({ name: '兩個行程', ownerUserId: user.id });
    const form = new FormData();
    form.append('file', new Blob([TINY_PNG], { type: 'image/png' }), 'photo.png');
    const up = await fetch(`${a.url}/console/apis/eaa/shops/${account.id}/menu/images`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    expect(up.status, await up.clone().text()).toBe(201);
    const { url: imageUrl } = (await up.json()) as { url: string };
    const read = await fetch(`${b.url}${imageUrl}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await read.arrayBuffer()).equals(TINY_PNG)).toBe(true);
  });

  it('an order taken by A reaches a board streaming from B', async () => {
    const owner = await t.signedIn('eaa');
    const shop = await posShop(t, owner);
    const port = Number(new URL(b.url).port);
    const events: { kind: string; orderId: number; status: string }[] = [];
    let status = 0;
    let buffer = '';
    const req = http.get(
      { host: '127.0.0.1', port, path: '/console/apis/qcpos/board/events', headers: shop.auth },
      (res) => {
        status = res.statusCode ?? 0;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            if (!/^event: ?order$/m.test(block)) continue;
            const data = /^data: ?(.*)$/m.exec(block)?.[1];
            if (data) events.push(JSON.parse(data));
          }
        });
      },
    );
    req.on('error', () => {});
    try {
      await until(() => status === 200);
      await new Promise((r) => setTimeout(r, 300)); // the stream subscribed to B's feed
      const placed = await fetch(`${a.url}${storefrontUrl(shop.accountId, '/orders')}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomBytes(8).toString('hex') },
        body: JSON.stringify(orderBody(shop.productId)),
      });
      expect(placed.status, await placed.clone().text()).toBe(201);
      const orderId = ((await placed.json()) as { order: { id: number } }).order.id;
      await until(() => events.some((e) => e.orderId === orderId));
      expect(events.find((e) => e.orderId === orderId)).toMatchObject({ kind: 'created', status: 'new' });
    } finally {
      req.destroy();
    }
  });
});
