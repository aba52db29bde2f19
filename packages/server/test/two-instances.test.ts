// "Stateless instances, for real": two app instances, each with its own connection pool, on one
// PostgreSQL database, as behind a load balancer. An image uploaded through one is served by the other; a
// session made on one is good on the other (and signed out on it); an order taken by one reaches a board
// streaming from the other; the outbox and the scheduled jobs run each job once between them. PostgreSQL only
// (the embedded engine is one process by nature).
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Simulator, simulatorCredentials } from '../src/adapters/object-storage/simulator';
import { listenSimulator } from '../src/adapters/simulator-host';
import { buildApp } from '../src/app';
import { type Database, openPostgres } from '../src/db/client';
import { products } from '../src/db/schema';
import { enqueueOutbox } from '../src/jobs/outbox';
import { runStockRestore } from '../src/schedule/stock-restore';
import { build } from './helpers';
import { menuUrl, multipartFile, seedSmallMenu, TINY_PNG } from './menus-fixtures';
import { placeOrder, pos, posShop } from './pos-board-fixtures';

const onPostgres = process.env.SHOPDESK_TEST_DB === 'postgres';

const until = async (ok: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.skipIf(!onPostgres)('two instances on one PostgreSQL database', async () => {
  const t = await build();
  const eaa = await t.signedIn('eaa');

  let second: Database;
  let b: FastifyInstance;
  /** Instance B in the shape of the test helper, for the fixtures that take one. */
  let onB: typeof t;
  beforeAll(async () => {
    const url = (t.database.pool!.options as { connectionString: string }).connectionString;
    second = await openPostgres(url, 4);
    b = await buildApp({
      config: {
        sessionSecret: 'test-secret-test-secret-test-secret-000',
        nodeEnv: 'test',
        trustProxy: false,
        publicUrl: undefined,
      },
      database: second,
    });
    await b.ready();
    onB = { ...t, app: b, db: second.db, database: second } as typeof t;
  });
  afterAll(async () => {
    await b?.close();
    await second?.close();
  });

  it('an image uploaded through A is served by B, with the same ETag; a portal logo too', async () => {
    const shop = (await t.createShop({ name: '兩台圖片', ownerUserId: eaa.user.id })).account.id;
    const image = Buffer.concat([TINY_PNG.subarray(0, 8), randomBytes(300_000)]);
    const body = multipartFile('file', 'photo.png', 'image/png', image);
    const up = await t.app.inject({
      method: 'POST',
      url: menuUrl('eaa', shop, '/images'),
      headers: { ...eaa.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(201);
    const { url, image: name } = up.json();
    const read = await b.inject({ method: 'GET', url });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(image)).toBe(true);
    expect(read.headers.etag).toBe(`"${createHash('sha256').update(image).digest('hex')}"`);
    expect(read.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // a product saved through B may name the image uploaded through A
    const { product } = await seedSmallMenu(onB, 'eaa', eaa.headers, shop, { image: name });
    expect(product.image).toBe(name);
    const logo = await b.inject({ method: 'GET', url: `/console/apis/portal-logos/${name}` });
    expect(logo.statusCode).toBe(200);
  });

  it('with S3_URL, two instances (a pool each) on one bucket: uploaded through one, served by the other', async () => {
    const cfg = { bucket: 'shopdesk-two', region: 'ap-northeast-1', ...simulatorCredentials() };
    const sim = createS3Simulator(cfg);
    const { url: endpoint, close } = await listenSimulator(sim.app);
    const url = (t.database.pool!.options as { connectionString: string }).connectionString;
    const dbs = [await openPostgres(url, 2), await openPostgres(url, 2)];
    const [c, d] = await Promise.all(
      dbs.map((database) =>
        buildApp({
          config: {
            sessionSecret: 'test-secret-test-secret-test-secret-000',
            nodeEnv: 'test',
            trustProxy: false,
            publicUrl: undefined,
            s3: { ...cfg, endpoint },
          },
          database,
        }),
      ),
    );
    try {
      const shop = (await t.createShop({ name: '兩台雲端', ownerUserId: eaa.user.id })).account.id;
      const image = Buffer.concat([TINY_PNG.subarray(0, 8), randomBytes(200_000)]);
      const body = multipartFile('file', 'photo.png', 'image/png', image);
      const up = await c!.inject({
        method: 'POST',
        url: menuUrl('eaa', shop, '/images'),
        headers: { ...eaa.headers, 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(up.statusCode, up.body).toBe(201);
      const key = createHash('sha256').update(image).digest('hex');
      expect(sim.objects.get(`uploads/${key}`)?.bytes.equals(image)).toBe(true);
      const read = await d!.inject({ method: 'GET', url: up.json().url });
      expect(read.statusCode).toBe(200);
      expect(read.rawPayload.equals(image)).toBe(true);
      expect(read.headers.etag).toBe(`"${key}"`);
    } finally {
      await c?.close();
      await d?.close();
      for (const database of dbs) await database.close();
      await close();
    }
  });

  it('a session made on A is good on B; signed out on B, it is refused on A', async () => {
    const user = await t.signedIn('eaa'); // signed in through A's endpoints
    const me = await b.inject({ method: 'GET', url: '/console/apis/me', headers: user.headers });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().user.id).toBe(user.user.id);
    const out = await b.inject({ method: 'POST', url: '/console/apis/signout', headers: user.headers });
    expect(out.statusCode, out.body).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/console/apis/me', headers: user.headers });
    expect(after.statusCode).toBe(401);
  });

  it('an order taken by A reaches a board streaming from B, and B’s board list shows it', async () => {
    const shop = await posShop(t, eaa); // POS user made and signed in on A
    await b.listen({ port: 0, host: '127.0.0.1' });
    const port = (b.server.address() as AddressInfo).port;
    const { lastEventId } = (await pos(onB, 'GET', '/qcpos/board', shop.auth)).json();
    const events: { kind: string; orderId: number; status: string }[] = [];
    let status = 0;
    let buffer = '';
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: `/console/apis/qcpos/board/events?after=${lastEventId}`,
        headers: shop.auth,
      },
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
      await until(() => status === 200 && b.orderFeed.size() === 1);
      const order = await placeOrder(t, shop.accountId, shop.productId); // the storefront on A
      await until(() => events.some((e) => e.orderId === order.id));
      expect(events.find((e) => e.orderId === order.id)).toMatchObject({ kind: 'created', status: 'new' });
      // accepted on A's board: B's stream hears that too, and B's list shows it accepted
      const accepted = await pos(t, 'POST', `/qcpos/board/orders/${order.id}/accept`, shop.auth);
      expect(accepted.statusCode, accepted.body).toBe(200);
      await until(() => events.some((e) => e.orderId === order.id && e.status === 'accepted'));
      const list = (await pos(onB, 'GET', '/qcpos/board', shop.auth)).json();
      expect(list.orders.find((o: { id: number }) => o.id === order.id)).toMatchObject({
        status: 'accepted',
      });
    } finally {
      req.destroy();
    }
  });

  it('the outbox: jobs drained by both instances at once each run once', async () => {
    const ran: { id: number; by: string }[] = [];
    for (const [app, by] of [
      [t.app, 'a'],
      [b, 'b'],
    ] as const)
      app.outbox.handle('test.two-instances', async (job) => {
        ran.push({ id: job.id, by });
        await new Promise((r) => setTimeout(r, 5));
      });
    const ids: number[] = [];
    for (let i = 0; i < 30; i += 1)
      ids.push((await enqueueOutbox(t.db, { kind: 'test.two-instances', payload: { i } }))!);
    await Promise.all([t.app.outbox.drain(), b.outbox.drain(), t.app.outbox.drain(), b.outbox.drain()]);
    expect(ran.map((r) => r.id).sort((x, y) => x - y)).toEqual(ids);
  });

  it('a scheduled job run by both instances at once does each shop’s work once', async () => {
    const shopIds: number[] = [];
    const productIds: number[] = [];
    for (const name of ['兩台補貨 A', '兩台補貨 B', '兩台補貨 C']) {
      const id = (
        await t.createShop({
          name,
          ownerUserId: eaa.user.id,
          resetTime: '00:10:00',
          isAutoRestoreStock: true,
        })
      ).account.id;
      const { product } = await seedSmallMenu(t, 'eaa', eaa.headers, id, { dailyStock: 20 });
      await t.db.update(products).set({ stockLeft: 2, soldOut: true }).where(eq(products.id, product.id));
      shopIds.push(id);
      productIds.push(product.id);
    }
    const at = new Date('2026-03-09T16:30:00Z'); // 2026-03-10 00:30 in Taipei
    const [onA, onBDone] = await Promise.all([
      runStockRestore(t.db, at, 'instance-a'),
      runStockRestore(second.db, at, 'instance-b'),
    ]);
    const done = [...onA, ...onBDone].filter((id) => shopIds.includes(id)).sort((x, y) => x - y);
    expect(done).toEqual([...shopIds].sort((x, y) => x - y));
    for (const id of productIds) {
      const [p] = await t.db.select().from(products).where(eq(products.id, id));
      expect(p).toMatchObject({ stockLeft: 20, soldOut: false });
    }
  });
});
