import { z } from 'zod';
import { TEXT_MAX, zId, zInt, zQueryId, zText } from '../../../common/bounds';
import { zDateString } from '../../../common/dates';
import { msg } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { ZPagingQuery } from '../../../common/paging';
import { ZExportOptions } from '../../reports/sales/sales-rules';
import { DEPOSIT_METHODS, LEDGER_LIMITS as L, TRANSACTION_KINDS } from './ledger-rules';

/** /vas/* is gaa's (000 §2 Stored funds). */
const GAA = ['gaa'] as const;
const SPEC = '000 §2 Stored funds';

const zAmount = () => zInt(1, L.amountMax);
const zKey = () =>
  zText(L.keyMax)
    .regex(/^[A-Za-z0-9_.:-]+$/)
    .min(L.keyMin);
const zDate = () => zDateString();

export const ZLedgerAccount = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  shopName: zText(),
  /** Σ of the wallet's entries, in cents; may be negative down to −creditLimit. */
  balance: z.number().int(),
  creditLimit: z.number().int(),
  /** What a charge may still take: balance + creditLimit. */
  available: z.number().int(),
  lastActivityAt: zText().nullable(),
  createdAt: zText(),
});
export type TLedgerAccount = z.infer<typeof ZLedgerAccount>;

export const listLedgerAccountsOp = defineOperation({
  method: 'GET',
  path: '/gaa/vas/accounts',
  summary: 'Billing accounts (one per shop) with their balances, derived from the ledger',
  spec: SPEC,
  allow: GAA,
  query: ZPagingQuery.extend({ q: zText(TEXT_MAX.search).trim().optional() }),
  response: z.object({ total: z.number().int(), rows: z.array(ZLedgerAccount) }),
});

export const ZOpenLedgerAccount = z.object({
  shopId: zId(),
  creditLimit: zInt(0, L.creditLimitMax).default(0),
});
export type TOpenLedgerAccount = z.input<typeof ZOpenLedgerAccount>;

export const openLedgerAccountOp = defineOperation({
  method: 'POST',
  path: '/gaa/vas/accounts',
  summary: "Open a shop's billing account",
  spec: SPEC,
  allow: GAA,
  body: ZOpenLedgerAccount,
  response: ZLedgerAccount,
  status: 201,
});

export const setCreditLimitOp = defineOperation({
  method: 'PUT',
  path: '/gaa/vas/accounts/:id/credit-limit',
  summary: "Change how far a billing account's balance may go below zero",
  spec: SPEC,
  allow: GAA,
  params: z.object({ id: zQueryId() }),
  body: z.object({ creditLimit: zInt(0, L.creditLimitMax) }),
  response: ZLedgerAccount,
});

export const ZDepositInput = z.object({
  amount: zAmount(),
  payer: zText(L.payerMax).trim().min(1),
  method: z.enum(DEPOSIT_METHODS),
  reference: zText(L.referenceMax).trim().default(''),
  note: zText(L.noteMax).trim().default(''),
  /** One per intended deposit (the form makes it when it opens): a retried request changes nothing. */
  idempotencyKey: zKey(),
});
export type TDepositInput = z.input<typeof ZDepositInput>;

export const ZPostingResult = z.object({
  transactionId: z.number().int(),
  /** true: this key was posted before; nothing changed. */
  replayed: z.boolean(),
  account: ZLedgerAccount,
});

export const depositOp = defineOperation({
  method: 'POST',
  path: '/gaa/vas/accounts/:id/deposits',
  summary: 'Record a deposit into a billing account (idempotent by its key)',
  spec: SPEC,
  allow: GAA,
  params: z.object({ id: zQueryId() }),
  body: ZDepositInput,
  response: ZPostingResult,
  status: 201,
});

export const ZRefundInput = z.object({
  amount: zAmount(),
  reason: zText(L.noteMax).trim().min(1),
  idempotencyKey: zKey(),
});
export type TRefundInput = z.input<typeof ZRefundInput>;

export const refundOp = defineOperation({
  method: 'POST',
  path: '/gaa/vas/accounts/:id/refunds',
  summary: 'Give back charged money to a billing account (from platform revenue; idempotent by its key)',
  spec: SPEC,
  allow: GAA,
  params: z.object({ id: zQueryId() }),
  body: ZRefundInput,
  response: ZPostingResult,
  status: 201,
});

const ZDateFilters = z.object({
  accountId: zQueryId().optional(),
  from: zDate().optional(),
  to: zDate().optional(),
});

export const ZDepositRecord = z.object({
  id: z.number().int(),
  transactionId: z.number().int(),
  accountId: z.number().int(),
  shopId: z.number().int(),
  shopName: zText(),
  amount: z.number().int(),
  payer: zText(),
  method: z.enum(DEPOSIT_METHODS),
  reference: zText(),
  note: zText(),
  createdBy: zText(),
  createdAt: zText(),
});
export type TDepositRecord = z.infer<typeof ZDepositRecord>;

export const listDepositsOp = defineOperation({
  method: 'GET',
  path: '/gaa/vas/deposits',
  summary: 'Deposit records, newest first',
  spec: SPEC,
  allow: GAA,
  query: ZPagingQuery.extend(ZDateFilters.shape).extend({ method: z.enum(DEPOSIT_METHODS).optional() }),
  response: z.object({ total: z.number().int(), sum: z.number().int(), rows: z.array(ZDepositRecord) }),
});

export const ZTransactionFilters = ZDateFilters.extend({ kind: z.enum(TRANSACTION_KINDS).optional() });
export type TTransactionFilters = z.infer<typeof ZTransactionFilters>;

export const ZLedgerTransaction = z.object({
  id: z.number().int(),
  kind: z.enum(TRANSACTION_KINDS),
  key: zText(),
  accountId: z.number().int(),
  shopId: z.number().int(),
  shopName: zText(),
  /** The wallet's entry: + deposit or refund, − charge. */
  amount: z.number().int(),
  /** The wallet's balance right after this transaction (running sum of its entries). */
  balanceAfter: z.number().int(),
  memo: zText(),
  billingMonth: zText().nullable(),
  createdBy: zText(),
  createdAt: zText(),
});
export type TLedgerTransaction = z.infer<typeof ZLedgerTransaction>;

export const listTransactionsOp = defineOperation({
  method: 'GET',
  path: '/gaa/vas/transactions',
  summary: 'Ledger transactions as they touch the billing accounts, newest first',
  spec: SPEC,
  allow: GAA,
  query: ZPagingQuery.extend(ZTransactionFilters.shape),
  response: z.object({ total: z.number().int(), rows: z.array(ZLedgerTransaction) }),
});

export const exportTransactionsOp = defineOperation({
  method: 'GET',
  path: '/gaa/vas/transactions/export',
  summary: 'The filtered transactions as .xlsx (or .csv)',
  spec: SPEC,
  allow: GAA,
  query: ZTransactionFilters.extend(ZExportOptions.shape),
  response: z.unknown(),
});

export const TRANSACTION_COLUMNS = {
  id: msg('交易編號', 'Transaction'),
  createdAt: msg('時間', 'Time'),
  kind: msg('類型', 'Kind'),
  shop: msg('商店', 'Shop'),
  amount: msg('金額（NT$）', 'Amount (NT$)'),
  balanceAfter: msg('交易後餘額（NT$）', 'Balance after (NT$)'),
  memo: msg('說明', 'Memo'),
  key: msg('交易鍵', 'Posting key'),
  createdBy: msg('經手人', 'By'),
} as const;
