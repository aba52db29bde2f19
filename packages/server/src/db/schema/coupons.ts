import type { TMealSetting } from '@shopdesk/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from './columns';
import { orders } from './orders';
import { accounts } from './shops';
import { siAccounts } from './users';

/**
 * Coupon campaigns (docs/decisions/marketing.md "Coupon campaigns and vouchers"): an SI's campaign over a
 * group of its shops. The discount is one promotion-engine setting; start/end are local dates (00:00 to
 * 00:00, Asia/Taipei) as for promotions. status: draft → sending (the issue job is queued) → sent.
 */
export const couponCampaigns = pgTable(
  'coupon_campaigns',
  {
    id: serial('id').primaryKey(),
    siAccountId: integer('si_account_id')
      .notNull()
      .references(() => siAccounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    setting: jsonb('setting').$type<TMealSetting>().notNull(),
    perCustomerLimit: integer('per_customer_limit').notNull().default(1),
    totalCount: integer('total_count').notNull(),
    audienceDays: integer('audience_days').notNull().default(90),
    status: text('status', { enum: ['draft', 'sending', 'sent'] })
      .notNull()
      .default('draft'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('coupon_campaigns_si_idx').on(t.siAccountId, t.id)],
);

export const couponCampaignShops = pgTable(
  'coupon_campaign_shops',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => couponCampaigns.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.accountId] }),
    index('coupon_campaign_shops_account_idx').on(t.accountId),
  ],
);

/**
 * One customer's voucher: its own code, the shop whose LINE account pushes it, the push's outcome, and its
 * uses (taken by one conditional UPDATE at order intake: used_count < the campaign's per-customer limit).
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => couponCampaigns.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    lineUserId: text('line_user_id').notNull(),
    customerName: text('customer_name').notNull().default(''),
    delivery: text('delivery', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    deliveryError: text('delivery_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    usedCount: integer('used_count').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('vouchers_code_idx').on(t.code),
    uniqueIndex('vouchers_campaign_customer_idx').on(t.campaignId, t.lineUserId),
    check('vouchers_used_check', sql`${t.usedCount} >= 0`),
  ],
);

/** Which order used a voucher and by how much; released_at when that order was rejected or canceled. */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull(),
    discount: integer('discount').notNull(),
    createdAt: createdAtColumn(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    index('voucher_redemptions_voucher_idx').on(t.voucherId),
    uniqueIndex('voucher_redemptions_order_idx').on(t.orderId),
  ],
);
