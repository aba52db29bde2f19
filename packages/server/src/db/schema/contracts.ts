import { CONTRACT_STATUSES } from '@shopdesk/contract';
import { date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';
import { accounts } from './shops';
import { users } from './users';

/** spec 002 §3 Plan: id, code, plan (its name). */
export const contractPlans = pgTable('contract_plans', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  plan: text('plan').notNull(),
});

/** spec 002 §3 Registration order: id, orderId (the sign-up order number), createdTs. */
export const registrationOrders = pgTable(
  'registration_orders',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: text('order_id').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('registration_orders_order_unique').on(t.orderId),
    index('registration_orders_account_idx').on(t.accountId),
  ],
);

/**
 * A shop's contract (spec 002 §3 Contract). Dates are local (Asia/Taipei) calendar dates; the system runs
 * through sys_end_date (docs/decisions/marketing.md "Contracts and promotions"). The system switch itself is
 * accounts.sys_closed.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => contractPlans.id),
    registrationOrderId: integer('registration_order_id').references(() => registrationOrders.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    sysEndDate: date('sys_end_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: CONTRACT_STATUSES }).notNull().default('normal'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('contracts_account_idx').on(t.accountId, t.startDate),
    index('contracts_sys_end_idx').on(t.sysEndDate),
  ],
);
