import { doublePrecision, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './shops';
import { users } from './users';

/**
 * What this console uploaded to the LINE SPOT directory, one row per shop and SI: the record
 * behind 已上傳 / 未上傳 in searches, refreshed by every look-up at LINE SPOT (the service is the truth).
 */
export const lineSpotEntries = pgTable(
  'line_spot_entries',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    si: text('si').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.si] })],
);
