import type { TMealType, TPlacedOrder, TPricedItem } from '@shopdesk/contract';
import { and, asc, eq, notInArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';
import { runPrepared } from '../../../db/prepared';
import { accounts, bannedCustomers, orderItems, orders, products } from '../../../db/schema';
import { loadOrderPromotions } from '../../marketing/promotions/order-pricing';
import { loadChoices, toProduct } from '../../menus/menus/menu-store';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** The ordered products of a shop (live rows only), with their option groups, as the menu reads them. */
export const loadOrderedProducts = async (db: Db, accountId: number, ids: number[]) => {
  // which products have option groups comes with the rows: products without any need no second read
  // built once, run by name (db/prepared.ts): the shop and the ids are its only values
  const found = await runPrepared<{ row: typeof products.$inferSelect; choices: boolean }>(
    db,
    'ordered_products',
    (d) =>
      d
        .select({
          row: products,
          choices: sql<boolean>`exists (select 1 from option_groups g where g.product_id = ${products.id})`,
        })
        .from(products)
        .where(
          and(
            eq(products.accountId, sql.placeholder('accountId') as unknown as number),
            eq(products.archived, false),
            sql`${products.id} = any(${sql.placeholder('ids')}::int[])`,
          ),
        ),
    { accountId, ids },
  );
  const rows = found.map((f) => f.row);
  const { groups, opts } = await loadChoices(
    db,
    found.filter((f) => f.choices).map((f) => f.row.id),
  );
  return rows.map((r) => toProduct(r, groups, opts));
};

/** Orders of a meal type that still hold their place in a limit slot [from, to). */
export const countOrdersIn = async (db: Db, accountId: number, mealType: TMealType, from: Date, to: Date) => {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select ${countOrdersInSql(accountId, mealType, from, to)} as n`,
  );
  return Number(row?.n ?? 0);
};

/** `countOrdersIn` as a scalar sub-select, for a reader that folds it into its own statement. */
export const countOrdersInSql = (accountId: number, mealType: TMealType, from: Date, to: Date) =>
  sql`(select count(*)::int from ${orders} where ${and(
    eq(orders.accountId, accountId),
    eq(orders.mealType, mealType),
    notInArray(orders.status, ['rejected', 'canceled']),
    sql`coalesce(${orders.wantedAt}, ${orders.createdAt}) >= ${from.toISOString()}`,
    sql`coalesce(${orders.wantedAt}, ${orders.createdAt}) < ${to.toISOString()}`,
  )})`;

/** Wanted times of the live orders of a meal type from `from` on (for the bookable-times list). */
export const wantedTimesFrom = async (db: Db, accountId: number, mealType: TMealType, from: Date) =>
  (
    await queryRows<{ at: string | Date }>(
      db,
      sql`select coalesce(wanted_at, created_at) as at from orders
          where account_id = ${accountId} and meal_type = ${mealType} and status not in ('rejected', 'canceled')
            and coalesce(wanted_at, created_at) >= ${from.toISOString()}`,
    )
  ).map((r) => new Date(r.at));

/**
 * The next order number of a shop: one row per shop, bumped by an UPDATE that takes its row lock, so two
 * orders never share a number. (spec 001 §2.2 start_number, reset_time): each order-number day
 * (`day`, from serialDayStart) starts at order_start_number; a start number changed during the day applies
 * at once when it is above the last number given (lowered, it applies from the next day, so no number of
 * the day repeats). A clock that goes back keeps counting in the later day.
 */
export const nextSerial = async (tx: Db, accountId: number, startNumber: number, day: Date) => {
  const [row] = await queryRows<{ serial: number; day: string | Date }>(
    tx,
    nextSerialSql(accountId, startNumber, day),
  );
  return { serial: Number(row?.serial), day: new Date(row!.day) };
};

/** `nextSerial`'s statement (`… returning serial, day`), for a caller that folds it into its own. */
const nextSerialSql = (accountId: number, startNumber: number, day: Date) =>
  sql`insert into order_serials (account_id, last_serial, serial_day, start_number)
        values (${accountId}, ${startNumber}, ${day.toISOString()}, ${startNumber})
        on conflict (account_id) do update set
          last_serial = case
            when order_serials.serial_day is null or order_serials.serial_day < excluded.serial_day
              then excluded.last_serial
            when order_serials.start_number is distinct from excluded.start_number
              and order_serials.last_serial < excluded.start_number
              then excluded.start_number
            else order_serials.last_serial + 1 end,
          serial_day = greatest(order_serials.serial_day, excluded.serial_day),
          start_number = excluded.start_number
        returning last_serial as serial, serial_day as day`;

type NewOrder = Omit<typeof orders.$inferInsert, 'serial' | 'serialDay'>;

/**
 * A new order's writes as CTEs of one statement (docs/decisions/orders.md "Order intake CPU"): the serial
 * (`nextSerial`'s upsert, CTE `s`), the order with that serial (`o`, returning its id), its items (`oi`) and
 * `more`, the caller's other writes (CTEs by name; a builder is embedded without the parentheses drizzle puts
 * around a sub-query) that take the order id (`orderIdSql`): the uses of its promotions and its
 * order_promotions rows. Every value is written as drizzle writes it (its inserts are drizzle's own builders,
 * embedded); nothing is read back but the id, the serial and its day, since the rest is what the caller gave.
 * Data-modifying CTEs run exactly once and see one snapshot; the order's foreign keys are checked at the end
 * of the statement, when the order exists.
 */
export const newOrderCtes = (
  tx: Db,
  p: {
    serial: { accountId: number; startNumber: number; day: Date };
    order: NewOrder;
    items: TPricedItem[];
    notes?: readonly (string | null | undefined)[];
    participants?: readonly (string | null | undefined)[];
    more?: Record<string, SQLWrapper>;
  },
) => {
  const order = tx
    .insert(orders)
    .values({ ...p.order, serial: sql`(select serial from s)`, serialDay: sql`(select day from s)` })
    .returning({ id: orders.id });
  const items = itemsInsert(tx, orderIdSql, p.items, p.notes, p.participants);
  const more = Object.entries(p.more ?? {}).map(([name, q]) => sql`, ${sql.raw(name)} as (${q.getSQL()})`);
  return sql`s as (${nextSerialSql(p.serial.accountId, p.serial.startNumber, p.serial.day)}),
    o as (${order.getSQL()}), oi as (${items.getSQL()})${sql.join(more)}`;
};

/** The order id inside `newOrderCtes`' statement. */
export const orderIdSql = sql`(select id from o)`;
/** The output columns of `newOrderCtes`' statement: order_id, serial, serial_day (as text). */
export const newOrderColumns = sql`, (select id from o)::float8 as order_id, (select serial from s) as serial,
  (select day from s)::text as serial_day`;
export type NewOrderRow = { order_id: number; serial: number; serial_day: string };

/** The slots `findByKey` counts: each limit slot [from, to) by its key (slot-counts.ts). */
export type KeySlot = { key: string; from: Date; to: Date };

/**
 * The shop's order of an idempotency key (undefined: none yet), and in the same statement order intake's
 * other questions of the moment: whether the customer is on the shop's banned list (by phone, or by chat-app
 * user id; no phone and no user id matches no one) and the counts of the wanted time's limit slots (the
 * count of `countOrdersIn`, by slot key). Built once and run by name (db/prepared.ts): its shape is the
 * same for every order (the slots travel as one json value), so nothing is built per order
 * (docs/decisions/incoming-intake-cpu.md "The key read built once").
 */
export const findByKey = async (
  db: Db,
  q: {
    accountId: number;
    key: string;
    /** '' = no phone asked. */
    phone: string;
    lineUserId: string | null;
    mealType: TMealType;
    slots: readonly KeySlot[];
  },
) => {
  const [row] = await runPrepared<{ orderId: number | null; banned: boolean; counts: string }>(
    db,
    'intake_key',
    (d) => {
      const v = (name: string) => sql.placeholder(name);
      const account = v('accountId') as unknown as number;
      return d
        .select({
          // only the id: a retried key is rare, and its row is read then (the common path builds and maps no
          // 40-column order row: docs/decisions/orders.md "Order intake CPU")
          orderId: orders.id,
          banned: sql<boolean>`exists (select 1 from ${bannedCustomers} b where b.account_id = ${account}
            and ((${v('phone')}::text <> '' and b.phone = ${v('phone')}::text)
              or (${v('lineUserId')}::text is not null and b.line_user_id = ${v('lineUserId')}::text)))`,
          counts: sql<string>`(select coalesce(json_object_agg(s.k, (
              select count(*)::int from ${orders} x where x.account_id = ${account}
                and x.meal_type = ${v('mealType')} and x.status not in ('rejected', 'canceled')
                and coalesce(x.wanted_at, x.created_at) >= s.f and coalesce(x.wanted_at, x.created_at) < s.t)),
              '{}'::json)::text
            from json_to_recordset(${v('slots')}::json) as s(k text, f timestamptz, t timestamptz))`,
        })
        .from(accounts)
        .leftJoin(
          orders,
          and(eq(orders.accountId, accounts.id), eq(orders.idempotencyKey, v('key') as unknown as string)),
        )
        .where(eq(accounts.id, account));
    },
    {
      accountId: q.accountId,
      key: q.key,
      phone: q.phone,
      lineUserId: q.lineUserId,
      mealType: q.mealType,
      slots: JSON.stringify(
        q.slots.map((s) => ({ k: s.key, f: s.from.toISOString(), t: s.to.toISOString() })),
      ),
    },
  );
  const earlier =
    row?.orderId === null || row?.orderId === undefined
      ? undefined
      : (await db.select().from(orders).where(eq(orders.id, row.orderId)))[0];
  return { earlier, banned: Boolean(row?.banned), counts: row?.counts ?? '{}' };
};

/** `notes[i]` is the customer's note on `items[i]`, when the shop takes item notes. */
export const insertItems = (
  tx: Db,
  orderId: number,
  items: TPricedItem[],
  notes: readonly (string | null | undefined)[] = [],
  /** 團購: `participants[i]` ordered `items[i]` (group-cart.ts). */
  participants: readonly (string | null | undefined)[] = [],
) => itemsInsert(tx, orderId, items, notes, participants).returning();

const itemsInsert = (
  tx: Db,
  orderId: number | SQL,
  items: TPricedItem[],
  notes: readonly (string | null | undefined)[] = [],
  participants: readonly (string | null | undefined)[] = [],
) =>
  tx.insert(orderItems).values(
    items.map((i, n) => ({
      orderId,
      productId: i.productId,
      names: i.names,
      unitPrice: i.unitPrice,
      quantity: i.quantity,
      options: i.options,
      lineTotal: i.lineTotal,
      note: notes[n] || null,
      participant: participants[n] || null,
    })),
  );

type AppliedRow = { promotionId: number | null; name: string; discount: number };

export const presentOrder = (
  o: Pick<OrderRow, 'id' | 'serial' | 'status' | 'deliveryFee' | 'subtotal' | 'discount' | 'total'>,
  items: readonly Pick<ItemRow, 'productId' | 'names' | 'unitPrice' | 'quantity' | 'options' | 'lineTotal'>[],
  applied: AppliedRow[],
): TPlacedOrder => ({
  order: {
    id: o.id,
    serial: o.serial,
    status: o.status,
    deliveryFee: o.deliveryFee,
    subtotal: o.subtotal,
    discount: o.discount,
    promotions: applied.map((a) => ({ promotionId: a.promotionId, name: a.name, discount: a.discount })),
    total: o.total,
    items: items.map((i) => ({
      productId: i.productId,
      name: i.names.zh,
      unitPrice: i.unitPrice,
      quantity: i.quantity,
      optionIds: i.options.map((x) => x.id),
      lineTotal: i.lineTotal,
    })),
  },
});

export const loadPlacedOrder = async (db: Db, o: OrderRow) =>
  presentOrder(
    o,
    await db.select().from(orderItems).where(eq(orderItems.orderId, o.id)).orderBy(asc(orderItems.id)),
    await loadOrderPromotions(db, o.id),
  );
