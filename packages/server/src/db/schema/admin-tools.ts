import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './shops';

/**
 * Printer templates (spec 002 §3 "Printer template: id, master, options, updated_at"): the layout of the
 * kitchen ticket, shared by the shops whose printerTemplates (spec 000 §3) name the id. The texts are kept as
 * entered; contract checkPrinterTemplate guards every write.
 */
export const printerTemplates = pgTable('printer_templates', {
  id: serial('id').primaryKey(),
  master: text('master').notNull(),
  options: text('options').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A shop's tag-manager (GTM) container id (spec 002 §7 PUT /gaa/business/bulk/gtm); the storefront loads it. */
export const shopTagManagers = pgTable('shop_tag_managers', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  gtmId: text('gtm_id').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
