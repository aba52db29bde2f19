import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from './columns';
import { orders } from './orders';
import { accounts } from './shops';

/**
 * A shop's e-invoice setting (spec 001 §3 "Invoice application", "Invoice setting", "Account flags"):
 * written by the application, the platform password sealed.
 */
export const invoiceSettings = pgTable('invoice_settings', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  sellerId: text('seller_id').notNull(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  address: text('address').notNull(),
  sellerTaxId: text('seller_tax_id').notNull(),
  deviceId: text('device_id').notNull(),
  edcId: text('edc_id').notNull(),
  platformUser: text('platform_user').notNull(),
  passwordSealed: text('password_sealed').notNull(),
  printerSn: text('printer_sn').notNull(),
  printerDid: text('printer_did').notNull(),
  isEnabled: boolean('is_enabled').notNull().default(false),
  isQcInvoice: boolean('is_qc_invoice').notNull().default(false),
  isQpInvoice: boolean('is_qp_invoice').notNull().default(false),
  isCoInvoice: boolean('is_co_invoice').notNull().default(false),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

/**
 * Number tracks the platform handed out (two letters + eight digits, a set = a range of 50). `next_no` is
 * the next number to give; it moves under a row lock (features/payments/einvoice/numbering.ts).
 */
export const invoiceTracks = pgTable(
  'invoice_tracks',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    track: text('track').notNull(),
    startNo: integer('start_no').notNull(),
    endNo: integer('end_no').notNull(),
    nextNo: integer('next_no').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('invoice_tracks_range_unique').on(t.track, t.startNo),
    index('invoice_tracks_account_idx').on(t.accountId, t.id),
  ],
);

/** One e-invoice per accepted order: its number (unique), and whether the platform has it. */
export const invoices = pgTable(
  'invoices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** AB12345678; null when the shop had no number left (status no_number). */
    number: text('number'),
    /** waiting: its auto-issue switch (QC / QP) was off; a person issues it on the EInvoice tab. */
    status: text('status', { enum: ['issued', 'voided', 'no_number', 'waiting'] }).notNull(),
    /** The platform's side: pending until the outbox job is done. */
    platform: text('platform', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    amount: integer('amount').notNull(),
    buyerTaxId: text('buyer_tax_id'),
    carrier: text('carrier'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    /** The 4-digit random code printed on the proof and carried in its barcode and QR codes. */
    randomCode: text('random_code'),
    /** When the proof (電子發票證明聯) printed on the shop's e-invoice printer. */
    proofPrintedAt: timestamp('proof_printed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invoices_order_unique').on(t.orderId),
    uniqueIndex('invoices_number_unique').on(t.number),
    index('invoices_account_idx').on(t.accountId, t.id),
  ],
);
