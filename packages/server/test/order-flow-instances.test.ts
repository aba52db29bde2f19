// "fed through PostgreSQL LISTEN/NOTIFY so it works with several server instances". Two app
// instances on one PostgreSQL database: an order taken by one reaches a board connected to the other.
// PostgreSQL only (the embedded engine is one process by nature).
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openPostgres } from '../src/db/client';
import type { OrderEventRow } from '../src/features/orders/order-flow/order-events';
import { transitionOrder } from '../src/features/orders/order-flow/transition';
import { build } from './helpers';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

const onPostgres = process.env.SHOPDESK_TEST_DB === 'postgres';

describe.skipIf(!onPostgres)('the order feed across instances', async () => {
  const t = await build();
  const eaa = await t.signedIn('eaa');

  it('an order placed on instance A and accepted on A is heard by a board on instance B', async () => {
    const url = (t.database.pool!.options as { connectionString: string }).connectionString;
    const second = await openPostgres(url, 3);
    const b = await buildApp({
      config: {
        sessionSecret: 'test-secret-test-secret-test-secret-000',
        nodeEnv: 'test',
        trustProxy: false,
        publicUrl: undefined,
      },
      database: second,
    });
    await b.ready();
    try {
      const shop = await openShop(t, eaa, {}, {}, { manual: true });
      const got: OrderEventRow[] = [];
      const stop = b.orderFeed.subscribe(
        shop.accountId,
        0,
        (e) => got.push(e),
        () => {},
      );
      const res = await postOrder(t, shop.accountId, orderBody(shop.productId));
      expect(res.statusCode, res.body).toBe(201);
      const orderId = res.json().order.id as number;
      await transitionOrder(t.db, {
        orderId,
        accountId: shop.accountId,
        action: 'accept',
        actor: { kind: 'pos', username: 'a' },
      });
      for (let i = 0; i < 300 && got.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
      expect(got.map((e) => [e.kind, e.status, e.orderId])).toEqual([
        ['created', 'new', orderId],
        ['status', 'accepted', orderId],
      ]);
      stop();
    } finally {
      await b.close();
      await second.close();
    }
  });

  it('a LISTEN connection the server drops is opened again, and the board still hears every order', async () => {
    const shop = await openShop(t, eaa, {}, {}, { manual: true });
    const got: OrderEventRow[] = [];
    const stop = t.app.orderFeed.subscribe(
      shop.accountId,
      null,
      (e) => got.push(e),
      () => {},
    );
    // the board has joined (its start point is read first) before the connection is cut
    for (let i = 0; i < 300 && t.app.orderFeed.size() < 1; i++) await new Promise((r) => setTimeout(r, 10));
    expect(t.app.orderFeed.size()).toBe(1);
    const killed = await t.database.pool!.query(
      `select pg_terminate_backend(pid) as ok from pg_stat_activity
        where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
    );
    expect(killed.rows.length).toBeGreaterThan(0);
    // health says so while the connection is re-opened (not a 503: nothing is missed)
    for (let i = 0; i < 100 && t.app.orderFeed.listening(); i++) await new Promise((r) => setTimeout(r, 10));
    const health = await t.app.inject({ method: 'GET', url: '/console/apis/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().orderFeed).toEqual({ listening: false, boards: 1 });
    const res = await postOrder(t, shop.accountId, orderBody(shop.productId));
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().order.id as number;
    // re-listening takes ~2 s; the re-read after it delivers what committed meanwhile
    for (let i = 0; i < 600 && !got.some((e) => e.orderId === orderId); i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(got.map((e) => [e.kind, e.orderId])).toEqual([['created', orderId]]);
    // and it listens again: the next order arrives by notification
    const next = await postOrder(t, shop.accountId, orderBody(shop.productId));
    const nextId = next.json().order.id as number;
    for (let i = 0; i < 300 && !got.some((e) => e.orderId === nextId); i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(got.map((e) => e.orderId)).toEqual([orderId, nextId]);
    expect(t.app.orderFeed.listening()).toBe(true);
    stop();
  });
});
