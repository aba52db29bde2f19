import { serialDayStart, type TMealType } from '@shopdesk/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, businesses, optionGroups, options, products } from '../db/schema';
import { toProduct } from '../features/menus/menu-store';
import { makeOrder, orderTimes, type SeedShop } from './order-maker';
import { createRandom } from './random';

/** Orders per INSERT: one JSON parameter each, so PostgreSQL's 65535-parameter limit never applies. */
const BATCH = 2000;
const DAYS = 90;
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
  const rows = await db
    .select({ a: accounts, b: businesses })
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
  canceled_at timestamptz`;
const ORDER_NAMES = ORDER_COLUMNS.split(',')
  .map((c) => c.trim().split(' ')[0])
  .join(', ');

/** One batch: ids taken from the sequence first, so items can point at their order without RETURNING. */
const flush = async (db: Db, batch: ReturnType<typeof makeOrder>[]) => {
  if (!batch.length) return;
  const ids = (
    (await db.execute(
      sql`select nextval(pg_get_serial_sequence('orders', 'id'))::bigint as id from generate_series(1, ${batch.length})`,
    )) as unknown as { rows: { id: string | number }[] }
  ).rows.map((x) => Number(x.id));
  const orderRows = batch.map((b, k) => ({ id: ids[k], ...b.order }));
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
  });
};

/**
 * Demo orders (issue 6) for every shop with a menu: the last 90 days up to `now`, Asia/Taipei. Either
 * about DEFAULT_ORDERS_PER_DAY per shop per day (shops differ in how busy they are), or exactly `total`
 * orders spread evenly over the shops (benchmarks). Serials go on from each shop's order_start_number in
 * time order, and order_serials holds the last one, so the next storefront order takes the next number.
 */
export const seedOrders = async (
  db: Db,
  opts: { total?: number; now?: Date; log?: (line: string) => void } = {},
) => {
  const now = opts.now ?? new Date();
  const r = createRandom(20260906);
  const shops = await loadShops(db);
  if (!shops.length) return { orders: 0 };
  const counts = shops.map((_, k) =>
    opts.total === undefined
      ? Math.round(DAYS * DEFAULT_ORDERS_PER_DAY * (0.4 + 1.2 * r.next()))
      : Math.floor(opts.total / shops.length) + (k < opts.total % shops.length ? 1 : 0),
  );
  const sum = counts.reduce((a, b) => a + b, 0);
  const started = Date.now();
  let done = 0;
  let nextLog = 100_000;
  let batch: ReturnType<typeof makeOrder>[] = [];
  // issue 25: the counter is of today's order-number day, so the next storefront order today goes on from the
  // seeded numbers (the seeded history keeps one running number, on the epoch serial day)
  const serials: { account_id: number; last_serial: number; serial_day: string; start_number: number }[] = [];
  // While one batch is being written the next one is generated: the database works on its own cores.
  let inflight: Promise<void> = Promise.resolve();
  for (const [k, shop] of shops.entries()) {
    const times = orderTimes(r, now, DAYS, counts[k]!);
    for (const [n, at] of times.entries()) {
      batch.push(makeOrder(r, shop, shop.startNumber + n, at, now));
      if (batch.length % 250 === 0) await new Promise((resolve) => setImmediate(resolve)); // let I/O run
      if (batch.length < BATCH) continue;
      await inflight;
      inflight = flush(db, batch);
      inflight.catch(() => {}); // awaited (and thrown) before the next batch or at the end
      batch = [];
      done += BATCH;
      if (done >= nextLog) {
        const s = (Date.now() - started) / 1000;
        opts.log?.(`  orders ${done}/${sum} (${Math.round(done / s)}/s)`);
        nextLog += 100_000;
      }
    }
    if (times.length)
      serials.push({
        account_id: shop.accountId,
        last_serial: shop.startNumber + times.length - 1,
        serial_day: serialDayStart(now, shop.resetTime).toISOString(),
        start_number: shop.startNumber,
      });
  }
  await inflight;
  await flush(db, batch);
  if (serials.length)
    await db.execute(
      sql`insert into order_serials (account_id, last_serial, serial_day, start_number)
          select account_id, last_serial, serial_day, start_number
          from json_to_recordset(${JSON.stringify(serials)}::json)
            as x(account_id int, last_serial int, serial_day timestamptz, start_number int)
          on conflict (account_id) do update set last_serial = excluded.last_serial,
            serial_day = excluded.serial_day, start_number = excluded.start_number`,
    );
  const s = (Date.now() - started) / 1000;
  opts.log?.(`seeded ${sum} orders in ${shops.length} shops (${s.toFixed(1)} s, ${Math.round(sum / s)}/s)`);
  return { orders: sum };
};
