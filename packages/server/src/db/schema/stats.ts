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
