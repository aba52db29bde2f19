import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';
import { accounts } from './shops';

/**
 * Order-machine (POS) users (spec 002 §3 "POS user"): a username and password per device operator of one
 * shop. Usernames are global because the POS sign-in names no shop (spec 000 §7 POST /qcpos/signin).
 */
export const posUsers = pgTable(
  'pos_users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-case; unique across shops. */
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('pos_users_username_unique').on(sql`lower(${t.username})`),
    index('pos_users_account_idx').on(t.accountId, t.username),
  ],
);

/** Bearer tokens issued by the POS sign-in; the database keeps only the token's SHA-256. */
export const posSessions = pgTable(
  'pos_sessions',
  {
    id: text('id').primaryKey(),
    posUserId: integer('pos_user_id')
      .notNull()
      .references(() => posUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('pos_sessions_user_idx').on(t.posUserId), index('pos_sessions_expires_idx').on(t.expiresAt)],
);
