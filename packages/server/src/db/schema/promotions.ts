import type { TComputeModule, TFormulas, TMealSetting, TSimpleContent } from '@shopdesk/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from './columns';
import { orders } from './orders';
import { accounts } from './shops';

/**
 * Promotions (spec 002 §3 Promotion). Both forms are kept as entered (content for the simple form,
 * settings for the configuration form); the engine normalises them (contract toRule). start/end are the
 * local dates of the period (00:00 to 00:00, Asia/Taipei). used_count is the usage total, taken by a
 * conditional UPDATE at order intake.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    form: text('form', { enum: ['simple', 'config'] }).notNull(),
    displayName: text('display_name').notNull(),
    description: text('description').notNull(),
    class: text('class').notNull().default('common'),
    enabled: boolean('enabled').notNull().default(false),
    roundingType: smallint('rounding_type'),
    content: jsonb('content').$type<TSimpleContent>(),
    settings: jsonb('settings').$type<Partial<Record<string, TMealSetting>>>(),
    /** Configuration form: condition and discount formulas (contract promotion-formula.ts); null = none. */
    formulas: jsonb('formulas').$type<TFormulas>(),
    /** Configuration form: the compute modules the formulas read (orderTimes). */
    computeModules: text('compute_modules').array().$type<TComputeModule[]>().notNull().default(sql`'{}'`),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    usedCount: integer('used_count').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('promotions_account_idx').on(t.accountId, t.id),
    // order intake reads a shop's enabled promotions on every order
    index('promotions_account_enabled_idx').on(t.accountId).where(sql`${t.enabled}`),
    check('promotions_used_check', sql`${t.usedCount} >= 0`),
  ],
);

/** Which promotions priced an order and by how much; orders.discount is their sum. */
export const orderPromotions = pgTable(
  'order_promotions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null once the promotion is deleted; the name stays. */
    promotionId: integer('promotion_id').references(() => promotions.id, { onDelete: 'set null' }),
    accountId: integer('account_id').notNull(),
    /** The customer (normalised phone) for the per-customer limit. */
    customerPhone: text('customer_phone').notNull(),
    name: text('name').notNull(),
    mealKey: text('meal_key').notNull(),
    discount: integer('discount').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('order_promotions_order_idx').on(t.orderId),
    index('order_promotions_promo_phone_idx').on(t.promotionId, t.customerPhone),
    check('order_promotions_discount_check', sql`${t.discount} > 0`),
  ],
);
