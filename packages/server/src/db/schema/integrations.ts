import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from './columns';
import { accounts } from './shops';

/**
 * A shop's integrations and value-added services (spec 002 §3 Integration record), one row per vendor:
 * mw-setting records (vendor shop id, sealed auth key, options, order_integration_enabled), lite activations
 * (enabled = active), services (enabled, LIFF id in options) and the POS DVR (ip, channel, account in
 * options, the password sealed in auth_data). Secrets are sealed with app.secretBox, never stored plain.
 */
export const integrations = pgTable(
  'integrations',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    vendorCode: text('vendor_code').notNull(),
    vendorShopId: text('vendor_shop_id'),
    /** secretBox.seal(key); null = the vendor's default key. */
    authDataSealed: text('auth_data_sealed'),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    env: text('env').notNull().default('production'),
    enabled: boolean('enabled').notNull().default(false),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('integrations_account_vendor').on(t.accountId, t.vendorCode)],
);
