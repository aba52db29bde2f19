import { REGISTRATION_STATUSES } from '@shopdesk/contract';
import { bigserial, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from './columns';
import { contractPlans } from './contracts';
import { accounts } from './shops';
import { siAccounts, users } from './users';

/** Store-opening applications from the public form (/registrations). */
export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    status: text('status', { enum: REGISTRATION_STATUSES }).notNull().default('new'),
    shopName: text('shop_name').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    taxId: text('tax_id').notNull(),
    address: text('address').notNull(),
    planId: integer('plan_id')
      .notNull()
      .references(() => contractPlans.id),
    message: text('message').notNull().default(''),
    siAccountId: integer('si_account_id').references(() => siAccounts.id),
    /** The shop the wizard opened from it. */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('registrations_status_idx').on(t.status, t.id)],
);

/** Every status an application went through, with gaa's note (the detail page's history). */
export const registrationEvents = pgTable(
  'registration_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: REGISTRATION_STATUSES }).notNull(),
    note: text('note').notNull().default(''),
    byUserId: integer('by_user_id').references(() => users.id),
    createdAt: createdAtColumn(),
  },
  (t) => [index('registration_events_reg_idx').on(t.registrationId, t.id)],
);
