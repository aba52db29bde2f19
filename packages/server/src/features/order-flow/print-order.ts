import {
  formatTaipeiTime,
  LOGISTICS_STATUS_LABELS,
  MEAL_TYPE_LABELS,
  PAYMENT_METHOD_LABELS,
  type TLogisticsStatus,
} from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import type { Printer, PrintTicket } from '../../adapters/printer/printer';
import type { Db } from '../../db/client';
import { businesses, orderItems, orders, printJobs } from '../../db/schema';
import { recordOrderEvent } from './order-events';
import { transitionOrder } from './transition';

/** The kitchen ticket of an order: shop, number, meal type, wanted time, items with options, total. */
export const renderTicket = async (
  db: Db,
  orderId: number,
  kind: PrintTicket['kind'],
): Promise<PrintTicket | null> => {
  const [o] = await db
    .select({ order: orders, shopName: businesses.name })
    .from(orders)
    .leftJoin(businesses, eq(businesses.accountId, orders.accountId))
    .where(eq(orders.id, orderId));
  if (!o) return null;
  const { order } = o;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
  const lines = [
    o.shopName ?? '',
    `${kind === 'reprint' ? '【補印】' : ''}#${order.serial} ${MEAL_TYPE_LABELS[order.mealType].zh}${
      order.tableNumber ? ` 桌號 ${order.tableNumber}` : ''
    }`,
    `下單 ${formatTaipeiTime(order.createdAt)}`,
    ...(order.wantedAt ? [`取餐 ${formatTaipeiTime(order.wantedAt)}`] : []),
    `${order.customerName} ${order.customerPhone}`,
    ...(order.deliveryAddress ? [`外送 ${order.deliveryAddress}`] : []),
    ...(order.logisticsStatus
      ? [`物流 ${LOGISTICS_STATUS_LABELS[order.logisticsStatus as TLogisticsStatus]?.zh ?? ''}`]
      : []),
    '----',
    ...items.flatMap((i) => [
      `${i.names.zh ?? i.names.en ?? ''} x${i.quantity}  ${i.lineTotal}`,
      ...i.options.map((x) => `  + ${x.names.zh ?? x.names.en ?? ''}`),
    ]),
    '----',
    `${PAYMENT_METHOD_LABELS[order.paymentMethod].zh} 合計 NT$${order.total}`,
  ];
  return { accountId: order.accountId, orderId, kind, lines };
};

/**
 * Sends an order's ticket to the printer adapter and records the outcome (print_jobs, and a feed event so
 * every board sees "printed" or "print failed"). Never throws for a printer failure: it answers false.
 */
export const printOrder = async (db: Db, printer: Printer, orderId: number, kind: PrintTicket['kind']) => {
  const ticket = await renderTicket(db, orderId, kind);
  if (!ticket) return false;
  let error: string | null = null;
  try {
    await printer.print(ticket);
  } catch (err) {
    error = (err as Error).message;
  }
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.insert(printJobs).values({
      accountId: ticket.accountId,
      orderId,
      kind,
      status: error ? 'failed' : 'printed',
      error,
      adapter: printer.mode,
    });
    await recordOrderEvent(tx, {
      accountId: ticket.accountId,
      orderId,
      kind: error ? 'print_failed' : 'printed',
      data: { print: kind, ...(error ? { error } : {}) },
      actor: `system:printer`,
    });
  });
  return !error;
};

/**
 * Moves an order (transitionOrder) and, when that accepts it, sends its ticket to the printer: the kitchen
 * gets every order the moment the shop takes it on, whether a board, the console or intake accepted it.
 * A printer failure does not undo the acceptance; it is recorded and shown on the boards (printOrder).
 */
export const moveOrder = async (
  db: Db,
  printer: Printer,
  input: Parameters<typeof transitionOrder>[1],
  log?: { error: (obj: object, msg: string) => void },
) => {
  const order = await transitionOrder(db, input);
  if (order.status === 'accepted')
    await printOrder(db, printer, order.id, 'order').catch((err) =>
      log?.error({ err, orderId: order.id }, 'print on acceptance failed'),
    );
  return order;
};
