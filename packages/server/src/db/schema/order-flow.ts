import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';
import { orders } from './orders';
import { accounts } from './shops';

/**
 * The shop's order feed: every change a board must see (a new order, a status change, a
 * logistics update, a print) is one row here, written in the same transaction as the change, followed by
 * `pg_notify('order_events', …)`. Boards resume from the last id they saw (SSE Last-Event-ID), so a
 * reconnect replays what it missed; the detail drawer reads the status history from the same rows.
 * Ids of one shop grow in commit order: the writer takes a per-shop advisory lock before taking the id.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'cascade' }),
    /** created | status | logistics | printed | print_failed | shop (online / manual / sold-out switches) */
    kind: text('kind').notNull(),
    /** The order's status after the event (status / created events). */
    status: text('status'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** Who did it: a console user ("eaa:王小明"), a POS user ("pos:counter1"), the customer or the system. */
    actor: text('actor'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('order_events_account_id_idx').on(t.accountId, t.id),
    index('order_events_order_idx').on(t.orderId, t.id),
  ],
);

/**
 * Customers a shop refuses (spec 000 §2 /sales/banned-list, §8 "unable to block a member"): by phone,
 * and by chat-app user id when the order carried one. Order intake refuses a blocked customer.
 */
export const bannedCustomers = pgTable(
  'banned_customers',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    lineUserId: text('line_user_id'),
    customerName: text('customer_name').notNull().default(''),
    reason: text('reason').notNull(),
    /** The order the block was made from, when there was one. */
    orderId: bigint('order_id', { mode: 'number' }),
    createdBy: text('created_by').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('banned_customers_account_phone_unique').on(t.accountId, t.phone),
    index('banned_customers_account_line_idx').on(t.accountId, t.lineUserId),
  ],
);

/** Print jobs sent to the printer adapter (order tickets and reprints), with the outcome. */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'cascade' }),
    /** order (first print on acceptance) | reprint */
    kind: text('kind').notNull(),
    /** printed | failed */
    status: text('status').notNull(),
    error: text('error'),
    /** The adapter that took it: simulator, or the real client's name. */
    adapter: text('adapter').notNull(),
    /** The printer it went to (printers.id; null for jobs of before printers existed or a deleted one). */
    printerId: integer('printer_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('print_jobs_account_created_idx').on(t.accountId, t.createdAt)],
);
