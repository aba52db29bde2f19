import { LOGISTICS_MESSAGES, type TLogisticsStatus } from '@shopdesk/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { writeAudit } from '../audit/write-audit';
import { recordOrderEvent } from '../order-flow/order-events';
import { usesLogistics } from '../order-flow/transition';
import type { SessionUser } from '../session/session-store';

/**
 * Logistics statuses a recall may start again from (ours, docs/decisions.md): no courier came (overdue),
 * the vendor gave up (customer service), the courier request was canceled while the order still stands,
 * or none was ever made (manual dispatch).
 */
const RECALLABLE: (TLogisticsStatus | null)[] = ['overdue', 'customer_service', 'canceled', 'matching', null];

/**
 * spec 002 §7 POST /gaa/orders/{id}/logistic-recall: requests a courier again for an accepted delivery order
 * of a shop with logistics: the order goes back to "matching" (a feed event the open boards show) and the
 * courier request starts over. Refused (409) for an order that is not an accepted delivery of a logistics
 * shop, or whose courier is already on the way. Audited.
 */
export const recallLogistics = async (db: Db, user: SessionUser, orderId: number, now = new Date()) =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!o) throw notFound();
    const from = (o.logisticsStatus ?? null) as TLogisticsStatus | null;
    if (
      o.mealType !== 'delivery' ||
      o.status !== 'accepted' ||
      !RECALLABLE.includes(from) ||
      !(await usesLogistics(tx, o.accountId))
    )
      throw conflict(LOGISTICS_MESSAGES.recallRefused);
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
    return { message: LOGISTICS_MESSAGES.recallSent.zh };
  });
