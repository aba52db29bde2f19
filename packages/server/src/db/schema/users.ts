import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** System-integrator (reseller) accounts: quickclick, lifeplus, … (spec 002 §3 "SI account"). */
export const siAccounts = pgTable('si_accounts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  displayName: text('display_name').notNull(),
  email: text('email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Console users of the four types (spec 000 §1). An si user belongs to one SI account, a line user to one shop. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: ['gaa', 'si', 'eaa', 'line'] }).notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    siAccountId: integer('si_account_id').references(() => siAccounts.id),
    /** For line users: the one shop (account id) they work in. */
    shopAccountId: integer('shop_account_id'),
    /**
     * For line users (shop managers): the acls they hold (spec 002 §3). A new manager holds them all, so the
     * managers of before keep what they could do; the shop's owner takes away on the permission page.
     */
    acls: text('acls')
      .array()
      .notNull()
      .default(sql`'{shop,product,user,contract,admin,report,order}'::text[]`),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_si_account_idx').on(t.siAccountId),
  ],
);

/** Server-side sessions behind an HttpOnly cookie. The id is a SHA-256 of the cookie token. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Failed sign-in counters per key ("acct:…", "ip:…", "pair:…|…"), shared by every server instance. */
export const signinThrottle = pgTable('signin_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  /** The count is forgotten 24 h after the later of this and locked_until (features/session/throttle.ts). */
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
