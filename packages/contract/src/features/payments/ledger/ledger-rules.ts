import { msg } from '../../../common/errors';

/**
 * Stored funds (/vas/...; the spec names the routes only: docs/decisions/payments.md "Stored funds, ledger
 * and billing"). A double-entry ledger: money is integer cents of NT$; every posting is one transaction of
 * two or more entries summing to zero; a balance is the sum of its account's entries, never stored.
 */
export const LEDGER_LIMITS = {
  /** NT$1,000,000 in one deposit, charge or refund, in cents. */
  amountMax: 100_000_000,
  /** NT$1,000,000 of credit at most, in cents. */
  creditLimitMax: 100_000_000,
  payerMax: 50,
  referenceMax: 50,
  noteMax: 200,
  /** An idempotency key: what the caller generates once per intended posting. */
  keyMin: 8,
  keyMax: 64,
  accountNameMax: 50,
} as const;

/** The platform's own ledger accounts beside each shop's wallet. */
export const LEDGER_ACCOUNT_KINDS = ['wallet', 'cash', 'revenue'] as const;
export type TLedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

export const TRANSACTION_KINDS = ['deposit', 'charge', 'refund'] as const;
export type TTransactionKind = (typeof TRANSACTION_KINDS)[number];

export const DEPOSIT_METHODS = ['bank_transfer', 'cash', 'credit_card', 'line_pay'] as const;
export type TDepositMethod = (typeof DEPOSIT_METHODS)[number];

export const DEPOSIT_METHOD_LABELS = {
  bank_transfer: msg('銀行轉帳', 'Bank transfer'),
  cash: msg('現金', 'Cash'),
  credit_card: msg('信用卡', 'Credit card'),
  line_pay: msg('LINE Pay', 'LINE Pay'),
} as const;

export const TRANSACTION_KIND_LABELS = {
  deposit: msg('儲值', 'Deposit'),
  charge: msg('扣款', 'Charge'),
  refund: msg('退款', 'Refund'),
} as const;

export const LEDGER_MESSAGES = {
  amountRequired: msg('請輸入金額', 'Enter an amount'),
  insufficient: msg(
    '餘額不足：扣款後將低於信用額度',
    'Insufficient funds: the charge would go below the credit limit',
  ),
  creditBelowDebt: msg(
    '信用額度不可低於目前的欠款',
    'The credit limit cannot be less than what the account owes now',
  ),
  keyReused: msg(
    '此交易編號已用於另一筆不同的交易',
    'This posting key was already used for a different posting',
  ),
  accountExists: msg('此商店已有儲值帳戶', 'This shop already has a billing account'),
  unknownShop: msg('找不到商店', 'Unknown shop'),
  unknownAccount: msg('找不到儲值帳戶', 'Unknown billing account'),
  unbalanced: msg('交易分錄合計必須為零', 'The entries of a transaction must sum to zero'),
  deposited: msg('已儲值', 'Deposit recorded'),
  refunded: msg('已退款', 'Refund recorded'),
  saved: msg('已儲存', 'Saved'),
  opened: msg('已開立儲值帳戶', 'Billing account opened'),
  dateRange: msg('起日不可晚於迄日', 'The start date must not be after the end date'),
} as const;

/** One entry of a posting: an account and a signed amount in cents (+ into the account, − out of it). */
export type TEntry = { accountId: number; amount: number };

/** Whether the entries make one balanced transaction: two or more, non-zero integers, summing to zero. */
export const isBalanced = (entries: readonly TEntry[]) =>
  entries.length >= 2 &&
  entries.every((e) => Number.isSafeInteger(e.amount) && e.amount !== 0) &&
  entries.reduce((s, e) => s + e.amount, 0) === 0;

/**
 * Whether a wallet may take `delta` cents (negative = out): its balance may go down to −creditLimit and
 * no further. Money coming in is always allowed (it can only reduce a debt).
 */
export const mayPost = (balance: number, delta: number, creditLimit: number) =>
  delta >= 0 || balance + delta >= -creditLimit;

/** NT$ from cents for display: NT$1,234.5 → "NT$1,234.50" only when there are cents. */
export const ntdText = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  const rest = abs % 100;
  return `${sign}NT$${whole}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
};
