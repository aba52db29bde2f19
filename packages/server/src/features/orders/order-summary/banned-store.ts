import { customerDataFor, ORDER_MESSAGES, type TBannedCustomer, type TShopKind } from '@shopdesk/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { accounts, bannedCustomers, businesses } from '../../../db/schema';
import { ApiError, conflict } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { shopScopeCondition } from '../../../plugins/app/shop-access';
import { writeAudit } from '../../platform/audit/write-audit';

type Caller = Pick<SessionUser, 'id' | 'type' | 'name' | 'siAccountId' | 'shopAccountId'>;

const columns = {
  id: bannedCustomers.id,
  accountId: bannedCustomers.accountId,
  shopName: sql<string>`coalesce(${businesses.name}, '')`,
  phone: bannedCustomers.phone,
  lineUserId: bannedCustomers.lineUserId,
  customerName: bannedCustomers.customerName,
  reason: bannedCustomers.reason,
  orderId: bannedCustomers.orderId,
  createdBy: bannedCustomers.createdBy,
  createdAt: bannedCustomers.createdAt,
};
const toRow = (r: { createdAt: Date } & Omit<TBannedCustomer, 'createdAt'>): TBannedCustomer => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});

const scoped = (user: Caller, extra?: ReturnType<typeof and>) => and(shopScopeCondition(user), extra);

export const listBanned = async (
  db: Db,
  user: Caller,
  f: { shopId?: number; phone?: string; kind?: TShopKind; offset: number; limit: number },
) => {
  const where = scoped(
    user,
    and(
      f.shopId ? eq(bannedCustomers.accountId, f.shopId) : undefined,
      f.kind ? eq(accounts.kind, f.kind) : undefined,
      f.phone ? sql`${bannedCustomers.phone} like ${`%${f.phone.replace(/[%_\\]/g, '\\$&')}%`}` : undefined,
    ),
  );
  const rows = await db
    .select(columns)
    .from(bannedCustomers)
    .innerJoin(accounts, eq(accounts.id, bannedCustomers.accountId))
    .leftJoin(businesses, eq(businesses.accountId, bannedCustomers.accountId))
    .where(where)
    .orderBy(desc(bannedCustomers.createdAt), desc(bannedCustomers.id))
    .limit(f.limit)
    .offset(f.offset);
  const [n] = await db
    .select({ n: count() })
    .from(bannedCustomers)
    .innerJoin(accounts, eq(accounts.id, bannedCustomers.accountId))
    .where(where);
  return { total: Number(n?.n ?? 0), rows: rows.map((r) => customerDataFor(user.type, toRow(r))) };
};

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

export const actorName = (user: Caller) => `${user.type}:${user.name}`;

/**
 * Adds a customer to a shop's banned list with its audit record, in one transaction. The caller has
 * checked the caller's right to the shop. Already there (same shop and phone) → 409; any other database
 * failure → 500 "unable to block this member" (spec 000 §8).
 */
export const addBanned = async (
  db: Db,
  user: Caller,
  entry: {
    accountId: number;
    phone: string;
    lineUserId: string | null;
    customerName: string;
    reason: string;
    orderId: number | null;
  },
): Promise<TBannedCustomer> => {
  try {
    const id = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [row] = await tx
        .insert(bannedCustomers)
        .values({ ...entry, createdBy: actorName(user) })
        .returning({ id: bannedCustomers.id });
      await writeAudit(tx, user, {
        accountId: entry.accountId,
        resourceCode: 'banned-customers',
        action: 'create',
        displayName: '黑名單',
        displayLog: `封鎖 ${entry.customerName || entry.phone}（${entry.phone}）：${entry.reason}`,
        target: { table: 'banned_customers', id: row!.id },
        newValue: { ...entry },
      });
      return row!.id;
    });
    const [saved] = await db
      .select(columns)
      .from(bannedCustomers)
      .leftJoin(businesses, eq(businesses.accountId, bannedCustomers.accountId))
      .where(eq(bannedCustomers.id, id));
    return toRow(saved!);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ORDER_MESSAGES.alreadyBlocked);
    if (err instanceof ApiError) throw err;
    throw new ApiError(500, 'BLOCK_FAILED', ORDER_MESSAGES.blockFailed);
  }
};

/** Removes an entry the caller may see (false when there is none), with its audit record. */
export const removeBanned = async (db: Db, user: Caller, id: number): Promise<boolean> =>
  db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .select({
        id: bannedCustomers.id,
        accountId: bannedCustomers.accountId,
        phone: bannedCustomers.phone,
        customerName: bannedCustomers.customerName,
        reason: bannedCustomers.reason,
      })
      .from(bannedCustomers)
      .innerJoin(accounts, eq(accounts.id, bannedCustomers.accountId))
      .where(scoped(user, eq(bannedCustomers.id, id)));
    if (!row) return false;
    await tx.delete(bannedCustomers).where(eq(bannedCustomers.id, id));
    await writeAudit(tx, user, {
      accountId: row.accountId,
      resourceCode: 'banned-customers',
      action: 'delete',
      displayName: '黑名單',
      displayLog: `解除封鎖 ${row.customerName || row.phone}（${row.phone}）`,
      target: { table: 'banned_customers', id: row.id },
      oldValue: { phone: row.phone, customerName: row.customerName, reason: row.reason },
    });
    return true;
  });
