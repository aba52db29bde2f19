import { COUNTED_ORDER_STATUSES } from '@shopdesk/contract';
import { and, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orders } from '../../../db/schema';

export type WeeklyFigures = {
  orderCount: number;
  /** Revenue in NT$ (whole dollars). */
  revenue: number;
};

/**
 * A shop's figures for a period (spec 002 §1 "send a weekly report by e-mail"), counted by SQL from the
 * orders table: orders created between fromDate and toDate (both inclusive) that count in every report
 * (COUNTED_ORDER_STATUSES: accepted and completed), as on /summary/stat. The (account_id, created_at) index
 * serves it.
 */
export const weeklyFigures = async (
  db: Db,
  accountId: number,
  fromDate: Date,
  toDate: Date,
): Promise<WeeklyFigures> => {
  const [row] = await db
    .select({ orderCount: count(), revenue: sql<string>`coalesce(sum(${orders.total}), 0)` })
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        gte(orders.createdAt, fromDate),
        lte(orders.createdAt, toDate),
        inArray(orders.status, COUNTED_ORDER_STATUSES),
        // staff test orders are in no report (docs/decisions/orders.md "Go-live status and test orders")
        eq(orders.isTest, false),
      ),
    );
  return { orderCount: Number(row?.orderCount ?? 0), revenue: Number(row?.revenue ?? 0) };
};
