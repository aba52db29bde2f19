import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from './columns';
import { orders } from './orders';
import { accounts } from './shops';

/** A shop's QRPay merchant (spec 001 §3 "QR merchant"): merchantId is the shop's account id. */
export const qrMerchants = pgTable('qr_merchants', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  address: text('address').notNull(),
  createdAt: createdAtColumn(),
});

/**
 * A configured payment service (spec 001 §3 "Payment config" field sets): the plain fields in `fields`, the
 * one secret (TapPay partner key, LINE Pay channel secret, easy-wallet security code) sealed by app.secretBox.
 */
export const paymentServices = pgTable(
  'payment_services',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => qrMerchants.accountId, { onDelete: 'cascade' }),
    service: text('service', { enum: ['tappay', 'linepay', 'easywallet'] }).notNull(),
    name: text('name').notNull(),
    fields: jsonb('fields').$type<Record<string, string | boolean | string[]>>().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    lastTest: jsonb('last_test').$type<{ ok: boolean; answer: string; at: string }>(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('payment_services_account_service_unique').on(t.accountId, t.service)],
);

/** One switchable payment type of a shop (service, type, is_enabled, payment_service_id). */
export const paymentConfigs = pgTable(
  'payment_configs',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => qrMerchants.accountId, { onDelete: 'cascade' }),
    service: text('service', { enum: ['tappay', 'linepay', 'easywallet'] }).notNull(),
    type: text('type', { enum: ['apple', 'google', 'jko', 'direct', 'linepay', 'easywallet'] }).notNull(),
    isEnabled: boolean('is_enabled').notNull().default(false),
    paymentServiceId: integer('payment_service_id').references(() => paymentServices.id, {
      onDelete: 'cascade',
    }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.service, t.type] })],
);

/**
 * The online payment of a storefront order through a shop's payment service (docs/decisions/payments.md "QR
 * payment"): requested when placed, paid when the service confirms, refund queued on cancellation.
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    service: text('service', { enum: ['tappay', 'linepay', 'easywallet'] }).notNull(),
    amount: integer('amount').notNull(),
    status: text('status', {
      enum: ['requested', 'paid', 'failed', 'refund_queued', 'refunded', 'refund_failed'],
    }).notNull(),
    /** The service's transaction id (TapPay rec_trade_id, LINE Pay transactionId, easy-wallet tradeNo). */
    transactionId: text('transaction_id'),
    /** LINE Pay: the page the customer approves the payment on, while it is requested. */
    paymentUrl: text('payment_url'),
    answer: text('answer'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('order_payments_order_unique').on(t.orderId),
    index('order_payments_account_idx').on(t.accountId),
  ],
);
