import { LOGISTICS_FINAL, type TLogisticsStatus } from '@shopdesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { orders } from '../../db/schema';
import { recordOrderEvent } from '../../features/order-flow/order-events';

/**
 * The logistics simulator (issue 7): until the logistics issue wires real vendors (Lalamove and the
 * platform's own couriers), delivery orders of shops with logistics move through the spec 000 §4 statuses
 * on a clock. A step is due this many minutes after the order's last logistics change.
 */
export const LOGISTICS_STEPS: Partial<Record<TLogisticsStatus, { after: number; next: TLogisticsStatus }>> = {
  matching: { after: 1, next: 'en_route_pickup' },
  en_route_pickup: { after: 3, next: 'picked_up' },
  picked_up: { after: 6, next: 'delivered' },
  overdue: { after: 5, next: 'customer_service' },
};

/** One delivery in ten (by order id, so a run is repeatable) is late: picked up → overdue → customer service. */
export const goesOverdue = (orderId: number) => orderId % 10 === 7;

export const nextLogisticsStatus = (orderId: number, from: TLogisticsStatus): TLogisticsStatus | null => {
  if (from === 'picked_up' && goesOverdue(orderId)) return 'overdue';
  return LOGISTICS_STEPS[from]?.next ?? null;
};

const BATCH = 500;

/**
 * Moves every due delivery one step. Each step is a conditional UPDATE (`… where logistics_status = from`)
 * with its 'logistics' feed event in the same transaction, so two instances running the job at once never
 * double a step. Only orders of the last two days are looked at (the created_at index, not a scan of all
 * orders). Answers how many orders moved. Runs every minute (jobs/runner.ts) and from tests with a `now`.
 */
export const advanceLogistics = async (db: Db, now: Date = new Date()): Promise<number> => {
  const due = await queryRows<{ id: number; status: TLogisticsStatus }>(
    db,
    sql`select id::float8 as id, logistics_status as status from orders
        where created_at > ${now.toISOString()}::timestamptz - interval '2 days'
          and status in ('accepted', 'completed')
          and logistics_status in ('matching', 'en_route_pickup', 'picked_up', 'overdue')
          and logistics_updated_at <= ${now.toISOString()}::timestamptz - make_interval(mins => case logistics_status
            when 'matching' then ${LOGISTICS_STEPS.matching!.after}::int
            when 'en_route_pickup' then ${LOGISTICS_STEPS.en_route_pickup!.after}::int
            when 'picked_up' then ${LOGISTICS_STEPS.picked_up!.after}::int
            else ${LOGISTICS_STEPS.overdue!.after}::int end)
        order by id limit ${BATCH}`,
  );
  let moved = 0;
  for (const o of due) {
    const next = nextLogisticsStatus(o.id, o.status);
    if (!next || LOGISTICS_FINAL.includes(o.status)) continue;
    const done = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [row] = await tx
        .update(orders)
        .set({ logisticsStatus: next, logisticsUpdatedAt: now })
        .where(and(eq(orders.id, o.id), eq(orders.logisticsStatus, o.status)))
        .returning({ accountId: orders.accountId, status: orders.status });
      if (!row) return false;
      await recordOrderEvent(tx, {
        accountId: row.accountId,
        orderId: o.id,
        kind: 'logistics',
        status: row.status,
        data: { from: o.status, to: next },
        actor: 'system:logistics-simulator',
      });
      return true;
    });
    if (done) moved += 1;
  }
  return moved;
};
