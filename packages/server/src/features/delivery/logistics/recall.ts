import { courierDispatch, RECALL_MESSAGES, recallRefusal, type TLogisticsStatus } from '@shopdesk/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orders } from '../../../db/schema';
import { conflict, notFound } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { recordOrderEvent } from '../../orders/order-flow/order-events';
import { writeAudit } from '../../platform/audit/write-audit';
import { readConfiguration } from './logistics-store';

/**
 * spec 002 §7 POST /gaa/orders/{id}/logistic-recall: requests a courier again for an accepted delivery order
 * of a shop with logistics: the order goes back to "matching" (a feed event the open boards show) and the
 * courier request starts over. Refused (409, with the reason) by the contract's `recallRefusal`: not a
 * delivery, no platform courier, not accepted, or a courier already on the way. Audited.
 */
export const recallLogistics = async (db: Db, user: SessionUser, orderId: number, now = new Date()) =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!o) throw notFound();
    const from = (o.logisticsStatus ?? null) as TLogisticsStatus | null;
    const courier =
      o.mealType === 'delivery'
        ? courierDispatch((await readConfiguration(tx, o.accountId)).configuration)
        : null;
    // the same rule as the order drawer's button
    const refusal = recallRefusal({ ...o, logisticsStatus: from, courier });
    if (refusal) throw conflict(refusal);
    await tx
      .update(orders)
      .set({ logisticsStatus: 'matching', logisticsUpdatedAt: now })
      .where(and(eq(orders.id, orderId), inArray(orders.status, ['accepted'])));
    await writeAudit(tx, user, {
      accountId: o.accountId,
      resourceCode: 'orders',
      action: 'update',
      displayName: `訂單 #${o.serial}`,
      displayLog: `訂單 #${o.serial}：重新叫車（${from ?? '未叫車'} → matching）`,
      target: { table: 'orders', key: 'logistics_status', id: o.id },
      oldValue: from,
      newValue: 'matching',
    });
    await recordOrderEvent(tx, {
      accountId: o.accountId,
      orderId: o.id,
      kind: 'logistics',
      status: o.status,
      data: { from, to: 'matching', recall: true },
      actor: `${user.type}:${user.name}`,
    });
    return { message: RECALL_MESSAGES.sent.zh };
  });
