import type {
  TBankOwner,
  TBillingLineState,
  TDepositMethod,
  TLedgerAccountKind,
  TTransactionKind,
} from '@shopdesk/contract';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from './columns';
import { formulaVersions } from './formulas';
import { accounts } from './shops';
import { siAccounts, users } from './users';

/**
 * Stored funds: a double-entry ledger. A ledger account is a shop's wallet or one of the
 * platform's own accounts (cash received, revenue). No balance column: a balance is the sum of entries.
 * Transactions, entries and deposit records are insert-only, and every transaction's entries sum to zero:
 * triggers of the migration hold both (docs/decisions/payments.md "Stored funds, ledger and billing").
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<TLedgerAccountKind>().notNull(),
    /** The shop of a wallet; null for the platform's accounts. */
    shopAccountId: integer('shop_account_id').references(() => accounts.id),
    /** Cents the balance may go below zero. */
    creditLimit: bigint('credit_limit', { mode: 'number' }).notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('ledger_accounts_shop_unique').on(t.shopAccountId)],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').$type<TTransactionKind>().notNull(),
    /** The caller's key for this posting: a replay with the same key changes nothing. */
    idempotencyKey: text('idempotency_key').notNull(),
    memo: text('memo').notNull().default(''),
    /** YYYY-MM of a billing run's charge. */
    billingMonth: text('billing_month'),
    createdBy: integer('created_by').references(() => users.id),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_key_unique').on(t.idempotencyKey),
    index('ledger_transactions_created_idx').on(t.createdAt),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    ledgerAccountId: integer('ledger_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Signed cents: + into the account, − out of it. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.ledgerAccountId, t.transactionId),
    index('ledger_entries_tx_idx').on(t.transactionId),
  ],
);

export const depositRecords = pgTable(
  'deposit_records',
  {
    id: serial('id').primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    ledgerAccountId: integer('ledger_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    payer: text('payer').notNull(),
    method: text('method').$type<TDepositMethod>().notNull(),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('deposit_records_tx_unique').on(t.transactionId)],
);

export type TBillingUsage = { orders: number; sales: number; einvoices: number; deliveries: number };
/**
 * A line's usage as stored, with the e-invoice and delivery parts of its charge (cents). They joined the
 * formula after this table was made: kept in the jsonb instead of new columns; a line without them charged 0.
 */
export type TStoredBillingUsage = TBillingUsage & { charged?: { einvoice: number; delivery: number } };

/** A shop's line of a month's billing: frozen once posted (the ledger holds the charge). */
export const billingLines = pgTable(
  'billing_lines',
  {
    id: serial('id').primaryKey(),
    month: text('month').notNull(),
    ledgerAccountId: integer('ledger_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    planName: text('plan_name'),
    formulaVersionId: integer('formula_version_id').references(() => formulaVersions.id),
    formulaVersion: integer('formula_version'),
    usage: jsonb('usage').$type<TStoredBillingUsage>().notNull(),
    fixed: bigint('fixed', { mode: 'number' }).notNull(),
    perOrder: bigint('per_order', { mode: 'number' }).notNull(),
    percent: bigint('percent', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    state: text('state').$type<TBillingLineState>().notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('billing_lines_month_account').on(t.month, t.ledgerAccountId)],
);

export const billingRuns = pgTable(
  'billing_runs',
  {
    id: serial('id').primaryKey(),
    month: text('month').notNull(),
    posted: integer('posted').notNull(),
    amountPosted: bigint('amount_posted', { mode: 'number' }).notNull(),
    ranBy: integer('ran_by').references(() => users.id),
    ranByName: text('ran_by_name').notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_runs_month_idx').on(t.month, t.ranAt)],
);

/** Payout bank accounts of the platform and the integrators (/acct/bank-accounts). */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: serial('id').primaryKey(),
    owner: text('owner').$type<TBankOwner>().notNull(),
    siAccountId: integer('si_account_id').references(() => siAccounts.id),
    bankCode: text('bank_code').notNull(),
    branchCode: text('branch_code').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('bank_accounts_number_unique').on(t.bankCode, t.branchCode, t.accountNumber)],
);
