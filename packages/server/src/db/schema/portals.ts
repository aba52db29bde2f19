import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from './columns';
import { accounts } from './shops';

/** Entrance portals: a branded page at /p/{key} listing a chosen group of shops. */
export const portals = pgTable('portals', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  logoUrl: text('logo_url').notNull().default(''),
  primaryColor: text('primary_color').notNull().default('#1677ff'),
  accentColor: text('accent_color').notNull().default('#fa8c16'),
  description: text('description').notNull().default(''),
  published: boolean('published').notNull().default(true),
  createdAt: createdAtColumn(),
  /** Bumped on every change of the portal or its shops: the public page's ETag derives from it. */
  updatedAt: updatedAtColumn(),
});

export const portalShops = pgTable(
  'portal_shops',
  {
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    label: text('label').notNull().default(''),
    displayOrder: integer('display_order').notNull().default(0),
    visible: boolean('visible').notNull().default(true),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.portalId, t.accountId] }),
    index('portal_shops_account_idx').on(t.accountId),
  ],
);
