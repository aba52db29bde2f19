import {
  LEDGER_MESSAGES as M,
  ntdText,
  type TTransactionFilters,
  type ZDepositInput,
  type ZOpenLedgerAccount,
  type ZRefundInput,
} from '@shopdesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../../db/client';
import { businesses, depositRecords, ledgerAccounts } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { inTx } from '../../menus/menus/menu-access';
import { type AuditActor, writeAudit } from '../../platform/audit/write-audit';
import { isUniqueViolation } from '../../shops/table-qr/qrcode-store';
import { balanceOf, platformAccounts, post, walletRows } from './ledger-store';

const walletById = async (db: Db, id: number) => {
  const [row] = await walletRows(db, sql`a.id = ${id}`);
  if (!row) throw notFound(M.unknownAccount);
  return row;
};

export const listAccounts = async (db: Db, q: { offset: number; limit: number; q?: string }) => {
  const term = q.q?.trim();
  const where = term
    ? /^\d{1,9}$/.test(term) // a shop id (within the column's int range) or digits in a name
      ? sql`(a.shop_account_id = ${Number(term)} or b.name ilike ${`%${term}%`})`
      : sql`b.name ilike ${`%${term.replace(/[\\%_]/g, '\\$&')}%`}`
    : sql`true`;
  const all = await walletRows(db, where, sql`order by a.shop_account_id`);
  return { total: all.length, rows: all.slice(q.offset, q.offset + q.limit) };
};

/** Opens a shop's wallet (one per shop: the unique index refuses a second). */
export const openAccount = async (db: Db, actor: AuditActor, body: z.output<typeof ZOpenLedgerAccount>) =>
  inTx(db, async (tx) => {
    const [shop] = await tx
      .select({ name: businesses.name })
      .from(businesses)
      .where(eq(businesses.accountId, body.shopId));
    if (!shop) throw badRequest(M.unknownShop, 'shopId');
    let id: number;
    try {
      const [row] = await tx
        .insert(ledgerAccounts)
        .values({ kind: 'wallet', shopAccountId: body.shopId, creditLimit: body.creditLimit })
        .returning({ id: ledgerAccounts.id });
      id = row!.id;
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(M.accountExists);
      throw err;
    }
    await writeAudit(tx, actor, {
      accountId: body.shopId,
      resourceCode: 'ledger',
      action: 'create',
      displayName: `儲值帳戶 ${shop.name}`,
      displayLog: `開立儲值帳戶，信用額度 ${ntdText(body.creditLimit)}`,
      target: { table: 'ledger_accounts', id },
      newValue: body,
    });
    return walletById(tx, id);
  });

/** A new credit limit; never below what the account owes now (no balance under −limit). */
export const setCreditLimit = async (db: Db, actor: AuditActor, id: number, creditLimit: number) =>
  inTx(db, async (tx) => {
    const [locked] = await queryRows<{ creditLimit: string; shopId: number }>(
      tx,
      sql`select credit_limit::text as "creditLimit", shop_account_id as "shopId" from ledger_accounts
          where id = ${id} and kind = 'wallet' for update`,
    );
    if (!locked) throw notFound(M.unknownAccount);
    const balance = await balanceOf(tx, id);
    if (balance < -creditLimit) throw badRequest(M.creditBelowDebt, 'creditLimit');
    await tx.update(ledgerAccounts).set({ creditLimit }).where(eq(ledgerAccounts.id, id));
    await writeAudit(tx, actor, {
      accountId: locked.shopId,
      resourceCode: 'ledger',
      action: 'update',
      displayName: '儲值帳戶信用額度',
      displayLog: `信用額度：${ntdText(Number(locked.creditLimit))} → ${ntdText(creditLimit)}`,
      target: { table: 'ledger_accounts', id },
      oldValue: { creditLimit: Number(locked.creditLimit) },
      newValue: { creditLimit },
    });
    return walletById(tx, id);
  });

/** A deposit: cash received −amount, the wallet +amount; its record (payer, method, reference) beside it. */
export const deposit = async (db: Db, actor: AuditActor, id: number, body: z.output<typeof ZDepositInput>) =>
  inTx(db, async (tx) => {
    const wallet = await walletById(tx, id);
    const { cash } = await platformAccounts(tx);
    const posted = await post(tx, actor, {
      kind: 'deposit',
      key: `deposit:${body.idempotencyKey}`,
      memo: `${body.payer} ${body.reference}`.trim(),
      entries: [
        { accountId: id, amount: body.amount },
        { accountId: cash, amount: -body.amount },
      ],
    });
    if (!posted.replayed) {
      await tx.insert(depositRecords).values({
        transactionId: posted.transactionId,
        ledgerAccountId: id,
        amount: body.amount,
        payer: body.payer,
        method: body.method,
        reference: body.reference,
        note: body.note,
      });
      await writeAudit(tx, actor, {
        accountId: wallet.shopId,
        resourceCode: 'ledger',
        action: 'create',
        displayName: `儲值 ${wallet.shopName}`,
        displayLog: `儲值 ${ntdText(body.amount)}（${body.payer}，${body.method}，${body.reference || '—'}）`,
        target: { table: 'ledger_transactions', id: posted.transactionId },
        newValue: body,
      });
    }
    return { ...posted, account: await walletById(tx, id) };
  });

/** A refund gives charged money back: revenue −amount, the wallet +amount. */
export const refund = async (db: Db, actor: AuditActor, id: number, body: z.output<typeof ZRefundInput>) =>
  inTx(db, async (tx) => {
    const wallet = await walletById(tx, id);
    const { revenue } = await platformAccounts(tx);
    const posted = await post(tx, actor, {
      kind: 'refund',
      key: `refund:${body.idempotencyKey}`,
      memo: body.reason,
      entries: [
        { accountId: id, amount: body.amount },
        { accountId: revenue, amount: -body.amount },
      ],
    });
    if (!posted.replayed)
      await writeAudit(tx, actor, {
        accountId: wallet.shopId,
        resourceCode: 'ledger',
        action: 'create',
        displayName: `退款 ${wallet.shopName}`,
        displayLog: `退款 ${ntdText(body.amount)}：${body.reason}`,
        target: { table: 'ledger_transactions', id: posted.transactionId },
        newValue: body,
      });
    return { ...posted, account: await walletById(tx, id) };
  });

const dateRange = (f: { from?: string; to?: string }, column: ReturnType<typeof sql.raw>) => {
  if (f.from && f.to && f.from > f.to) throw badRequest(M.dateRange, 'from');
  return sql.join(
    [
      f.from ? sql`${column} >= (${f.from}::date::timestamp at time zone 'Asia/Taipei')` : sql`true`,
      f.to ? sql`${column} < ((${f.to}::date + 1)::timestamp at time zone 'Asia/Taipei')` : sql`true`,
    ],
    sql` and `,
  );
};

const iso = (d: Date | string) => new Date(d).toISOString();

export const listDeposits = async (
  db: Db,
  q: { offset: number; limit: number; accountId?: number; from?: string; to?: string; method?: string },
) => {
  const where = sql.join(
    [
      dateRange(q, sql.raw('d.created_at')),
      q.accountId ? sql`d.ledger_account_id = ${q.accountId}` : sql`true`,
      q.method ? sql`d.method = ${q.method}` : sql`true`,
    ],
    sql` and `,
  );
  const [agg] = await queryRows<{ n: number; sum: string }>(
    db,
    sql`select count(*)::int as n, coalesce(sum(amount), 0)::text as sum from deposit_records d where ${where}`,
  );
  const rows = await queryRows<{
    id: number;
    transactionId: string;
    accountId: number;
    shopId: number;
    shopName: string;
    amount: string;
    payer: string;
    method: 'cash';
    reference: string;
    note: string;
    createdBy: string;
    createdAt: Date;
  }>(
    db,
    sql`select d.id, d.transaction_id::text as "transactionId", d.ledger_account_id as "accountId",
          a.shop_account_id as "shopId", coalesce(b.name, '') as "shopName", d.amount::text as amount,
          d.payer, d.method, d.reference, d.note, t.created_by_name as "createdBy", d.created_at as "createdAt"
        from deposit_records d
        join ledger_accounts a on a.id = d.ledger_account_id
        join ledger_transactions t on t.id = d.transaction_id
        left join businesses b on b.account_id = a.shop_account_id
        where ${where} order by d.id desc offset ${q.offset} limit ${q.limit}`,
  );
  return {
    total: agg?.n ?? 0,
    sum: Number(agg?.sum ?? 0),
    rows: rows.map((r) => ({
      ...r,
      transactionId: Number(r.transactionId),
      amount: Number(r.amount),
      createdAt: iso(r.createdAt),
    })),
  };
};

type TxRow = {
  id: string;
  kind: 'deposit';
  key: string;
  accountId: number;
  shopId: number;
  shopName: string;
  amount: string;
  balanceAfter: string;
  memo: string;
  billingMonth: string | null;
  createdBy: string;
  createdAt: Date;
};

/** The wallets' entries with their running balance (a window over each wallet's entries in posting order). */
const txQuery = (f: TTransactionFilters, tail: ReturnType<typeof sql>) => {
  const where = sql.join(
    [
      dateRange(f, sql.raw('x."createdAt"')),
      f.accountId ? sql`x."accountId" = ${f.accountId}` : sql`true`,
      f.kind ? sql`x.kind = ${f.kind}` : sql`true`,
    ],
    sql` and `,
  );
  return sql`select * from (
      select t.id::text as id, t.kind, t.idempotency_key as key, e.ledger_account_id as "accountId",
        a.shop_account_id as "shopId", coalesce(b.name, '') as "shopName", e.amount::text as amount,
        (sum(e.amount) over (partition by e.ledger_account_id order by e.transaction_id, e.id))::text
          as "balanceAfter",
        t.memo, t.billing_month as "billingMonth", t.created_by_name as "createdBy", t.created_at as "createdAt"
      from ledger_entries e
      join ledger_accounts a on a.id = e.ledger_account_id and a.kind = 'wallet'
      join ledger_transactions t on t.id = e.transaction_id
      left join businesses b on b.account_id = a.shop_account_id
    ) x where ${where} ${tail}`;
};

const txOut = (r: TxRow) => ({
  ...r,
  id: Number(r.id),
  amount: Number(r.amount),
  balanceAfter: Number(r.balanceAfter),
  createdAt: iso(r.createdAt),
});

export const listTransactions = async (
  db: Db,
  q: TTransactionFilters & { offset: number; limit: number },
) => {
  const [agg] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${txQuery(q, sql``)}) c`,
  );
  const rows = await queryRows<TxRow>(
    db,
    txQuery(q, sql`order by x.id desc, x."accountId" offset ${q.offset} limit ${q.limit}`),
  );
  return { total: agg?.n ?? 0, rows: rows.map(txOut) };
};

/** Every filtered transaction, newest first, in batches for the export. */
export async function* transactionBatches(db: Db, f: TTransactionFilters) {
  const size = 1000;
  for (let offset = 0; ; offset += size) {
    const rows = await queryRows<TxRow>(
      db,
      txQuery(f, sql`order by x.id desc, x."accountId" offset ${offset} limit ${size}`),
    );
    if (rows.length) yield rows.map(txOut);
    if (rows.length < size) return;
  }
}
