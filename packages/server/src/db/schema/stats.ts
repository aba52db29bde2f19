import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { TNamesColumn } from './menus';
import { accounts } from './shops';

/**
 * Statistics rollups (docs/decisions/reports.md "Statistics"). Maintained inside the database by
 * statement-level triggers on orders and order_items (drizzle/0009_stats_rollups.sql), so they are exact
 * after every insert and status change; `refresh_order_stats(from, to)` rebuilds days from orders.
 * Days and hours are Asia/Taipei. Rows go with their shop (on delete cascade).
 */

/** Every order (all statuses) per shop, Taipei day, meal type, payment method and status. */
export const orderStatsDaily = pgTable(
  'order_stats_daily',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    mealType: text('meal_type').notNull(),
    paymentMethod: text('payment_method').notNull(),
    status: text('status').notNull(),
    orders: integer('orders').notNull().default(0),
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    /** Of `orders`, those that came through LINE (line_user_id) and, of the rest, from a table's QR code
     * (table_number): the platform charts' channels (contract ORDER_CHANNEL_SQL; web = the others). */
    ordersLine: integer('orders_line').notNull().default(0),
    ordersTable: integer('orders_table').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.day, t.mealType, t.paymentMethod, t.status] }),
    index('order_stats_daily_day_idx').on(t.day),
  ],
);

/** Counted orders (accepted, completed) per shop, Taipei day and hour. */
export const orderStatsHourly = pgTable(
  'order_stats_hourly',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    hour: smallint('hour').notNull(),
    orders: integer('orders').notNull().default(0),
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.day, t.hour] }),
    index('order_stats_hourly_day_idx').on(t.day),
  ],
);

/** Products of counted orders per shop and Taipei day; names as last ordered. */
export const orderProductDaily = pgTable(
  'order_product_daily',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    productId: integer('product_id').notNull(),
    names: jsonb('names').$type<TNamesColumn>().notNull().default(sql`'{}'::jsonb`),
    qty: integer('qty').notNull().default(0),
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.day, t.productId] }),
    index('order_product_daily_day_idx').on(t.day),
  ],
);

/**
 * A shop's LINE customers: each chat-app user id that ordered at the shop, with the time of their latest order
 * there (every status, test orders too: the coupon audience's own rule, coupons/send-jobs.ts). The coupon shop
 * pages count a shop's customers of the last N days here instead of the distinct user ids of the period's
 * orders (docs/decisions/marketing.md "Coupon shop pages: customers counted from a rollup"). Kept by a
 * statement-level trigger on orders inserts (drizzle/0052_shop_line_customers.sql): an order's shop, user id
 * and time are written once.
 */
export const shopLineCustomers = pgTable(
  'shop_line_customers',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    lineUserId: text('line_user_id').notNull(),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.lineUserId] }),
    index('shop_line_customers_recent_idx').on(t.accountId, t.lastOrderAt),
  ],
);
