import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';

/**
 * Gives a rejected or canceled order's promotion uses back: each promotion that priced it counts
 * one use less, inside the transaction that moved the order, so the next customer can take it. The
 * per-customer count (promotion-store usageOf) leaves such orders out, so that use comes back too. A move
 * to rejected or canceled happens once per order (transitionOrder's conditional UPDATE), so a use is never
 * given back twice; the count never goes below 0.
 */
export const releasePromotionUses = async (tx: Db, orderId: number) => {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update promotions p set used_count = greatest(p.used_count - u.n, 0)
        from (select promotion_id, count(*)::int as n from order_promotions
              where order_id = ${orderId} and promotion_id is not null group by promotion_id) u
        where p.id = u.promotion_id
        returning p.id`,
  );
  return rows.map((r) => Number(r.id));
};
