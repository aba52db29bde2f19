import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Database } from '../../../db/client';
import { eventsAfter, lastEventId, ORDER_EVENTS_CHANNEL, type OrderEventRow } from './order-events';

type Subscriber = { lastId: number; send: (e: OrderEventRow) => void; reset: () => void };

export type OrderFeed = {
  /**
   * Follows a shop's order events. Events after `afterId` are replayed first (a reconnecting board passes
   * the last id it saw; null starts from now), then new ones arrive as they commit, each exactly once and
   * in order. When more than REPLAY_LIMIT were missed, `reset` is called instead: the board reloads.
   */
  subscribe: (
    accountId: number,
    /** The last event id the board saw; null = it saw none (start from now). */
    afterId: number | null,
    send: (e: OrderEventRow) => void,
    reset: () => void,
  ) => () => void;
  /**
   * Hears that some shop's order feed moved (any shop, no replay): the platform dashboard reads its figures
   * again. Called once per notification with the shop's id.
   */
  watchAll: (onShop: (accountId: number) => void) => () => void;
  /** Subscribers connected to this instance (health and tests). */
  size: () => number;
  /** Whether the instance listens for changes now (false while a lost LISTEN connection is re-opened). */
  listening: () => boolean;
  close: () => Promise<void>;
};

const REPLAY_LIMIT = 1000;
const SAFETY_PUMP_MS = 30_000;
const RELISTEN_MS = 2_000;

/**
 * The live order feed of one server instance. It LISTENs on the `order_events` channel (a
 * dedicated pool connection on PostgreSQL, the embedded engine's own listener on PGlite); a notification
 * names a shop, and the feed reads that shop's new rows from order_events and hands each subscriber the
 * ones after its last id. Any instance's writes reach every instance's boards through PostgreSQL. A lost
 * LISTEN connection is re-opened and every followed shop is re-read, and a slow safety pass every 30 s
 * re-reads too, so a dropped notification delays an event but never loses it.
 */
export const createOrderFeed = async (database: Database, log?: FastifyBaseLogger): Promise<OrderFeed> => {
  const { db } = database;
  const byShop = new Map<number, Set<Subscriber>>();
  const pumping = new Map<number, Promise<void>>();
  const again = new Set<number>();
  const watchers = new Set<(accountId: number) => void>();
  let closed = false;

  const pumpOnce = async (accountId: number) => {
    const subs = byShop.get(accountId);
    if (!subs || subs.size === 0) return;
    let from = Math.min(...[...subs].map((s) => s.lastId));
    for (;;) {
      const rows = await eventsAfter(db, accountId, from, REPLAY_LIMIT);
      for (const s of subs)
        for (const e of rows)
          if (e.id > s.lastId) {
            s.lastId = e.id;
            s.send(e);
          }
      if (rows.length < REPLAY_LIMIT) return;
      from = rows[rows.length - 1]!.id;
    }
  };

  /** One read at a time per shop; a notification during a read schedules one more read after it. */
  const pump = (accountId: number) => {
    if (pumping.has(accountId)) {
      again.add(accountId);
      return;
    }
    const run = pumpOnce(accountId)
      .catch((err) => log?.error({ err, accountId }, 'order feed read failed'))
      .finally(() => {
        pumping.delete(accountId);
        if (again.delete(accountId) && !closed) pump(accountId);
      });
    pumping.set(accountId, run);
  };
  const pumpAll = () => {
    for (const accountId of byShop.keys()) pump(accountId);
  };
  const onNotify = (payload: string | undefined) => {
    const accountId = Number(payload);
    if (!Number.isInteger(accountId)) return;
    for (const w of watchers) w(accountId);
    if (byShop.has(accountId)) pump(accountId);
  };

  let stopListening: () => Promise<void>;
  let isListening: () => boolean = () => true;
  if (database.pglite) {
    const unlisten = await database.pglite.listen(ORDER_EVENTS_CHANNEL, onNotify);
    stopListening = unlisten;
  } else if (database.pool) {
    const pool = database.pool;
    /** The LISTEN connection and how to give it back (once: an error may follow a release). */
    let active: { c: pg.PoolClient; finish: (err?: Error) => void } | null = null;
    let retry: NodeJS.Timeout | null = null;
    const again = () => {
      if (!closed) retry = setTimeout(() => void listen(), RELISTEN_MS);
    };
    const listen = async () => {
      let c: pg.PoolClient;
      try {
        c = await pool.connect();
      } catch (err) {
        log?.warn({ err }, 'order feed cannot LISTEN; retrying');
        again();
        return;
      }
      let done = false;
      const onNotification = (n: pg.Notification) => onNotify(n.payload);
      const onError = (err: Error) => {
        log?.warn({ err }, 'order feed LISTEN connection lost; reconnecting');
        finish(err);
        again();
      };
      const finish = (err?: Error) => {
        if (done) return;
        done = true;
        c.removeListener('notification', onNotification);
        c.removeListener('error', onError);
        if (active?.c === c) active = null;
        c.release(err);
      };
      c.on('notification', onNotification);
      c.on('error', onError);
      try {
        await c.query(`LISTEN ${ORDER_EVENTS_CHANNEL}`);
      } catch (err) {
        log?.warn({ err }, 'order feed cannot LISTEN; retrying');
        finish(err as Error);
        again();
        return;
      }
      active = { c, finish };
      pumpAll(); // whatever committed while we were not listening
    };
    await listen();
    isListening = () => active !== null;
    stopListening = async () => {
      if (retry) clearTimeout(retry);
      const now = active;
      active = null;
      if (now) {
        await now.c.query(`UNLISTEN ${ORDER_EVENTS_CHANNEL}`).catch(() => {});
        now.finish();
      }
    };
  } else {
    throw new Error('order feed: the database has neither a pool nor PGlite');
  }
  const safety = setInterval(pumpAll, SAFETY_PUMP_MS);
  safety.unref();

  return {
    subscribe: (accountId, afterId, send, reset) => {
      const sub: Subscriber = { lastId: afterId ?? 0, send, reset };
      let gone = false;
      // Where the board starts: after the id it names (a replay of what it missed), or from now when it
      // names none; a board more than REPLAY_LIMIT events behind starts from now and reloads (reset). It
      // joins only then, so no notification in between can replay from an older id.
      const join = async () => {
        if (afterId === null) sub.lastId = await lastEventId(db, accountId);
        else if ((await eventsAfter(db, accountId, afterId, REPLAY_LIMIT + 1)).length > REPLAY_LIMIT) {
          sub.lastId = await lastEventId(db, accountId);
          sub.reset();
        }
        if (gone) return;
        const subs = byShop.get(accountId) ?? new Set<Subscriber>();
        byShop.set(accountId, subs);
        subs.add(sub);
        pump(accountId);
      };
      void join().catch((err) => log?.error({ err, accountId }, 'order feed replay failed'));
      return () => {
        gone = true;
        const subs = byShop.get(accountId);
        subs?.delete(sub);
        if (subs?.size === 0) byShop.delete(accountId);
      };
    },
    watchAll: (onShop) => {
      watchers.add(onShop);
      return () => watchers.delete(onShop);
    },
    size: () => [...byShop.values()].reduce((n, s) => n + s.size, 0),
    listening: () => !closed && isListening(),
    close: async () => {
      closed = true;
      clearInterval(safety);
      await stopListening();
      await Promise.allSettled([...pumping.values()]);
      byShop.clear();
      watchers.clear();
    },
  };
};
