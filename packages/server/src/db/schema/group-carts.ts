import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { accounts } from './shops';

/**
 * 團購 (is_groupbuy): a shared cart opened by one customer (docs/decisions/customer-app.md "Group orders").
 * The token is the link (random, unguessable); keys are stored as SHA-256 hashes of the browsers' keys.
 */
export const groupCarts = pgTable(
  'group_carts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    token: text('token').notNull().unique(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    mealType: text('meal_type').notNull(),
    openerName: text('opener_name').notNull(),
    openerKeyHash: text('opener_key_hash').notNull(),
    openerLineUserId: text('opener_line_user_id'),
    status: text('status').notNull().default('open'),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('group_carts_account_idx').on(t.accountId),
    check('group_carts_status_check', sql`${t.status} in ('open', 'checked_out', 'cancelled')`),
  ],
);

/** One item of a group cart under a participant's name, in the order's item shape (ids, quantity, note). */
export const groupCartLines = pgTable(
  'group_cart_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    groupCartId: bigint('group_cart_id', { mode: 'number' })
      .notNull()
      .references(() => groupCarts.id, { onDelete: 'cascade' }),
    participant: text('participant').notNull(),
    keyHash: text('key_hash').notNull(),
    productId: integer('product_id').notNull(),
    optionIds: jsonb('option_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    quantity: integer('quantity').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('group_cart_lines_cart_idx').on(t.groupCartId)],
);
