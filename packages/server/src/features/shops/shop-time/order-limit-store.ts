import type { TOrderLimit, TOrderLimitData } from '@shopdesk/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orderLimits } from '../../../db/schema';

type Row = typeof orderLimits.$inferSelect;

/** A row as the API answers it: the spec's body names (002 §7). */
export const presentLimit = (r: Omit<Row, 'createdAt' | 'updatedAt'>): TOrderLimit => ({
  id: r.id,
  account_id: r.accountId,
  meal_type: r.mealType,
  period_session: r.periodSession,
  time_session: r.timeSession,
  session_time: r.sessionTime,
  max_num_of_order: r.maxNumOfOrder,
});

const columns = (d: TOrderLimitData) => ({
  mealType: d.meal_type,
  periodSession: d.period_session,
  timeSession: { start: d.time_session.start, end: d.time_session.end },
  sessionTime: d.session_time,
  maxNumOfOrder: d.max_num_of_order,
});

export const listLimits = async (db: Db, accountId: number): Promise<TOrderLimit[]> =>
  (
    await db
      .select()
      .from(orderLimits)
      .where(eq(orderLimits.accountId, accountId))
      .orderBy(asc(orderLimits.mealType), asc(orderLimits.id))
  ).map(presentLimit);

/**
 * The limits as one json array in `listLimits`' order, for a reader that folds them into its own statement
 * (storefront/shop-context.ts); `presentLimit` shapes each.
 */
export const limitsJson = (accountId: number) =>
  sql`(select coalesce(json_agg(json_build_object('id', l.id, 'accountId', l.account_id,
    'mealType', l.meal_type, 'periodSession', l.period_session, 'timeSession', l.time_session,
    'sessionTime', l.session_time, 'maxNumOfOrder', l.max_num_of_order) order by l.meal_type, l.id), '[]')
    from order_limits l where l.account_id = ${accountId})`;

/** One limit of the shop; `lock` holds it until the transaction ends. */
export const findLimit = async (db: Db, accountId: number, id: number, lock = false) => {
  const query = db
    .select()
    .from(orderLimits)
    .where(and(eq(orderLimits.id, id), eq(orderLimits.accountId, accountId)));
  const row = (await (lock ? query.for('update') : query))[0];
  return row ? presentLimit(row) : null;
};

export const insertLimit = async (tx: Db, accountId: number, d: TOrderLimitData) => {
  const [row] = await tx
    .insert(orderLimits)
    .values({ accountId, ...columns(d) })
    .returning();
  return presentLimit(row!);
};

export const updateLimit = async (tx: Db, accountId: number, id: number, d: TOrderLimitData) => {
  const [row] = await tx
    .update(orderLimits)
    .set({ ...columns(d), updatedAt: new Date() })
    .where(and(eq(orderLimits.id, id), eq(orderLimits.accountId, accountId)))
    .returning();
  return presentLimit(row!);
};

export const removeLimit = async (tx: Db, accountId: number, id: number) =>
  tx.delete(orderLimits).where(and(eq(orderLimits.id, id), eq(orderLimits.accountId, accountId)));
