// live order board: the Server-Sent Events feed over a real socket (inject does not stream).
// A new storefront order reaches a connected board; a reconnect with Last-Event-ID replays what it missed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { build } from './helpers';
import { placeOrder, pos, posShop } from './pos-board-fixtures';

// a short ping: the stream re-checks the POS sign-in on each one
const t = await build({ config: { posBoardPingMs: 100 } });
const eaa = await t.signedIn('eaa');
const a = await posShop(t, eaa);
await t.app.listen({ port: 0, host: '127.0.0.1' });
const port = (t.app.server.address() as AddressInfo).port;

type SseEvent = { id?: string; event?: string; data?: string };

/** Opens the feed; collects parsed events until closed. */
const connect = (headers: Record<string, string>, query = '') => {
  const events: SseEvent[] = [];
  let status = 0;
  let contentType = '';
  let encoding: string | undefined;
  let ended = false;
  let buffer = '';
  const req = http.get(
    { host: '127.0.0.1', port, path: `/console/apis/qcpos/board/events${query}`, headers },
    (res) => {
      status = res.statusCode ?? 0;
      contentType = String(res.headers['content-type']);
      encoding = res.headers['content-encoding'];
      res.setEncoding('utf8');
      res.on('end', () => {
        ended = true;
      });
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const e: SseEvent = {};
          for (const line of block.split('\n')) {
            const m = /^(id|event|data): ?(.*)$/.exec(line);
            if (m) e[m[1] as keyof SseEvent] = m[2];
          }
          if (e.event) events.push(e);
          cut = buffer.indexOf('\n\n');
        }
      });
    },
  );
  req.on('error', () => {});
  return {
    events,
    status: () => status,
    contentType: () => contentType,
    encoding: () => encoding,
    ended: () => ended,
    orderEvents: () => events.filter((e) => e.event === 'order').map((e) => JSON.parse(e.data!)),
    close: () => req.destroy(),
  };
};

const until = async (ok: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out waiting for the feed');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('board feed (SSE)', () => {
  it('refuses a caller without a POS token (401)', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/console/apis/qcpos/board/events`);
    expect(res.status).toBe(401);
  });

  it('delivers an order placed through the storefront to a connected board', async () => {
    const { lastEventId } = (await pos(t, 'GET', '/qcpos/board', a.auth)).json();
    // a browser asks for gzip: the stream must still flow event by event, uncompressed
    const board = connect({ ...a.auth, 'accept-encoding': 'gzip, deflate, br' }, `?after=${lastEventId}`);
    await until(() => board.status() === 200);
    expect(board.contentType()).toMatch(/^text\/event-stream/);
    expect(board.encoding()).toBeUndefined();
    await until(() => t.app.orderFeed.size() === 1);
    const order = await placeOrder(t, a.accountId, a.productId);
    await until(() => board.orderEvents().some((e) => e.orderId === order.id));
    const created = board.orderEvents().find((e) => e.orderId === order.id);
    expect(created).toMatchObject({ kind: 'created', status: 'new' });
    expect(board.events.find((e) => e.event === 'order')!.id).toBe(String(created.id));
    board.close();
    await until(() => t.app.orderFeed.size() === 0);
  });

  it('a reconnect with Last-Event-ID replays the events missed while away, in order, once', async () => {
    const first = connect(
      a.auth,
      `?after=${(await pos(t, 'GET', '/qcpos/board', a.auth)).json().lastEventId}`,
    );
    const one = await placeOrder(t, a.accountId, a.productId);
    await until(() => first.orderEvents().some((e) => e.orderId === one.id));
    const lastSeen = first.events.at(-1)!.id!;
    first.close();
    await until(() => t.app.orderFeed.size() === 0);

    // while the board is away: a new order and an accept
    const two = await placeOrder(t, a.accountId, a.productId);
    await pos(t, 'POST', `/qcpos/board/orders/${one.id}/accept`, a.auth, {});

    // the browser's EventSource sends Last-Event-ID; it wins over ?after=
    const again = connect({ ...a.auth, 'last-event-id': lastSeen }, '?after=0');
    await until(() => again.orderEvents().some((e) => e.orderId === one.id && e.status === 'accepted'));
    // (accepting also prints: that event may follow; the order of the others is what matters)
    const got = again.orderEvents().filter((e) => e.kind !== 'printed');
    expect(got.map((e) => [e.orderId, e.kind, e.status])).toEqual([
      [two.id, 'created', 'new'],
      [one.id, 'status', 'accepted'],
    ]);
    expect(got.every((e) => e.id > Number(lastSeen))).toBe(true);
    again.close();
  });

  it('a device signed out elsewhere loses its stream at the next ping, and cannot reconnect', async () => {
    const device = await posShop(t, eaa);
    const board = connect(device.auth);
    await until(() => board.status() === 200);
    expect((await pos(t, 'POST', '/qcpos/signout', device.auth)).statusCode).toBe(200);
    await until(() => board.ended());
    const res = await fetch(`http://127.0.0.1:${port}/console/apis/qcpos/board/events`, {
      headers: device.auth,
    });
    expect(res.status).toBe(401);
  });
});
