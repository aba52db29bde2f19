import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';
import type { TNamesColumn } from './menus';
import { accounts } from './shops';
import { siAccounts } from './users';

export const ORDER_STATUSES = ['new', 'accepted', 'rejected', 'completed', 'canceled'] as const;
export const PAYMENT_METHODS = ['cash', 'online'] as const;
export const PAYMENT_STATUSES = ['unpaid', 'paid', 'refunded'] as const;

/**
 * Customer orders. Built for date-range reporting at scale: bigserial ids, the SI account copied
 * onto the row (a report per SI account needs no join through accounts), and (owner, created_at) indexes so
 * a shop's or an SI account's orders of a period are one index range scan.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siAccountId: integer('si_account_id').references(() => siAccounts.id),
    /** Per-shop order number of the day, from the business's order_start_number (order_serials). */
    serial: integer('serial').notNull(),
    /**
     * the start of the order-number day the serial belongs to (the last reset_time, Asia/Taipei);
     * serials restart each day, so they are unique per shop and day. Older rows keep the epoch.
     */
    serialDay: timestamp('serial_day', { withTimezone: true }).notNull().default(sql`'1970-01-01T00:00:00Z'`),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    /**
     * A staff test order (docs/decisions/orders.md "Go-live status and test orders"): placed through a signed staff
     * preview link, shown 測試 on the board, the ticket and the order list, kept out of every report and
     * statistic (the rollup triggers skip it; raw report queries filter `not is_test`). Never changes.
     */
    isTest: boolean('is_test').notNull().default(false),
    mealType: text('meal_type', { enum: ['eat_in', 'to_go', 'delivery'] }).notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('unpaid'),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull(),
    lineUserId: text('line_user_id'),
    tableNumber: text('table_number'),
    /** The customer's note for the shop, when the shop shows the comment box. */
    comment: text('comment'),
    /** The customer asked for a paper receipt, kept only when the shop offers receipts. */
    receiptRequested: boolean('receipt_requested').notNull().default(false),
    /** A to-go order the customer collects by self pick-up (自取), only when the shop offers it (is_pick_up). */
    pickUp: boolean('pick_up').notNull().default(false),
    /** The customer's e-mail (is_email, spec 001 §2.2): the confirmation and status changes are mailed to it. */
    customerEmail: text('customer_email'),
    /** E-invoice: the buyer's tax id or mobile barcode carrier, when the customer gave one. */
    buyerTaxId: text('buyer_tax_id'),
    carrier: text('carrier'),
    /** When the customer wants the order (null = as soon as possible). */
    wantedAt: timestamp('wanted_at', { withTimezone: true }),
    deliveryAddress: text('delivery_address'),
    deliveryLat: numeric('delivery_lat', { precision: 9, scale: 6 }),
    deliveryLng: numeric('delivery_lng', { precision: 9, scale: 6 }),
    /** Straight-line km from the shop. */
    deliveryDistance: numeric('delivery_distance', { precision: 8, scale: 3 }),
    /** NT$, whole dollars. */
    subtotal: integer('subtotal').notNull(),
    /** NT$ charged for delivery by the shop's delivery rule; included in total. */
    deliveryFee: integer('delivery_fee').notNull().default(0),
    total: integer('total').notNull(),
    itemCount: integer('item_count').notNull(),
    /**
     * "牛肉麵 x2、紅茶 x1" in each language, written when the order is placed (reports/sales/items-line.ts):
     * the sales page and exports read it instead of joining order_items. Null on orders written before
     * migration 0049 (the readers then make it from the items).
     */
    itemsLineZh: text('items_line_zh'),
    itemsLineEn: text('items_line_en'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAtColumn(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** Why the order was rejected or canceled. */
    statusReason: text('status_reason'),
    /** Delivery orders handed to a logistics vendor: spec 000 §4 logistics status (LOGISTICS_STATUSES). */
    logisticsStatus: text('logistics_status'),
    logisticsUpdatedAt: timestamp('logistics_updated_at', { withTimezone: true }),
    /** A coupon the customer redeemed (coupon campaigns come later; demo orders carry some). */
    voucherCode: text('voucher_code'),
    /** NT$ taken off the subtotal by the voucher. */
    discount: integer('discount').notNull().default(0),
  },
  (t) => [
    uniqueIndex('orders_account_idempotency_unique').on(t.accountId, t.idempotencyKey),
    uniqueIndex('orders_account_serial_day_unique').on(t.accountId, t.serialDay, t.serial),
    index('orders_account_created_idx').on(t.accountId, t.createdAt),
    index('orders_si_created_idx').on(t.siAccountId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    // phone search over the last 3 months (spec 000 §5) and the banned-list lookups
    index('orders_phone_created_idx').on(t.customerPhone, t.createdAt),
    // the same customer by chat-app user id: a new-member promotion counts the customer's earlier orders by
    // phone or user id, and the `or` needs both sides indexed (docs/decisions/orders.md "The customer's
    // earlier orders read the whole table")
    index('orders_line_user_created_idx')
      .on(t.lineUserId, t.createdAt)
      .where(sql`${t.lineUserId} is not null`),
    // the board's open orders: a shop's new and accepted orders
    index('orders_account_open_idx').on(t.accountId, t.id).where(sql`${t.status} in ('new', 'accepted')`),
    index('orders_voucher_created_idx').on(t.createdAt).where(sql`${t.voucherCode} is not null`),
    // order limits count a shop's orders of one meal type in a slot, by the time an order takes its place at
    // (order-store.ts PLACE_TIME: wanted, else placed): the slot bounds the scan, not the shop's history
    // (docs/decisions/orders.md "The slot count read the shop's whole history")
    index('orders_account_meal_place_idx').on(
      t.accountId,
      t.mealType,
      sql`coalesce(${t.wantedAt}, ${t.createdAt})`,
    ),
    check('orders_total_check', sql`${t.total} >= 0`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    /** Names as ordered: the menu may change afterwards. */
    names: jsonb('names').$type<TNamesColumn>().notNull(),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    options: jsonb('options')
      .$type<{ id: number; groupId: number; names: TNamesColumn; priceDelta: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    lineTotal: integer('line_total').notNull(),
    /** The customer's note on this item, e.g. 去冰; null when none or the shop hides the box. */
    note: text('note'),
    /** 團購: the participant who ordered this item (features/orders/storefront/group-cart.ts); null otherwise. */
    participant: text('participant'),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_product_idx').on(t.productId)],
);

/** The last serial given per shop; `update … set last = last + 1 returning` serialises concurrent orders. */
export const orderSerials = pgTable('order_serials', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  lastSerial: integer('last_serial').notNull(),
  /** the order-number day of last_serial and the start number it counted from. */
  serialDay: timestamp('serial_day', { withTimezone: true }),
  startNumber: integer('start_number'),
});
