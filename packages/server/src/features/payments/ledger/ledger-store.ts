import {
  isBalanced,
  LEDGER_MESSAGES as M,
  mayPost,
  type TEntry,
  type TLedgerAccount,
  type TTransactionKind,
} from '@shopdesk/contract';
import { inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';
import { ledgerEntries, ledgerTransactions } from '../../../db/schema';
import { badRequest, conflict } from '../../../http/errors';
import type { AuditActor } from '../../platform/audit/write-audit';
import { isUniqueViolation } from '../../shops/table-qr/qrcode-store';

/** The platform's own ledger accounts, made on first use (a truncated database has none). */
export const platformAccounts = async (db: Db) => {
  await db.execute(
    sql`insert into ledger_accounts (kind) values ('cash'), ('revenue')
        on conflict (kind) where kind <> 'wallet' do nothing`,
  );
  const rows = await queryRows<{ id: number; kind: 'cash' | 'revenue' }>(
    db,
    sql`select id, kind from ledger_accounts where kind in ('cash', 'revenue')`,
  );
  const id = (k: string) => rows.find((r) => r.kind === k)!.id;
  return { cash: id('cash'), revenue: id('revenue') };
};

/** Σ of an account's entries: the only balance there is. */
export const balanceOf = async (db: Db, ledgerAccountId: number) => {
  const [row] = await queryRows<{ b: string }>(
    db,
    sql`select coalesce(sum(amount), 0)::text as b from ledger_entries where ledger_account_id = ${ledgerAccountId}`,
  );
  return Number(row?.b ?? 0);
};

/** Wallet rows with shop name and derived balance (one query; `where` narrows it). */
export const walletRows = async (db: Db, where = sql`true`, tail = sql``) => {
  const rows = await queryRows<{
    id: number;
    shopId: number;
    shopName: string;
    balance: string;
    creditLimit: string;
    lastActivityAt: Date | string | null;
    createdAt: Date | string;
  }>(
    db,
    sql`select a.id, a.shop_account_id as "shopId", coalesce(b.name, '') as "shopName",
          coalesce(s.balance, 0)::text as balance, a.credit_limit::text as "creditLimit",
          s.last_at as "lastActivityAt", a.created_at as "createdAt"
        from ledger_accounts a
        left join businesses b on b.account_id = a.shop_account_id
        left join lateral (
          select sum(e.amount) as balance, max(t.created_at) as last_at
          from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
          where e.ledger_account_id = a.id
        ) s on true
        where a.kind = 'wallet' and ${where} ${tail}`,
  );
  return rows.map((r): TLedgerAccount => {
    const balance = Number(r.balance);
    const creditLimit = Number(r.creditLimit);
    const iso = (d: Date | string) => new Date(d).toISOString();
    return {
      id: r.id,
      shopId: r.shopId,
      shopName: r.shopName,
      balance,
      creditLimit,
      available: balance + creditLimit,
      lastActivityAt: r.lastActivityAt === null ? null : iso(r.lastActivityAt),
      createdAt: iso(r.createdAt),
    };
  });
};

export type TPosting = {
  kind: TTransactionKind;
  key: string;
  memo: string;
  entries: TEntry[];
  billingMonth?: string | null;
};

const sameEntries = (a: readonly TEntry[], b: readonly TEntry[]) => {
  const norm = (x: readonly TEntry[]) =>
    x
      .map((e) => `${e.accountId}:${e.amount}`)
      .sort()
      .join(',');
  return norm(a) === norm(b);
};

/**
 * Posts one balanced transaction, inside the caller's transaction:
 * - the wallets it touches are locked (`FOR UPDATE`, in id order, so two postings never deadlock), then
 *   each wallet that gives money is checked against its balance and credit limit: two racing charges are
 *   serialised and the second sees the first's entries, so no balance goes below −creditLimit;
 * - the key is looked up after the locks: a replay of the same posting returns the first one, unchanged;
 *   the same key on a different posting is a 409. The unique index settles a race on an unlocked key.
 */
export const post = async (
  tx: Db,
  actor: AuditActor,
  p: TPosting,
): Promise<{ transactionId: number; replayed: boolean }> => {
  if (!isBalanced(p.entries)) throw badRequest(M.unbalanced);
  const ids = [...new Set(p.entries.map((e) => e.accountId))].sort((a, b) => a - b);
  const wallets = await queryRows<{ id: number; creditLimit: string }>(
    tx,
    sql`select id, credit_limit::text as "creditLimit" from ledger_accounts
        where kind = 'wallet' and id in (${sql.join(ids, sql`, `)}) order by id for update`,
  );
  const [prior] = await queryRows<{ id: number }>(
    tx,
    sql`select id from ledger_transactions where idempotency_key = ${p.key}`,
  );
  if (prior) {
    const entries = await tx
      .select({ accountId: ledgerEntries.ledgerAccountId, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.transactionId, [prior.id]));
    if (!sameEntries(entries, p.entries)) throw conflict(M.keyReused);
    return { transactionId: Number(prior.id), replayed: true };
  }
  for (const w of wallets) {
    const delta = p.entries.filter((e) => e.accountId === w.id).reduce((s, e) => s + e.amount, 0);
    if (!mayPost(await balanceOf(tx, w.id), delta, Number(w.creditLimit)))
      throw conflict(M.insufficient, 'INSUFFICIENT_FUNDS');
  }
  let id: number;
  try {
    const [row] = await tx
      .insert(ledgerTransactions)
      .values({
        kind: p.kind,
        idempotencyKey: p.key,
        memo: p.memo,
        billingMonth: p.billingMonth ?? null,
        createdBy: typeof actor.id === 'number' ? actor.id : null,
        createdByName: actor.name,
      })
      .returning({ id: ledgerTransactions.id });
    id = row!.id;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.keyReused);
    throw err;
  }
  await tx
    .insert(ledgerEntries)
    .values(p.entries.map((e) => ({ transactionId: id, ledgerAccountId: e.accountId, amount: e.amount })));
  return { transactionId: id, replayed: false };
};
