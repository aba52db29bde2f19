import { z } from 'zod';
import { zId, zQueryId, zText } from '../../../common/bounds';
import { defineOperation } from '../../../common/operation';
import {
  ACCOUNT_NUMBER,
  BANK_CODE,
  BANK_LIMITS,
  BANK_OWNERS,
  BRANCH_CODE,
  BANK_MESSAGES as M,
} from './bank-rules';

const GAA = ['gaa'] as const;
const SPEC = '000 §2 Accounting';

export const ZBankAccount = z.object({
  id: z.number().int(),
  owner: z.enum(BANK_OWNERS),
  siAccountId: z.number().int().nullable(),
  siName: zText().nullable(),
  bankCode: zText(),
  branchCode: zText(),
  /** Masked: the last four digits only. */
  accountNumberMasked: zText(),
  accountName: zText(),
  createdBy: zText(),
  createdAt: zText(),
});
export type TBankAccount = z.infer<typeof ZBankAccount>;

export const listBankAccountsOp = defineOperation({
  method: 'GET',
  path: '/gaa/acct/bank-accounts',
  summary: "The platform's and the integrators' payout bank accounts (numbers masked)",
  spec: SPEC,
  allow: GAA,
  response: z.object({
    rows: z.array(ZBankAccount),
    sis: z.array(z.object({ id: z.number().int(), name: zText() })),
  }),
});

/** The fields one by one (the form checks each with them); ZBankAccountInput adds the owner rule. */
export const ZBankAccountFields = z.object({
  owner: z.enum(BANK_OWNERS),
  siAccountId: zId().nullable().default(null),
  bankCode: zText(3).trim().regex(BANK_CODE, M.bankCode.zh),
  branchCode: zText(4).trim().regex(BRANCH_CODE, M.branchCode.zh),
  accountNumber: zText(BANK_LIMITS.accountNumberMax).trim().regex(ACCOUNT_NUMBER, M.accountNumber.zh),
  accountName: zText(BANK_LIMITS.accountNameMax).trim().min(1, M.accountName.zh),
});

export const ZBankAccountInput = ZBankAccountFields.superRefine((v, ctx) => {
  if (v.owner === 'si' && v.siAccountId === null)
    ctx.addIssue({ code: 'custom', path: ['siAccountId'], message: M.siRequired.zh });
  if (v.owner === 'platform' && v.siAccountId !== null)
    ctx.addIssue({ code: 'custom', path: ['siAccountId'], message: M.siNotAllowed.zh });
});
export type TBankAccountInput = z.input<typeof ZBankAccountInput>;

export const createBankAccountOp = defineOperation({
  method: 'POST',
  path: '/gaa/acct/bank-accounts',
  summary: 'Register a payout bank account',
  spec: SPEC,
  allow: GAA,
  body: ZBankAccountInput,
  response: ZBankAccount,
  status: 201,
});

export const deleteBankAccountOp = defineOperation({
  method: 'DELETE',
  path: '/gaa/acct/bank-accounts/:id',
  summary: 'Remove a payout bank account',
  spec: SPEC,
  allow: GAA,
  params: z.object({ id: zQueryId() }),
  response: z.object({ id: z.number().int() }),
});
