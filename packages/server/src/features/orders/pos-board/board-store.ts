import {
  customerDataFor,
  type TBoardOrder,
  type TBoardShop,
  type TLogisticsStatus,
} from '@shopdesk/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { accounts, businesses, orderItems, orderPayments, orders, printJobs } from '../../../db/schema';
import { notFound } from '../../../http/errors';

type OrderRow = typeof orders.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toBoardOrder = (
  o: OrderRow,
  items: (typeof orderItems.$inferSelect)[],
  lastPrint: TBoardOrder['lastPrint'],
  onlinePayment: TBoardOrder['onlinePayment'],
): TBoardOrder =>
  // What an order machine may see of the customer: the contract's one rule (customer-data.ts).
  customerDataFor('pos', {
    id: o.id,
    serial: o.serial,
    status: o.status,
    mealType: o.mealType,
    paymentMethod: o.paymentMethod,
    paymentStatus: o.paymentStatus,
    onlinePayment,
    customerName: o.customerName,
    customerPhone: o.customerPhone,
    tableNumber: o.tableNumber,
    comment: o.comment,
    receipt: o.receiptRequested,
    pickUp: o.pickUp,
    wantedAt: iso(o.wantedAt),
    deliveryAddress: o.deliveryAddress,
    subtotal: o.subtotal,
    discount: o.discount,
    deliveryFee: o.deliveryFee,
    total: o.total,
    itemCount: o.itemCount,
    createdAt: o.createdAt.toISOString(),
    acceptedAt: iso(o.acceptedAt),
    finishedAt: iso(o.completedAt ?? o.rejectedAt ?? o.canceledAt),
    statusReason: o.statusReason,
    logisticsStatus: (o.logisticsStatus as TLogisticsStatus | null) ?? null,
    logisticsUpdatedAt: iso(o.logisticsUpdatedAt),
    lastPrint,
    isTest: o.isTest,
    items: items.map((i) => ({
      id: i.id,
      names: i.names,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      lineTotal: i.lineTotal,
      options: i.options.map((x) => ({ names: x.names })),
      note: i.note,
      participant: i.participant,
    })),
  });

const withItems = async (db: Db, rows: OrderRow[]) => {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.id));
  const byOrder = new Map<number, typeof items>();
  for (const i of items) byOrder.set(i.orderId, [...(byOrder.get(i.orderId) ?? []), i]);
  // the last print job of each order: a failed auto-print stays visible on its card until a reprint works
  const prints = await db
    .selectDistinctOn([printJobs.orderId], { orderId: printJobs.orderId, status: printJobs.status })
    .from(printJobs)
    .where(
      inArray(
        printJobs.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(printJobs.orderId, desc(printJobs.id));
  const lastPrint = new Map(
    prints.map((p) => [p.orderId, p.status === 'failed' ? 'failed' : 'printed'] as const),
  );
  // the payment through an online service, if any (one per order)
  const payments = await db
    .select({ orderId: orderPayments.orderId, service: orderPayments.service, status: orderPayments.status })
    .from(orderPayments)
    .where(
      inArray(
        orderPayments.orderId,
        rows.map((r) => r.id),
      ),
    );
  const paymentOf = new Map(payments.map((p) => [p.orderId, { service: p.service, status: p.status }]));
  return rows.map((r) =>
    toBoardOrder(r, byOrder.get(r.id) ?? [], lastPrint.get(r.id) ?? null, paymentOf.get(r.id) ?? null),
  );
};

/**
 * The board's orders: every open one (new, accepted) and the ones finished today (Asia/Taipei), read
 * through the shop's (account_id, created_at) index over the last two days plus the open-orders index.
 */
export const loadBoardOrders = async (db: Db, accountId: number): Promise<TBoardOrder[]> => {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        sql`(${orders.status} in ('new', 'accepted') or (
          ${orders.createdAt} > now() - interval '2 days' and
          (coalesce(${orders.completedAt}, ${orders.rejectedAt}, ${orders.canceledAt}) at time zone 'Asia/Taipei')::date
            = (now() at time zone 'Asia/Taipei')::date))`,
      ),
    )
    .orderBy(asc(orders.id));
  return withItems(db, rows);
};

/** One order of the shop; 404 when it is another shop's (a POS user never learns it exists). */
export const loadBoardOrder = async (db: Db, accountId: number, orderId: number): Promise<TBoardOrder> => {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.accountId, accountId)));
  if (rows.length === 0) throw notFound();
  return (await withItems(db, rows))[0]!;
};

export const loadBoardShop = async (db: Db, accountId: number): Promise<TBoardShop> => {
  const [row] = await db
    .select({ name: businesses.name, isEnabled: businesses.isEnabled, isManual: accounts.isManual })
    .from(accounts)
    .leftJoin(businesses, eq(businesses.accountId, accounts.id))
    .where(eq(accounts.id, accountId));
  if (!row) throw notFound();
  return { accountId, shopName: row.name ?? '', isEnabled: Boolean(row.isEnabled), isManual: row.isManual };
};
