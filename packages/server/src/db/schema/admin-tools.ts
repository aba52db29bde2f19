import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from './columns';
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
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

/** A shop's tag-manager (GTM) container id (spec 002 §7 PUT /gaa/business/bulk/gtm); the storefront loads it. */
export const shopTagManagers = pgTable('shop_tag_managers', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  gtmId: text('gtm_id').notNull(),
  updatedAt: updatedAtColumn(),
});
