import { MAIL_TEMPLATE_KINDS } from '@shopdesk/contract';
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { updatedAtColumn } from './columns';
import { siAccounts, users } from './users';

/** An SI's own subject and body of one mail kind (/si-email-template); none = the default. */
export const siMailTemplates = pgTable(
  'si_mail_templates',
  {
    siAccountId: integer('si_account_id')
      .notNull()
      .references(() => siAccounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MAIL_TEMPLATE_KINDS }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: updatedAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.siAccountId, t.kind] })],
);
