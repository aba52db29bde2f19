import { serialDayStart, type TMealType } from '@shopdesk/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, businesses, optionGroups, options, products, seedBacklog } from '../db/schema';
import { toProduct } from '../features/menus/menus/menu-store';
import { itemsLine } from '../features/reports/sales/items-line';
import { inBatches } from './batches';
import { makeOrder, orderTimes, type SeedShop, taipeiMidnight } from './order-maker';
import { createRandom } from './random';

/** Orders per transaction: one JSON parameter each, so PostgreSQL's 65535-parameter limit never applies. */
const BATCH = 2000;
/** Orders per transaction in the background: a request waits behind at most one of them. */
export const BACKGROUND_BATCH = 100;
const DAYS = 90;
/** The first start writes these days' orders (today and the 6 before) before it listens; the rest later. */
export const RECENT_DAYS = 7;
const SEED = 20260906;
/** Default demo volume: about 4 orders per shop per day (busy shops ~6.4, quiet ones ~1.6). */
export const DEFAULT_ORDERS_PER_DAY = 4;

const groupBy = <T extends { accountId: number }>(rows: T[]) => {
  const m = new Map<number, T[]>();
  for (const row of rows) {
    const list = m.get(row.accountId);
    if (list) list.push(row);
    else m.set(row.accountId, [row]);
  }
  return m;
};

/** Every shop with its switches and its live menu, read from the tables intake reads. */
const loadShops = async (db: Db): Promise<SeedShop[]> => {
  // only the columns the orders need: the whole shop row of 100,000 shops is a statement-timeout-long read
  const rows = await db
    .select({
      a: { id: accounts.id, siAccountId: accounts.siAccountId, isManual: accounts.isManual },
      b: {
        orderStartNumber: businesses.orderStartNumber,
        resetTime: businesses.resetTime,
        isEatIn: businesses.isEatIn,
        isToGo: businesses.isToGo,
        isDelivery: businesses.isDelivery,
        isEatInPay: businesses.isEatInPay,
        isToGoPay: businesses.isToGoPay,
        isDeliveryPay: businesses.isDeliveryPay,
        lat: businesses.lat,
        lng: businesses.lng,
      },
    })
    .from(accounts)
    .innerJoin(businesses, eq(businesses.id, accounts.id))
    .orderBy(asc(accounts.id));
  const prods = groupBy(await db.select().from(products).where(eq(products.archived, false)));
  const groups = groupBy(await db.select().from(optionGroups));
  const opts = groupBy(await db.select().from(options));
  return rows
    .map(({ a, b }) => {
      const meals: TMealType[] = [];
      if (b.isEatIn) meals.push('eat_in');
      if (b.isToGo) meals.push('to_go');
      if (b.isDelivery) meals.push('delivery');
      const g = groups.get(a.id) ?? [];
      const o = opts.get(a.id) ?? [];
      return {
        accountId: a.id,
        siAccountId: a.siAccountId,
        isManual: a.isManual,
        startNumber: b.orderStartNumber,
        resetTime: b.resetTime,
        meals,
        onlinePay: { eat_in: b.isEatInPay, to_go: b.isToGoPay, delivery: b.isDeliveryPay },
        lat: b.lat === null ? null : Number(b.lat),
        lng: b.lng === null ? null : Number(b.lng),
        products: (prods.get(a.id) ?? []).map((p) => toProduct(p, g, o)),
      };
    })
    .filter((s) => s.products.length > 0);
};

const ORDER_COLUMNS = `account_id int, si_account_id int, serial int, status text, meal_type text,
  payment_method text, payment_status text, customer_name text, customer_phone text, line_user_id text,
  table_number text, wanted_at timestamptz, delivery_address text, delivery_lat numeric, delivery_lng numeric,
  delivery_distance numeric, subtotal int, total int, voucher_code text, discount int, item_count int, idempotency_key text,
  created_at timestamptz, accepted_at timestamptz, rejected_at timestamptz, completed_at timestamptz,
  canceled_at timestamptz, items_line_zh text, items_line_en text`;
const ORDER_NAMES = ORDER_COLUMNS.split(',')
  .map((c) => c.trim().split(' ')[0])
  .join(', ');

/** One batch: ids taken from the sequence first, so items can point at their order without RETURNING. */
const flush = async (
  db: Db,
  batch: ReturnType<typeof makeOrder>[],
  /** Backlog rows moved on in the same transaction (history batches). */
  marks: { account_id: number; done: number }[] = [],
) => {
  if (!batch.length && !marks.length) return;
  const ids = (
    (await db.execute(
      sql`select nextval(pg_get_serial_sequence('orders', 'id'))::bigint as id from generate_series(1, ${batch.length})`,
    )) as unknown as { rows: { id: string | number }[] }
  ).rows.map((x) => Number(x.id));
  const orderRows = batch.map((b, k) => ({
    id: ids[k],
    ...b.order,
    items_line_zh: itemsLine(b.items, 'zh-TW'),
    items_line_en: itemsLine(b.items, 'en'),
  }));
  const itemRows = batch.flatMap((b, k) =>
    b.items.map((i) => ({
      order_id: ids[k],
      product_id: i.productId,
      names: i.names,
      unit_price: i.unitPrice,
      quantity: i.quantity,
      options: i.options,
      line_total: i.lineTotal,
    })),
  );
  const raw = sql.raw;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into orders (id, ${raw(ORDER_NAMES)}) select id, ${raw(ORDER_NAMES)}
          from json_to_recordset(${JSON.stringify(orderRows)}::json) as x(id bigint, ${raw(ORDER_COLUMNS)})`,
    );
    await tx.execute(
      sql`insert into order_items (order_id, product_id, names, unit_price, quantity, options, line_total)
          select order_id, product_id, names, unit_price, quantity, options, line_total
          from json_to_recordset(${JSON.stringify(itemRows)}::json) as x(order_id bigint, product_id int,
            names jsonb, unit_price int, quantity int, options jsonb, line_total int)`,
    );
    if (!marks.length) return;
    await tx.execute(
      sql`update seed_backlog b set done = x.done
          from json_to_recordset(${JSON.stringify(marks)}::json) as x(account_id int, done int)
          where b.account_id = x.account_id`,
    );
    await tx.execute(sql`delete from seed_backlog where done >= count`);
  });
};

/** A generator of its own per shop and per order, so a history resumed at any order makes the same orders. */
const shopRandom = (accountId: number, salt: number) =>
  createRandom((SEED ^ Math.imul(accountId, 0x9e3779b1) ^ Math.imul(salt, 0x85ebca6b)) >>> 0);
const orderRandom = (accountId: number, serial: number) =>
  createRandom((Math.imul(SEED ^ accountId, 0x27d4eb2d) ^ Math.imul(serial + 1, 0x165667b1)) >>> 0);

type Log = (line: string) => void;
const perSecond = (n: number, started: number) =>
  `${Math.round(n / Math.max(0.001, (Date.now() - started) / 1000))}/s`;

/**
 * Demo orders for every shop with a menu: the last 90 days up to `now`, Asia/Taipei. Either
 * about DEFAULT_ORDERS_PER_DAY per shop per day (shops differ in how busy they are), or exactly `total`
 * orders spread evenly over the shops (benchmarks). Serials go on from each shop's order_start_number in
 * time order, and order_serials holds the last one, so the next storefront order takes the next number.
 *
 * this writes the last RECENT_DAYS days (the board and the reports' first view) and one
 * seed_backlog row per shop for the older orders; `history: 'now'` (the default: npm run seed, tests) then
 * writes them at once, `'later'` leaves them to fillOrderHistory (main.ts runs it after listening).
 */
export const seedOrders = async (
  db: Db,
  opts: { total?: number; now?: Date; log?: Log; history?: 'now' | 'later' } = {},
) => {
  const now = opts.now ?? new Date();
  // `--orders 0` (the shop-list data set): no order, so no read of every shop and its menu either
  if (opts.total === 0) return { orders: 0, history: 0 };
  const r = createRandom(SEED);
  const shops = await loadShops(db);
  if (!shops.length) return { orders: 0, history: 0 };
  const counts = shops.map((_, k) =>
    opts.total === undefined
      ? Math.round(DAYS * DEFAULT_ORDERS_PER_DAY * (0.4 + 1.2 * r.next()))
      : Math.floor(opts.total / shops.length) + (k < opts.total % shops.length ? 1 : 0),
  );
  const since = new Date(taipeiMidnight(now, DAYS - 1));
  const before = new Date(taipeiMidnight(now, RECENT_DAYS - 1));
  const started = Date.now();
  let recent = 0;
  let batch: ReturnType<typeof makeOrder>[] = [];
  // the counter is of today's order-number day, so the next storefront order today goes on from the
  // seeded numbers (the seeded history keeps one running number, on the epoch serial day)
  const serials: { account_id: number; last_serial: number; serial_day: string; start_number: number }[] = [];
  const backlog: (typeof seedBacklog.$inferInsert)[] = [];
  // While one batch is being written the next one is generated: the database works on its own cores.
  let inflight: Promise<void> = Promise.resolve();
  for (const [k, shop] of shops.entries()) {
    const count = counts[k]!;
    if (!count) continue;
    // only how many fall before `before` is kept: the history draws its own times there (historyTimes)
    const times = orderTimes(shopRandom(shop.accountId, 0), now, DAYS, count);
    const older = times.filter((t) => t < before.getTime()).length;
    for (let n = older; n < count; n += 1) {
      const serial = shop.startNumber + n;
      batch.push(makeOrder(orderRandom(shop.accountId, serial), shop, serial, times[n]!, now));
      if (batch.length % 250 === 0) await new Promise((resolve) => setImmediate(resolve)); // let I/O run
      if (batch.length < BATCH) continue;
      await inflight;
      inflight = flush(db, batch);
      inflight.catch(() => {}); // awaited (and thrown) before the next batch or at the end
      recent += batch.length;
      batch = [];
    }
    if (count)
      serials.push({
        account_id: shop.accountId,
        last_serial: shop.startNumber + count - 1,
        serial_day: serialDayStart(now, shop.resetTime).toISOString(),
        start_number: shop.startNumber,
      });
    if (older)
      backlog.push({
        accountId: shop.accountId,
        firstSerial: shop.startNumber,
        count: older,
        since,
        before,
        seededAt: now,
      });
  }
  await inflight;
  await flush(db, batch);
  recent += batch.length;
  await inBatches(serials, async (rows) => {
    await db.execute(
      sql`insert into order_serials (account_id, last_serial, serial_day, start_number)
          select account_id, last_serial, serial_day, start_number
          from json_to_recordset(${JSON.stringify(rows)}::json)
            as x(account_id int, last_serial int, serial_day timestamptz, start_number int)
          on conflict (account_id) do update set last_serial = excluded.last_serial,
            serial_day = excluded.serial_day, start_number = excluded.start_number`,
    );
  });
  await inBatches(backlog, async (rows) => {
    await db.insert(seedBacklog).values(rows).onConflictDoNothing();
  });
  const history = backlog.reduce((s, b) => s + b.count, 0);
  opts.log?.(
    `seeded ${recent} orders of the last ${RECENT_DAYS} days in ${shops.length} shops (${((Date.now() - started) / 1000).toFixed(1)} s, ${perSecond(recent, started)}); ${history} older orders ${opts.history === 'later' ? 'follow in the background' : 'next'}`,
  );
  if (opts.history !== 'later') await fillOrderHistory(db, { log: opts.log });
  return { orders: recent + history, history };
};

/** A backlog row's order times, oldest first: the same every time it is asked (a resumed fill agrees). */
const historyTimes = (row: typeof seedBacklog.$inferSelect) =>
  orderTimes(
    shopRandom(row.accountId, row.count),
    new Date(row.before.getTime() - 1),
    Math.round((row.before.getTime() - row.since.getTime()) / 86_400_000),
    row.count,
  );

/**
 * Writes the demo order history left in seed_backlog, oldest orders of each shop first. Each
 * transaction writes a batch of orders and moves the shops' backlog rows on, so the data stays consistent
 * if the process stops midway and the next call resumes where it stopped. Background use (`batch`
 * BACKGROUND_BATCH, `pauseMs`): requests get the database between batches. `stop()` true ends it early.
 */
export const fillOrderHistory = async (
  db: Db,
  opts: { log?: Log; batch?: number; pauseMs?: number; stop?: () => boolean } = {},
) => {
  const size = opts.batch ?? BATCH;
  const rows = await db.select().from(seedBacklog).orderBy(asc(seedBacklog.accountId));
  if (!rows.length) return { orders: 0 };
  const left = rows.reduce((s, b) => s + b.count - b.done, 0);
  const shops = new Map((await loadShops(db)).map((s) => [s.accountId, s]));
  const started = Date.now();
  let written = 0;
  let lastLog = started;
  let batch: ReturnType<typeof makeOrder>[] = [];
  let marks = new Map<number, number>();
  let inflight: Promise<void> = Promise.resolve();
  const write = async () => {
    await inflight;
    const m = [...marks].map(([account_id, done]) => ({ account_id, done }));
    const n = batch.length;
    inflight = flush(db, batch, m).then(() => {
      written += n;
    });
    inflight.catch(() => {});
    batch = [];
    marks = new Map();
    if (opts.pauseMs !== undefined) {
      await inflight; // in the background one batch at a time, with a breath between them
      await new Promise((resolve) => setTimeout(resolve, opts.pauseMs));
    }
    if (Date.now() - lastLog >= 10_000) {
      lastLog = Date.now();
      opts.log?.(
        `  order history ${written}/${left} (${Math.floor((100 * written) / left)} %, ${perSecond(written, started)})`,
      );
    }
  };
  for (const row of rows) {
    if (opts.stop?.()) break;
    const shop = shops.get(row.accountId);
    // a shop without a menu now (emptied since the seed) keeps the orders it has
    if (!shop) {
      marks.set(row.accountId, row.count);
      continue;
    }
    const times = historyTimes(row);
    for (let n = row.done; n < row.count; n += 1) {
      const serial = row.firstSerial + n;
      batch.push(makeOrder(orderRandom(row.accountId, serial), shop, serial, times[n]!, row.seededAt));
      marks.set(row.accountId, n + 1);
      if (batch.length % 250 === 0) await new Promise((resolve) => setImmediate(resolve));
      if (batch.length >= size) {
        await write();
        if (opts.stop?.()) break;
      }
    }
  }
  if (batch.length || marks.size) await write();
  await inflight;
  const s = (Date.now() - started) / 1000;
  opts.log?.(
    `order history complete: ${written} orders in ${s.toFixed(1)} s (${perSecond(written, started)})${opts.stop?.() ? ' (stopped early; the rest follows at the next start)' : ''}`,
  );
  return { orders: written };
};
