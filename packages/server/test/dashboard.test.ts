// /dashboard: who may read it, today's orders by channel, and the live stream that tells the page
// to read again when an order moves (over a real socket: inject does not stream).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DASHBOARD_LIVE_THROTTLE_MS } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import { build } from './helpers';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

// pings every 100 ms, so a signed-out session's stream ends quickly
const t = await build({ config: { posBoardPingMs: 100 } });
const gaa = await t.signedIn('gaa');
const eaa = await t.signedIn('eaa');
const si = await t.signedIn('si');
const line = await t.signedIn('line');
const shop = await openShop(t, eaa);
await t.app.listen({ port: 0, host: '127.0.0.1' });
const port = (t.app.server.address() as AddressInfo).port;

const place = async () => {
  const res = await postOrder(t, shop.accountId, orderBody(shop.productId));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as { id: number };
};
const read = (headers?: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/console/apis/gaa/dashboard', headers });

/** Opens the stream; records when each `changed` event arrived. */
const connect = (headers: Record<string, string>) => {
  const at: number[] = [];
  let status = 0;
  let ended = false;
  const req = http.get(
    { host: '127.0.0.1', port, path: '/console/apis/gaa/dashboard/events', headers },
    (res) => {
      status = res.statusCode ?? 0;
      res.setEncoding('utf8');
      res.on('end', () => {
        ended = true;
      });
      res.on('data', (chunk: string) => {
        for (const m of chunk.matchAll(/event: changed/g)) if (m) at.push(Date.now());
      });
    },
  );
  req.on('error', () => {});
  return { at, status: () => status, ended: () => ended, close: () => req.destroy() };
};
const until = async (ok: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('dashboard access', () => {
  it('401 without a session, 403 for si, eaa and line (the figures and the stream)', async () => {
    expect((await read()).statusCode).toBe(401);
    for (const who of [si, eaa, line]) expect((await read(who.headers)).statusCode).toBe(403);
    const anon = await fetch(`http://127.0.0.1:${port}/console/apis/gaa/dashboard/events`);
    expect(anon.status).toBe(401);
    const refused = await fetch(`http://127.0.0.1:${port}/console/apis/gaa/dashboard/events`, {
      headers: eaa.headers,
    });
    expect(refused.status).toBe(403);
  });
});

describe('dashboard figures', () => {
  it('counts today’s orders by channel: LINE, table QR, web link', async () => {
    const inLine = await place();
    const atTable = await place();
    await place();
    await t.db.update(orders).set({ lineUserId: 'U0123456789abcdef' }).where(eq(orders.id, inLine.id));
    await t.db.update(orders).set({ tableNumber: 'A3' }).where(eq(orders.id, atTable.id));
    const res = await read(gaa.headers);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d.today.orders).toBe(3);
    expect(d.byChannel).toEqual({ line: 1, table: 1, web: 1 });
    expect(d.byChannel.line + d.byChannel.table + d.byChannel.web).toBe(d.today.orders);
  });
});

describe('dashboard live stream', () => {
  it('sends `changed` within a second of a new order, then at most one per throttle period', async () => {
    const s = connect(gaa.headers);
    await until(() => s.status() === 200);
    await new Promise((r) => setTimeout(r, 200)); // the stream is open and watching
    const placedAt = Date.now();
    await place();
    await until(() => s.at.length >= 1, 2000);
    expect(s.at[0]! - placedAt).toBeLessThan(1000);
    // a burst of three orders right after: one trailing event, not three, after the throttle period
    await Promise.all([place(), place(), place()]);
    await until(() => s.at.length >= 2, DASHBOARD_LIVE_THROTTLE_MS + 3000);
    // a fixed time on purpose: that no third event comes within the throttle period is the subject
    await new Promise((r) => setTimeout(r, DASHBOARD_LIVE_THROTTLE_MS + 500));
    expect(s.at[1]! - s.at[0]!).toBeGreaterThanOrEqual(DASHBOARD_LIVE_THROTTLE_MS - 50);
    expect(s.at.length).toBeLessThanOrEqual(3);
    s.close();
  });

  it('a gaa who signs out loses the stream at the next ping, and cannot reconnect', async () => {
    const other = await t.signedIn('gaa');
    const s = connect(other.headers);
    await until(() => s.status() === 200);
    const out = await t.app.inject({ method: 'POST', url: '/console/apis/signout', headers: other.headers });
    expect(out.statusCode).toBe(200);
    await until(() => s.ended());
    const again = await fetch(`http://127.0.0.1:${port}/console/apis/gaa/dashboard/events`, {
      headers: other.headers,
    });
    expect(again.status).toBe(401);
  });
});
