import { bigserial, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One-time SMS codes of the customer app's phone verification (spec 001 §2.2 is_otp_enabled). The code itself
 * is never stored: only an HMAC of it (server secret, a per-code salt, the phone), compared in constant time.
 * A row also counts towards the per-phone send limits (contract phone-otp.ts), so rows are kept a day.
 */
export const phoneOtpCodes = pgTable(
  'phone_otp_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 09xxxxxxxx (contract canonicalMobile). */
    phone: text('phone').notNull(),
    /** The LINE user id inside LINE, else the customer app's device id. */
    holder: text('holder').notNull(),
    /** The shop whose checkout asked for it (its name signs the SMS). */
    accountId: integer('account_id').notNull(),
    salt: text('salt').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('phone_otp_codes_phone_idx').on(t.phone, t.createdAt),
    index('phone_otp_codes_holder_idx').on(t.phone, t.holder, t.id),
  ],
);

/** Phones verified by a code, per holder: remembered, so the holder's next orders need no code. */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    phone: text('phone').notNull(),
    holder: text('holder').notNull(),
    /** The shop where the code was typed (for the record; the verification holds at every shop). */
    accountId: integer('account_id').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.phone, t.holder] })],
);
