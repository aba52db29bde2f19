import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from './columns';
import { accounts } from './shops';

type Period = { openDay: number; closeDay: number; openTime: string; closeTime: string };

/**
 * Service periods of a shop (spec 001 §3 "Opening period"): the three lists saved together by one PUT, so
 * one row per shop. An empty togo or delivery list means 'same as default'. No row = never saved.
 */
export const shopOpeningHours = pgTable('shop_opening_hours', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  general: jsonb('general').$type<Period[]>().notNull(),
  togo: jsonb('togo').$type<Period[]>().notNull().default(sql`'[]'::jsonb`),
  delivery: jsonb('delivery').$type<Period[]>().notNull().default(sql`'[]'::jsonb`),
  updatedAt: updatedAtColumn(),
});

/** Special dates / days off (spec 001 §3 "Special date"); closeDay 100 = closed all day. One per date. */
export const shopSpecialDays = pgTable(
  'shop_special_days',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    specialDate: date('special_date', { mode: 'string' }).notNull(),
    openTime: text('open_time'),
    closeDay: integer('close_day').notNull().default(100),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('shop_special_days_date_unique').on(t.accountId, t.specialDate)],
);

/** Order limits / flow control (spec 001 §3 "Order limit", 002 §3). */
export const orderLimits = pgTable(
  'order_limits',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    mealType: text('meal_type', { enum: ['eat_in', 'to_go', 'delivery'] }).notNull(),
    /** Weekdays, 0 = Sunday. */
    periodSession: jsonb('period_session').$type<number[]>().notNull(),
    /** HH:mm start and end. */
    timeSession: jsonb('time_session').$type<{ start: string; end: string }>().notNull(),
    /** Slot length in minutes: 15, 30 or 60. */
    sessionTime: integer('session_time').notNull(),
    maxNumOfOrder: integer('max_num_of_order').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  // order intake reads a shop's limits of one meal type
  (t) => [index('order_limits_account_idx').on(t.accountId, t.mealType)],
);
