import {
  illegalTransitionMessage,
  ORDER_ACTIONS,
  ORDER_ERROR_CODES,
  ORDER_MESSAGES,
  ORDER_REASON_MAX,
  ORDER_STATUS_LABELS,
  type TOrderAction,
  type TOrderStatus,
} from '@shopdesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { accounts, businesses, orderItems, orders, products } from '../../../db/schema';
import { inTx } from '../../../db/transaction';
import { ApiError, badRequest, notFound } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { releaseVoucherUses } from '../../marketing/coupons/redeem';
import { releasePromotionUses } from '../../marketing/promotions/promotion-release';
import { writeAudit } from '../../platform/audit/write-audit';
import { recordOrderEvent } from './order-events';

export type OrderRow = typeof orders.$inferSelect;

/** Who changes an order: a console user (audited), a POS user, or the system (auto-accept, simulators). */
export type OrderActor =
  | { kind: 'user'; user: Pick<SessionUser, 'id' | 'name' | 'type'> }
  | { kind: 'pos'; username: string }
  | { kind: 'system'; name: string };

export const actorLabel = (a: OrderActor) =>
  a.kind === 'user'
    ? `${a.user.type}:${a.user.name}`
    : a.kind === 'pos'
      ? `pos:${a.username}`
      : `system:${a.name}`;

const STAMP = {
  accepted: 'acceptedAt',
  rejected: 'rejectedAt',
  completed: 'completedAt',
  canceled: 'canceledAt',
} as const satisfies Partial<Record<TOrderStatus, keyof OrderRow>>;

/** Appended to the audit line of a completion that recorded a cash order paid. */
const CASH_PAID_LOG = '，現金已收款';

/** Logistics statuses after which the courier has the food: the order can no longer be canceled. */
const PICKED_UP = ['picked_up', 'delivered'];

/** The order's shop, or 404: callers check the caller's right to that shop before transitioning. */
export const orderShopOf = async (db: Db, orderId: number): Promise<number> => {
  const [row] = await db.select({ accountId: orders.accountId }).from(orders).where(eq(orders.id, orderId));
  if (!row) throw notFound();
  return row.accountId;
};

/**
 * Moves an order along: new → accepted | rejected, accepted → completed | canceled, one
 * conditional UPDATE (`… where status = <from>`), so of two boards acting at once exactly one wins and the
 * other gets 409 with the order's current status. Rejecting and canceling need a reason and put the
 * order's limited stock back. An accepted delivery order of a shop with logistics starts "matching".
 * The event feed and (for console users) the audit record are written in the same transaction.
 * The caller has checked the caller's right to `accountId` (the order must belong to it, else 404).
 */
export const transitionOrder = async (
  db: Db,
  input: {
    orderId: number;
    accountId: number;
    action: TOrderAction;
    reason?: string | null;
    actor: OrderActor;
  },
  now: Date = new Date(),
): Promise<OrderRow> => {
  const def = ORDER_ACTIONS[input.action];
  const reason = input.reason?.trim() || null;
  if (def.needsReason && !reason) throw badRequest(ORDER_MESSAGES.reasonRequired, 'reason');
  if (reason && reason.length > ORDER_REASON_MAX) throw badRequest(ORDER_MESSAGES.reasonTooLong, 'reason');

  return inTx(db, async (tx) => {
    // the shop's row first (KEY SHARE), as order intake takes it before stock and promotion uses: a cancel
    // gives both back, and taking them before the row made a cycle with intake (order-events.ts)
    const [current] = await tx
      .select({
        status: orders.status,
        logisticsStatus: orders.logisticsStatus,
        paymentMethod: orders.paymentMethod,
        paymentStatus: orders.paymentStatus,
      })
      .from(orders)
      .innerJoin(accounts, eq(accounts.id, orders.accountId))
      .where(and(eq(orders.id, input.orderId), eq(orders.accountId, input.accountId)))
      .for('key share', { of: accounts });
    if (!current) throw notFound();
    if (input.action === 'cancel' && current.logisticsStatus && PICKED_UP.includes(current.logisticsStatus))
      throw new ApiError(409, ORDER_ERROR_CODES.illegalTransition, ORDER_MESSAGES.cancelLogisticsRefused);

    // a cash order is paid at the counter (or to the courier) by the time it is completed (orders.md "Cash is
    // paid on completion"); online payments keep their own flow (payment-jobs.ts movePayment)
    const cashPaid =
      def.to === 'completed' && current.paymentMethod === 'cash' && current.paymentStatus === 'unpaid';
    const [row] = await tx
      .update(orders)
      .set({
        status: def.to,
        [STAMP[def.to]]: now,
        ...(cashPaid ? { paymentStatus: 'paid' as const } : {}),
        ...(reason ? { statusReason: reason } : {}),
        ...(def.to === 'canceled' && current.logisticsStatus
          ? { logisticsStatus: 'canceled', logisticsUpdatedAt: now }
          : {}),
      })
      .where(and(eq(orders.id, input.orderId), eq(orders.status, def.from)))
      .returning();
    if (!row) {
      // another board was faster (or the order had moved on): say where it is now
      const [now_] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, input.orderId));
      const status = (now_?.status ?? current.status) as TOrderStatus;
      throw new ApiError(
        409,
        ORDER_ERROR_CODES.illegalTransition,
        illegalTransitionMessage(status, input.action),
      );
    }

    let order = row;
    if (def.to === 'rejected' || def.to === 'canceled') {
      await giveBackStock(tx, row.id);
      await releasePromotionUses(tx, row.id);
      await releaseVoucherUses(tx, row.id);
    }
    if (def.to === 'accepted' && row.mealType === 'delivery') {
      if (await usesLogistics(tx, row.accountId)) {
        [order] = await tx
          .update(orders)
          .set({ logisticsStatus: 'matching', logisticsUpdatedAt: now })
          .where(eq(orders.id, row.id))
          .returning();
      }
    }

    if (input.actor.kind === 'user')
      await writeAudit(tx, input.actor.user, {
        accountId: row.accountId,
        resourceCode: 'orders',
        action: 'update',
        displayName: `訂單 #${row.serial}`,
        displayLog: `訂單 #${row.serial}：${ORDER_STATUS_LABELS[def.from].zh} → ${ORDER_STATUS_LABELS[def.to].zh}${
          reason ? `（${reason}）` : ''
        }${cashPaid ? CASH_PAID_LOG : ''}`,
        target: { table: 'orders', key: 'status', id: row.id },
        oldValue: def.from,
        newValue: def.to,
      });
    await recordOrderEvent(tx, {
      accountId: row.accountId,
      orderId: row.id,
      kind: 'status',
      status: def.to,
      data: {
        action: input.action,
        from: def.from,
        ...(reason ? { reason } : {}),
        ...(cashPaid ? { payment: 'paid' } : {}),
      },
      actor: actorLabel(input.actor),
    });
    return order!;
  });
};

/** Whether a shop hands delivery orders to a courier (the logistics or courier switch of spec 000 §3). */
export const usesLogistics = async (db: Db, accountId: number) => {
  const [row] = await db
    .select({ on: sql<boolean>`(${businesses.isLogistic} or ${businesses.isLala})` })
    .from(businesses)
    .where(eq(businesses.accountId, accountId));
  return Boolean(row?.on);
};

/** Puts a rejected or canceled order's items back into limited daily stock (never above the daily amount). */
const giveBackStock = async (tx: Db, orderId: number) => {
  const items = await tx
    .select({ productId: orderItems.productId, qty: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .groupBy(orderItems.productId)
    .orderBy(orderItems.productId);
  for (const { productId, qty } of items)
    await tx
      .update(products)
      .set({
        stockLeft: sql`case when ${products.dailyStock} is null then ${products.stockLeft} + ${qty}
          else least(${products.stockLeft} + ${qty}, ${products.dailyStock}) end`,
      })
      .where(and(eq(products.id, productId), sql`${products.stockLeft} is not null`));
};
