import { boolean, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';
import { accounts } from './shops';
import { users } from './users';

/** API clients of /extra/app-mngmt: the key is kept as its SHA-256 hash only. */
export const apiClients = pgTable('api_clients', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  keyPrefix: text('key_prefix').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  allShops: boolean('all_shops').notNull().default(false),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: createdAtColumn(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

export const apiClientShops = pgTable(
  'api_client_shops',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => apiClients.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.accountId] })],
);
