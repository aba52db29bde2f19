import type { TMealType, TPlacedOrder, TPricedItem } from '@shopdesk/contract';
import { and, asc, eq, getTableColumns, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';
import { rowsFromJson } from '../../../db/json-rows';
import { runPrepared } from '../../../db/prepared';
import { accounts, bannedCustomers, orderItems, orders, products } from '../../../db/schema';
import { loadOrderPromotions } from '../../marketing/promotions/order-pricing';
import { choicesJson, choicesJsonSql, choicesOf, toProduct } from '../../menus/menus/menu-store';
import { itemsLine } from '../../reports/sales/items-line';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/**
 * The ordered products of a shop (live rows only), with their option groups and options, as the menu reads
 * them: one statement (the groups come as a json value of each row, menu-store.ts `choicesJsonSql`), built
 * once and run by name (db/prepared.ts): the shop and the ids are its only values.
 */
export const loadOrderedProducts = async (db: Db, accountId: number, ids: number[]) => {
  const found = await runPrepared<{ row: typeof products.$inferSelect; choices: string }>(
    db,
    'ordered_products',
    (d) =>
      d
        .select({
          row: products,
          // qualified: a single-table select renders its columns bare, and a bare "id" here is the group's
          choices: choicesJsonSql(sql`${products}.${sql.identifier(products.id.name)}`),
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
  return found.map((f) => ({ ...toProduct(f.row, [], []), optionGroups: choicesOf(f.choices) }));
};

/**
 * `loadOrderedProducts` as a json text value of a larger statement (order intake's key read): each product's
 * row (`row_to_json`) and its option groups. `account` and `ids` are SQL of that statement. `orderedProductsOf`
 * reads it into the same products.
 */
const orderedProductsJson = (account: SQL | Placeholder, ids: SQL | Placeholder) =>
  sql<string>`(select coalesce(json_agg(json_build_object('row', row_to_json(p), 'choices',
      ${choicesJson(sql`p.id`)})), '[]'::json)::text
    from ${products} p where p.account_id = ${account} and not p.archived and p.id = any(${ids}::int[]))`;

const orderedProductsOf = (json: string) => {
  const found = JSON.parse(json) as { row: Record<string, unknown>; choices: unknown[] }[];
  const rows = rowsFromJson(
    products,
    found.map((f) => f.row),
  );
  return rows.map((r, i) => ({ ...toProduct(r, [], []), optionGroups: choicesOf(found[i]!.choices) }));
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
/**
 * An order that takes a place in an order limit's slot or a bookable time: not rejected or canceled, counted at
 * its wanted time, else when it was placed. Unqualified columns: written inside a subquery on `orders` alone.
 */
const TAKES_A_PLACE = sql.raw(`status not in ('rejected', 'canceled')`);
const PLACE_TIME = sql.raw('coalesce(wanted_at, created_at)');

export const countOrdersInSql = (accountId: number, mealType: TMealType, from: Date, to: Date) =>
  sql`(select count(*)::int from ${orders} where ${and(
    eq(orders.accountId, accountId),
    eq(orders.mealType, mealType),
    TAKES_A_PLACE,
    sql`${PLACE_TIME} >= ${from.toISOString()}`,
    sql`${PLACE_TIME} < ${to.toISOString()}`,
  )})`;

/** Wanted times of the live orders of a meal type from `from` on (for the bookable-times list). */
export const wantedTimesFrom = async (db: Db, accountId: number, mealType: TMealType, from: Date) =>
  (
    await queryRows<{ at: string | Date }>(
      db,
      sql`select ${PLACE_TIME} as at from orders
          where account_id = ${accountId} and meal_type = ${mealType} and ${TAKES_A_PLACE}
            and ${PLACE_TIME} >= ${from.toISOString()}`,
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
    nextSerialSql(accountId, startNumber, day.toISOString()),
  );
  return { serial: Number(row?.serial), day: new Date(row!.day) };
};

/** `nextSerial`'s statement (`… returning serial, day`), for a caller that folds it into its own. */
const nextSerialSql = (accountId: unknown, startNumber: unknown, day: unknown) =>
  sql`insert into order_serials (account_id, last_serial, serial_day, start_number)
        values (${accountId}, ${startNumber}, ${day}, ${startNumber})
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

/** The columns order intake writes of a new order, in its statement's order (every one given, null or not). */
const NEW_ORDER_KEYS = [
  'accountId',
  'siAccountId',
  'status',
  'mealType',
  'paymentMethod',
  'customerName',
  'customerPhone',
  'lineUserId',
  'tableNumber',
  'comment',
  'receiptRequested',
  'pickUp',
  'customerEmail',
  'buyerTaxId',
  'carrier',
  'wantedAt',
  'deliveryAddress',
  'deliveryLat',
  'deliveryLng',
  'deliveryDistance',
  'subtotal',
  'deliveryFee',
  'discount',
  'voucherCode',
  'total',
  'itemCount',
  'idempotencyKey',
  'isTest',
  'createdAt',
  'acceptedAt',
] as const;
export type NewOrderValues = {
  [K in (typeof NEW_ORDER_KEYS)[number]]-?: Exclude<NewOrder[K], undefined> | null;
};
const orderColumns = getTableColumns(orders);

/**
 * A new order's writes as CTEs of one statement (docs/decisions/orders.md "Order intake CPU"), built once with
 * placeholders (docs/decisions/orders.md "Intake CPU: The order statement built once"): the serial
 * (`nextSerial`'s upsert, CTE `s`), the order with that serial (`o`, returning its id), its items (`oi`, from
 * one json value, so the statement is the same for any number of items) and `more`, the caller's other CTEs
 * that take the order id (`orderIdSql`): the uses of its promotions and its order_promotions rows.
 * `newOrderValues` gives the values, encoded as drizzle encodes them (each column's `mapToDriverValue`).
 * Nothing is read back but the id, the serial and its day, since the rest is what the caller gave.
 * Data-modifying CTEs run exactly once and see one snapshot; the order's foreign keys are checked at the end
 * of the statement, when the order exists.
 */
export const newOrderCtes = (more?: SQL) => {
  const v = (name: string) => sql.placeholder(name);
  const order = sql`insert into ${orders} (${sql.join(
    NEW_ORDER_KEYS.map((k) => sql.identifier(orderColumns[k].name)),
    sql`, `,
  )}, serial, serial_day, items_line_zh, items_line_en) values (${sql.join(
    NEW_ORDER_KEYS.map((k) => v(`o_${k}`)),
    sql`, `,
  )}, (select serial from s), (select day from s), ${v('line_zh')}, ${v('line_en')}) returning id`;
  const items = sql`insert into ${orderItems} (order_id, product_id, names, unit_price, quantity, options, line_total,
      note, participant)
    select ${orderIdSql}, x.product_id, x.names, x.unit_price, x.quantity, x.options, x.line_total, x.note,
      x.participant
    from json_to_recordset(${v('items')}::json) as x(product_id int, names jsonb, unit_price int, quantity int,
      options jsonb, line_total int, note text, participant text)`;
  return sql`s as (${nextSerialSql(v('s_account'), v('s_start'), v('s_day'))}),
    o as (${order}), oi as (${items})${more ? sql`, ${more}` : sql``}`;
};

/** The values of `newOrderCtes`' placeholders. */
export const newOrderValues = (p: {
  serial: { accountId: number; startNumber: number; day: Date };
  order: NewOrderValues;
  items: TPricedItem[];
  notes?: readonly (string | null | undefined)[];
  participants?: readonly (string | null | undefined)[];
}) => {
  const values: Record<string, unknown> = {
    s_account: p.serial.accountId,
    s_start: p.serial.startNumber,
    s_day: p.serial.day.toISOString(),
    // the sales page's and exports' items line, made once here (reports/sales/items-line.ts)
    line_zh: itemsLine(p.items, 'zh-TW'),
    line_en: itemsLine(p.items, 'en'),
    items: JSON.stringify(
      p.items.map((i, n) => ({
        product_id: i.productId,
        names: i.names,
        unit_price: i.unitPrice,
        quantity: i.quantity,
        options: i.options,
        line_total: i.lineTotal,
        note: p.notes?.[n] || null,
        participant: p.participants?.[n] || null,
      })),
    ),
  };
  for (const k of NEW_ORDER_KEYS) {
    const x = p.order[k];
    values[`o_${k}`] = x === null || x === undefined ? null : orderColumns[k].mapToDriverValue(x as never);
  }
  return values;
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
 * (docs/decisions/orders.md "Intake CPU: The key read built once").
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
    /** The ordered products' ids: the products (`loadOrderedProducts`) come in the same statement. */
    productIds: readonly number[];
  },
) => {
  const [row] = await runPrepared<{
    orderId: number | null;
    banned: boolean;
    counts: string;
    products: string;
  }>(
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
                and x.meal_type = ${v('mealType')} and ${TAKES_A_PLACE}
                and ${PLACE_TIME} >= s.f and ${PLACE_TIME} < s.t)),
              '{}'::json)::text
            from json_to_recordset(${v('slots')}::json) as s(k text, f timestamptz, t timestamptz))`,
          products: orderedProductsJson(v('accountId'), v('productIds')),
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
      productIds: q.productIds,
    },
  );
  const earlier =
    row?.orderId === null || row?.orderId === undefined
      ? undefined
      : (await db.select().from(orders).where(eq(orders.id, row.orderId)))[0];
  return {
    earlier,
    banned: Boolean(row?.banned),
    counts: row?.counts ?? '{}',
    products: orderedProductsOf(row?.products ?? '[]'),
  };
};

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
