import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';

/** System-integrator (reseller) accounts: quickclick, lifeplus, … (spec 002 §3 "SI account"). */
export const siAccounts = pgTable('si_accounts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  displayName: text('display_name').notNull(),
  email: text('email'),
  /** The SI's contact person and phone. */
  contactName: text('contact_name'),
  phone: text('phone'),
  /** Removed by gaa (only without shops): hidden from lists, its users disabled. */
  removedAt: timestamp('removed_at', { withTimezone: true }),
  createdAt: createdAtColumn(),
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
    /** false while an invited user has not set a password (its hash is then unusable). */
    passwordSet: boolean('password_set').notNull().default(true),
    /** TOTP two-factor (RFC 6238): the secret sealed with the app's secret box; enabled once confirmed. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** SHA-256 hashes of the unused recovery codes. */
    totpRecoveryHashes: jsonb('totp_recovery_hashes').$type<string[]>(),
    /** The time step of the last accepted code: a code of this step or earlier is refused (no replay). */
    totpLastStep: integer('totp_last_step'),
    /** Two-factor not required although gaa: set only by the demo seed (gaa@demo.test), by no API or page. */
    twoFactorExempt: boolean('two_factor_exempt').notNull().default(false),
    createdAt: createdAtColumn(),
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
    createdAt: createdAtColumn(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * A sign-in half done (two-factor): the password was right, the code is still due ('totp'), or a
 * gaa without two-factor must enrol first ('enrol'). Not a session: no API but the second step accepts it.
 * The id is a SHA-256 of the token in the sd_signin cookie; it ends after a few minutes or a few wrong codes.
 */
export const signinChallenges = pgTable(
  'signin_challenges',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['totp', 'enrol'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('signin_challenges_user_idx').on(t.userId)],
);

/** Failed sign-in counters per key ("acct:…", "ip:…", "pair:…|…"), shared by every server instance. */
export const signinThrottle = pgTable('signin_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  /** The count is forgotten 24 h after the later of this and locked_until (features/platform/session/throttle.ts). */
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Single-use set-password links: an invitation (72 h) or a forgotten-password reset (1 h).
 * The id is a SHA-256 of the token in the link; the token itself is never stored.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['invite', 'reset'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('password_tokens_user_idx').on(t.userId)],
);
