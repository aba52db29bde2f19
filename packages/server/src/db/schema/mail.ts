import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';

/**
 * E-mails kept by the local mail capture (SMTP_URL unset, development and tests): every message the
 * console would have sent, shown to gaa at /other/mail-outbox. With SMTP configured nothing is written here.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    bcc: jsonb('bcc').$type<string[]>().notNull().default([]),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);
