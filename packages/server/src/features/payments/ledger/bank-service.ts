import {
  BANK_MESSAGES as M,
  maskAccountNumber,
  type TBankAccount,
  type ZBankAccountInput,
} from '@shopdesk/contract';
import { asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { bankAccounts, siAccounts } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { inTx } from '../../menus/menus/menu-access';
import { type AuditActor, writeAudit } from '../../platform/audit/write-audit';
import { isUniqueViolation } from '../../shops/table-qr/qrcode-store';

type Row = typeof bankAccounts.$inferSelect;

/** A row as lists show it: the number masked, never whole. */
const out = (r: Row, siName: string | null): TBankAccount => ({
  id: r.id,
  owner: r.owner,
  siAccountId: r.siAccountId,
  siName,
  bankCode: r.bankCode,
  branchCode: r.branchCode,
  accountNumberMasked: maskAccountNumber(r.accountNumber),
  accountName: r.accountName,
  createdBy: r.createdByName,
  createdAt: r.createdAt.toISOString(),
});

export const listBankAccounts = async (db: Db) => {
  const rows = await db
    .select({ row: bankAccounts, siName: siAccounts.displayName })
    .from(bankAccounts)
    .leftJoin(siAccounts, eq(siAccounts.id, bankAccounts.siAccountId))
    .orderBy(asc(bankAccounts.owner), asc(bankAccounts.id));
  const sis = await db
    .select({ id: siAccounts.id, name: siAccounts.displayName })
    .from(siAccounts)
    .where(isNull(siAccounts.removedAt))
    .orderBy(asc(siAccounts.id));
  return { rows: rows.map((r) => out(r.row, r.siName)), sis };
};

export const createBankAccount = async (
  db: Db,
  actor: AuditActor,
  body: z.output<typeof ZBankAccountInput>,
) =>
  inTx(db, async (tx) => {
    let siName: string | null = null;
    if (body.siAccountId !== null) {
      const [si] = await tx.select().from(siAccounts).where(eq(siAccounts.id, body.siAccountId));
      if (!si || si.removedAt) throw badRequest(M.unknownSi, 'siAccountId');
      siName = si.displayName;
    }
    let row: Row;
    try {
      [row] = (await tx
        .insert(bankAccounts)
        .values({ ...body, createdByName: actor.name })
        .returning()) as [Row];
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(M.duplicate);
      throw err;
    }
    const shown = out(row, siName);
    await writeAudit(tx, actor, {
      accountId: null,
      resourceCode: 'bank-accounts',
      action: 'create',
      displayName: `銀行帳戶 ${siName ?? '平台'}`,
      displayLog: `新增銀行帳戶 ${row.bankCode}-${row.branchCode} ${shown.accountNumberMasked}（${row.accountName}）`,
      target: { table: 'bank_accounts', id: row.id },
      // the audit keeps the masked number only, like the lists
      newValue: { ...body, accountNumber: shown.accountNumberMasked },
    });
    return shown;
  });

export const deleteBankAccount = async (db: Db, actor: AuditActor, id: number) =>
  inTx(db, async (tx) => {
    const [row] = await tx.delete(bankAccounts).where(eq(bankAccounts.id, id)).returning();
    if (!row) throw notFound();
    await writeAudit(tx, actor, {
      accountId: null,
      resourceCode: 'bank-accounts',
      action: 'delete',
      displayName: '銀行帳戶',
      displayLog: `刪除銀行帳戶 ${row.bankCode}-${row.branchCode} ${maskAccountNumber(row.accountNumber)}`,
      target: { table: 'bank_accounts', id },
    });
    return { id };
  });
