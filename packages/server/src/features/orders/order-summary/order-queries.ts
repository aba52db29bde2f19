import {
  courierDispatch,
  customerDataFor,
  ORDER_MESSAGES,
  type TOrderStatus,
  type TShopKind,
  type TSummaryOrderDetail,
  type TSummaryOrderRow,
} from '@shopdesk/contract';
import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';
import { accounts, bannedCustomers, businesses, orderItems, orderPayments, orders } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { shopScopeCondition } from '../../../plugins/app/shop-access';
import { readConfiguration } from '../../delivery/logistics/logistics-store';
import { loadOrderPromotions } from '../../marketing/promotions/order-pricing';
import { eventsOfOrder } from '../order-flow/order-events';
import { orderHistory } from './order-history';

type Caller = Pick<SessionUser, 'id' | 'type' | 'siAccountId' | 'shopAccountId'>;

export type OrderFilter = {
  from: string;
  to: string;
  status?: TOrderStatus;
  mealType?: 'eat_in' | 'to_go' | 'delivery';
  phone?: string;
  serial?: number;
  shopId?: number;
  /** The tree's shop kind (docs/decisions/shops.md "Retail tree"); none = every kind. */
  kind?: TShopKind;
};

/** Asia/Taipei days [from, to] as an index-friendly range on created_at (both ends whole days). */
const inDays = (from: string, to: string) =>
  and(
    sql`${orders.createdAt} >= (${from}::date)::timestamp at time zone 'Asia/Taipei'`,
    sql`${orders.createdAt} < (${to}::date + 1)::timestamp at time zone 'Asia/Taipei'`,
  );

const filterConditions = (user: Caller, f: OrderFilter): SQL | undefined =>
  and(
    shopScopeCondition(user),
    // staff test orders are in no report (docs/decisions/orders.md "Go-live status and test orders"); the rollup
    // the count reads skips them too
    eq(orders.isTest, false),
    f.shopId ? eq(orders.accountId, f.shopId) : undefined,
    f.kind ? eq(accounts.kind, f.kind) : undefined,
    inDays(f.from, f.to),
    f.status ? eq(orders.status, f.status) : undefined,
    f.mealType ? eq(orders.mealType, f.mealType) : undefined,
    f.phone ? eq(orders.customerPhone, f.phone) : undefined,
    f.serial ? eq(orders.serial, f.serial) : undefined,
  );

const rowColumns = {
  id: orders.id,
  accountId: orders.accountId,
  shopName: sql<string>`coalesce(${businesses.name}, '')`,
  serial: orders.serial,
  status: orders.status,
  mealType: orders.mealType,
  paymentMethod: orders.paymentMethod,
  customerName: orders.customerName,
  customerPhone: orders.customerPhone,
  total: orders.total,
  itemCount: orders.itemCount,
  createdAt: orders.createdAt,
  wantedAt: orders.wantedAt,
  logisticsStatus: orders.logisticsStatus,
};

type RawRow = { createdAt: Date; wantedAt: Date | null; logisticsStatus: string | null };
const toRow = <R extends RawRow>(r: R) => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  wantedAt: r.wantedAt?.toISOString() ?? null,
  logisticsStatus: r.logisticsStatus as TSummaryOrderRow['logisticsStatus'],
});

const SORT_COLUMNS = { createdAt: orders.createdAt, serial: orders.serial, total: orders.total } as const;

/** One page of the caller's orders and the total, newest first unless sorted otherwise. */
export const listOrders = async (
  db: Db,
  user: Caller,
  f: OrderFilter,
  page: { offset: number; limit: number; sort: { key: keyof typeof SORT_COLUMNS; desc: boolean } },
): Promise<{ total: number; rows: TSummaryOrderRow[] }> => {
  const where = filterConditions(user, f);
  const by = page.sort.desc ? desc : asc;
  const rows = await db
    .select(rowColumns)
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .leftJoin(businesses, eq(businesses.accountId, orders.accountId))
    .where(where)
    .orderBy(by(SORT_COLUMNS[page.sort.key]), by(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    total: await countOrders(db, user, f, where),
    rows: rows.map((r) => customerDataFor(user.type, toRow(r))),
  };
};

/**
 * The number of matching orders. Without a phone or order-number filter it is read from the statistics
 * rollup (order_stats_daily counts every order per shop, Taipei day, meal type and status, kept exact by
 * triggers): counting a month of raw orders of all shops takes most of a second at 5 million orders.
 */
const countOrders = async (db: Db, user: Caller, f: OrderFilter, where: SQL | undefined) => {
  if (!f.phone && !f.serial) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select coalesce(sum(d.orders), 0)::int as n
          from order_stats_daily d join accounts on accounts.id = d.account_id
          where d.day between ${f.from}::date and ${f.to}::date
            ${sql.join(
              [
                shopScopeCondition(user),
                f.shopId ? sql`d.account_id = ${f.shopId}` : undefined,
                f.kind ? sql`accounts.kind = ${f.kind}` : undefined,
                f.status ? sql`d.status = ${f.status}` : undefined,
                f.mealType ? sql`d.meal_type = ${f.mealType}` : undefined,
              ]
                .filter((c): c is SQL => Boolean(c))
                .map((c) => sql` and ${c}`),
            )}`,
    );
    return Number(row?.n ?? 0);
  }
  const [counted] = await db
    .select({ n: count() })
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .where(where);
  return Number(counted?.n ?? 0);
};

/** One order the caller may see, with items, history and whether its customer is blocked; null otherwise. */
export const orderDetail = async (
  db: Db,
  user: Caller,
  orderId: number,
): Promise<TSummaryOrderDetail | null> => {
  const [o] = await db
    .select({
      ...rowColumns,
      paymentStatus: orders.paymentStatus,
      lineUserId: orders.lineUserId,
      tableNumber: orders.tableNumber,
      comment: orders.comment,
      receipt: orders.receiptRequested,
      pickUp: orders.pickUp,
      customerEmail: orders.customerEmail,
      deliveryAddress: orders.deliveryAddress,
      subtotal: orders.subtotal,
      discount: orders.discount,
      deliveryFee: orders.deliveryFee,
      voucherCode: orders.voucherCode,
      statusReason: orders.statusReason,
      acceptedAt: orders.acceptedAt,
      rejectedAt: orders.rejectedAt,
      completedAt: orders.completedAt,
      canceledAt: orders.canceledAt,
    })
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .leftJoin(businesses, eq(businesses.accountId, orders.accountId))
    .where(and(eq(orders.id, orderId), shopScopeCondition(user)));
  if (!o) return null;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
  const events = await eventsOfOrder(db, orderId, sql`kind in ('created', 'status')`);
  const [ban] = await db
    .select({ id: bannedCustomers.id })
    .from(bannedCustomers)
    .where(
      and(
        eq(bannedCustomers.accountId, o.accountId),
        // an order without a phone matches no listed phone
        or(
          o.customerPhone ? eq(bannedCustomers.phone, o.customerPhone) : sql`false`,
          o.lineUserId ? eq(bannedCustomers.lineUserId, o.lineUserId) : sql`false`,
        ),
      ),
    )
    .limit(1);
  const { acceptedAt, rejectedAt, completedAt, canceledAt, ...rest } = o;
  // The ban check above used the stored values; the answer carries what this caller may see.
  return {
    ...customerDataFor(user.type, toRow(rest)),
    items: items.map((i) => ({
      name: i.names.zh,
      unitPrice: i.unitPrice,
      quantity: i.quantity,
      options: i.options.map((op) => ({ name: op.names.zh, priceDelta: op.priceDelta })),
      lineTotal: i.lineTotal,
      note: i.note,
      participant: i.participant,
    })),
    promotions: (await loadOrderPromotions(db, orderId)).map((p) => ({ name: p.name, discount: p.discount })),
    onlinePayment:
      (
        await db
          .select({ service: orderPayments.service, status: orderPayments.status })
          .from(orderPayments)
          .where(eq(orderPayments.orderId, orderId))
      )[0] ?? null,
    history: orderHistory({ ...o, status: o.status as TOrderStatus }, events),
    blocked: Boolean(ban),
    // the order drawer's recall button (contract recallRefusal) needs the shop's platform courier
    courier:
      o.mealType === 'delivery'
        ? courierDispatch((await readConfiguration(db, o.accountId)).configuration)
        : null,
  };
};

/** The order the caller may see, or 404 "order detail unavailable" (another's order reads as missing). */
export const visibleOrder = async (db: Db, user: Caller, orderId: number) => {
  const order = await orderDetail(db, user, orderId);
  if (!order) throw notFound(ORDER_MESSAGES.detailUnavailable);
  return order;
};
