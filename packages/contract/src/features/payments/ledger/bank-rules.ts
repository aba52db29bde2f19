import { msg } from '../../../common/errors';

/**
 * Payout bank accounts (/acct/bank-accounts): a Taiwan account is a bank code (3 digits, the
 * 金融機構代號), a branch code (4 digits, 分行代號) and an account number (digits; banks use 10 to 16).
 * Formats only: no bank publishes a checksum rule we could apply to every bank.
 */
export const BANK_LIMITS = { accountNumberMin: 10, accountNumberMax: 16, accountNameMax: 50 } as const;

export const BANK_OWNERS = ['platform', 'si'] as const;
export type TBankOwner = (typeof BANK_OWNERS)[number];

export const BANK_MESSAGES = {
  bankCode: msg('銀行代碼為 3 位數字', 'The bank code is 3 digits'),
  branchCode: msg('分行代碼為 4 位數字', 'The branch code is 4 digits'),
  accountNumber: msg(
    `帳號為 ${BANK_LIMITS.accountNumberMin}–${BANK_LIMITS.accountNumberMax} 位數字`,
    `The account number is ${BANK_LIMITS.accountNumberMin}–${BANK_LIMITS.accountNumberMax} digits`,
  ),
  accountName: msg('請輸入戶名', 'Enter the account holder'),
  siRequired: msg('請選擇 SI', 'Choose the integrator'),
  siNotAllowed: msg('平台帳戶不屬於任何 SI', 'A platform account belongs to no integrator'),
  unknownSi: msg('找不到 SI', 'Unknown integrator'),
  duplicate: msg('此帳戶已登錄', 'This account is already registered'),
  saved: msg('已新增銀行帳戶', 'Bank account added'),
  removed: msg('已刪除銀行帳戶', 'Bank account removed'),
} as const;

export const BANK_CODE = /^\d{3}$/;
export const BRANCH_CODE = /^\d{4}$/;
export const ACCOUNT_NUMBER = new RegExp(
  `^\\d{${BANK_LIMITS.accountNumberMin},${BANK_LIMITS.accountNumberMax}}$`,
);

/** What lists show: the last 4 digits only (the full number is on the row for the payout job, never sent). */
export const maskAccountNumber = (n: string) => `${'*'.repeat(Math.max(0, n.length - 4))}${n.slice(-4)}`;
