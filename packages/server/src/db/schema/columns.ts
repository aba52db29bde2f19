import { timestamp } from 'drizzle-orm/pg-core';

/** The audit columns most tables carry: when the row was made and last changed (timestamptz, set by the database). */
export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAtColumn = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
