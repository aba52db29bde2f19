import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './shops';

/**
 * The demo order history still to write (src/seed/order-history.ts): one row per demo shop whose
 * orders before `before` are not all in yet. The first start writes today's and the last days' orders and
 * these rows, answers requests, then fills the history in the background; each transaction that writes orders
 * moves `done` on (or deletes the row), so a stop midway resumes at the next start. Empty outside demo data.
 */
export const seedBacklog = pgTable('seed_backlog', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  /** The serial of the shop's oldest order; the history takes serials first_serial … first_serial + count − 1. */
  firstSerial: integer('first_serial').notNull(),
  count: integer('count').notNull(),
  /** Orders already written (the oldest `done`). */
  done: integer('done').notNull().default(0),
  /** The history lies in [since, before): `before` is the oldest recent order's day (Asia/Taipei midnight). */
  since: timestamp('since', { withTimezone: true }).notNull(),
  before: timestamp('before', { withTimezone: true }).notNull(),
  /** When the demo data was made: order statuses are as of then. */
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull(),
});
