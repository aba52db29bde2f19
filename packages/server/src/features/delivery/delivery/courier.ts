import { LOGISTICS_FINAL, type TLogisticsStatus } from '@shopdesk/contract';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { DeliveryApiError, type DeliveryVendor, LOGISTICS_OF_STATUS } from '../../../adapters/delivery';
import type { Db } from '../../../db/client';
import { businesses, deliveries, orders } from '../../../db/schema';
import { enqueueOutbox, type OutboxJob, PermanentFailure, RetryLater } from '../../../jobs/outbox';
import { onOrderEvent, recordOrderEvent } from '../../orders/order-flow/order-events';
import { readCourierDispatch } from '../logistics/logistics-store';
import { courierClientForDelivery, courierClientForShop } from './courier-account';

export const REQUEST_JOB = 'delivery.request';
export const CANCEL_JOB = 'delivery.cancel';
/** The vendor word stored in deliveries.vendor (Lalamove: the "lala" card of spec 001 §3). */
export const VENDOR = 'lala';
/** Vendor statuses of a delivery that still runs (a courier is sought, coming or carrying the food). */
export const LIVE_STATUSES = ['ASSIGNING_DRIVER', 'ON_GOING', 'PICKED_UP'];

/**
 * The order of spec 000 §4's logistics statuses: a vendor status moves an order's logistics status only
 * forward, and never out of a final one (delivered, canceled, customer service), so a late, repeated or
 * replayed webhook cannot move a delivery back. A recall (logistics/recall.ts) starts over at matching.
 */
const RANK: Record<TLogisticsStatus, number> = {
  matching: 0,
  en_route_pickup: 1,
  picked_up: 2,
  overdue: 3,
  delivered: 4,
  canceled: 5,
  customer_service: 5,
};
export const movesForward = (from: TLogisticsStatus | null, to: TLogisticsStatus) =>
  from === null || (!LOGISTICS_FINAL.includes(from) && RANK[to] > RANK[from]);

/**
 * Sets an order's logistics status with its 'logistics' feed event (the open boards show it), inside the
 * caller's transaction, when the order still stands (accepted or completed) and the step is forward.
 */
export const moveLogistics = async (
  tx: Db,
  orderId: number,
  to: TLogisticsStatus,
  data: Record<string, unknown>,
  actor: string,
  now = new Date(),
) => {
  const [o] = await tx
    .select({ accountId: orders.accountId, status: orders.status, logistics: orders.logisticsStatus })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!o || (o.status !== 'accepted' && o.status !== 'completed')) return false;
  const from = (o.logistics ?? null) as TLogisticsStatus | null;
  if (from === to || !movesForward(from, to)) return false;
  await tx.update(orders).set({ logisticsStatus: to, logisticsUpdatedAt: now }).where(eq(orders.id, orderId));
  await recordOrderEvent(tx, {
    accountId: o.accountId,
    orderId,
    kind: 'logistics',
    status: o.status,
    data: { from, to, ...data },
    actor,
  });
  return true;
};

const newestDelivery = async (db: Db, orderId: number) =>
  (
    await db
      .select()
      .from(deliveries)
      .where(eq(deliveries.orderId, orderId))
      .orderBy(desc(deliveries.id))
      .limit(1)
  )[0];

/**
 * The courier reactions (run in the order's transaction, features/orders/order-flow/order-events.ts):
 * - a delivery order accepted (on the board, or at intake by a shop that accepts by itself) in a shop whose
 *   logistics dispatch automatically (contract `courierDispatch` = 'auto') gets a courier request job;
 * - a logistics recall (logistics/recall.ts) gets a new request that replaces the newest delivery;
 * - a canceled order whose courier was requested gets a cancel job.
 */
onOrderEvent(async (tx, e) => {
  if (e.orderId === null) return;
  const orderId = e.orderId;
  if (e.kind === 'logistics' && e.data?.recall === true) {
    const last = await newestDelivery(tx, orderId);
    await enqueueOutbox(tx, {
      kind: REQUEST_JOB,
      accountId: e.accountId,
      dedupeKey: `${orderId}:recall:${e.id}`,
      payload: { orderId, replaces: last?.id ?? null },
    });
    return;
  }
  if (e.kind === 'status' && e.status === 'canceled') {
    const [d] = await tx
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(eq(deliveries.orderId, orderId))
      .limit(1);
    if (d)
      await enqueueOutbox(tx, {
        kind: CANCEL_JOB,
        accountId: e.accountId,
        dedupeKey: `${orderId}:cancel`,
        payload: { orderId },
      });
    return;
  }
  const accepted =
    e.status === 'accepted' &&
    (e.kind === 'status' || (e.kind === 'created' && e.data?.mealType === 'delivery'));
  if (!accepted) return;
  // the order as intake wrote it, when the event carries it (no read back)
  const o =
    e.order ??
    (
      await tx
        .select({ mealType: orders.mealType, isTest: orders.isTest })
        .from(orders)
        .where(eq(orders.id, orderId))
    )[0];
  if (o?.mealType !== 'delivery') return;
  // no courier is sent for a staff test order automatically (docs/decisions/orders.md "Go-live status and test
  // orders"); the board's manual dispatch stays possible
  if (o.isTest) return;
  if ((await readCourierDispatch(tx, e.accountId)) !== 'auto') return;
  await enqueueOutbox(tx, {
    kind: REQUEST_JOB,
    accountId: e.accountId,
    dedupeKey: `${orderId}:first`,
    payload: { orderId, replaces: null },
  });
});

/** A vendor answer as an outbox outcome: 429 and 5xx (and no answer) are tried again, other refusals are final. */
const asJobError = (err: unknown) => {
  if (err instanceof DeliveryApiError)
    return err.status === 429 || err.status >= 500
      ? new RetryLater(`vendor ${err.status} ${err.errorId}`)
      : new PermanentFailure(`vendor ${err.status} ${err.errorId}: ${err.message}`);
  return err instanceof PermanentFailure || err instanceof RetryLater
    ? err
    : new RetryLater((err as Error).message);
};
const call = async <T>(fn: () => Promise<T>) => {
  try {
    return await fn();
  } catch (err) {
    throw asJobError(err);
  }
};

/** The outbox handlers of the courier requests (registered by routes.ts). */
export const registerCourierJobs = (
  app: FastifyInstance,
  db: Db,
  vendor: DeliveryVendor | null,
  log: FastifyBaseLogger,
) => {
  const needVendor = () => {
    if (!vendor) throw new PermanentFailure('no delivery vendor configured (LALAMOVE_BASE_URL)');
    return vendor;
  };
  /**
   * Cancels a delivery at the vendor (a final or unknown one is left alone). The row is marked canceled
   * first, so the vendor's CANCELED webhook that answers our own cancel is known as ours (webhook.ts) and
   * does not move the order; a failed call puts the status back.
   */
  const cancelAtVendor = async (d: typeof deliveries.$inferSelect) => {
    if (!d.vendorOrderId || !LIVE_STATUSES.includes(d.vendorStatus ?? '')) return;
    const mark = (status: string) =>
      db
        .update(deliveries)
        .set({ vendorStatus: status, updatedAt: new Date() })
        .where(eq(deliveries.id, d.id));
    await mark('CANCELED');
    try {
      const api = await courierClientForDelivery(db, app.secretBox, needVendor(), d.accountKey);
      await api.cancelOrder(d.vendorOrderId);
    } catch (err) {
      if (err instanceof DeliveryApiError && err.status === 404) return;
      await mark(d.vendorStatus!);
      throw asJobError(err);
    }
  };

  app.outbox.handle(REQUEST_JOB, async (job: OutboxJob) => {
    const orderId = Number(job.payload.orderId);
    const replaces = job.payload.replaces === null ? null : Number(job.payload.replaces);
    const [o] = await db
      .select({
        order: orders,
        shop: {
          name: businesses.name,
          phone: businesses.phone,
          address: businesses.address,
          lat: businesses.lat,
          lng: businesses.lng,
        },
      })
      .from(orders)
      .innerJoin(businesses, eq(businesses.accountId, orders.accountId))
      .where(eq(orders.id, orderId));
    if (o?.order.status !== 'accepted') return; // gone, or no longer waiting for a courier
    const newest = await newestDelivery(db, orderId);
    if (newest && newest.id !== replaces) return; // placed already (this job ran before, or another request)
    const fail = async (reason: string) => {
      await db.transaction(async (t) =>
        moveLogistics(t as unknown as Db, orderId, 'customer_service', { reason }, 'system:courier'),
      );
    };
    try {
      const v = await courierClientForShop(db, app.secretBox, needVendor(), o.order.accountId);
      if (newest) await cancelAtVendor(newest);
      const { order, shop } = o;
      if (!shop.lat || !shop.lng || !order.deliveryLat || !order.deliveryLng)
        throw new PermanentFailure('the shop or the delivery address has no map point');
      const q = await call(() =>
        v.api.quotation(
          { lat: Number(shop.lat), lng: Number(shop.lng), address: shop.address },
          {
            lat: Number(order.deliveryLat),
            lng: Number(order.deliveryLng),
            address: order.deliveryAddress ?? '',
          },
        ),
      );
      const placed = await call(() =>
        v.api.placeOrder(
          q,
          { name: shop.name, phone: shop.phone },
          { name: order.customerName, phone: order.customerPhone, remarks: `#${order.serial}` },
        ),
      );
      // The vendor has booked a courier: should the row that records it fail to be written (the database
      // refused it or went away), the booking is canceled before the job's retry books another one — the
      // retry would otherwise leave this courier coming with nobody tracking or paying attention to it.
      const recorded = db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const [now] = await tx
          .select({ status: orders.status })
          .from(orders)
          .where(eq(orders.id, orderId))
          .for('update');
        await tx.insert(deliveries).values({
          orderId,
          accountId: order.accountId,
          vendor: VENDOR,
          vendorOrderId: placed.orderId,
          accountKey: v.accountKey,
          quotationId: q.quotationId,
          vendorStatus: placed.status,
          priceTotal: placed.priceTotal || q.priceTotal,
          driver: placed.driverId ? { driverId: placed.driverId } : null,
        });
        if (now?.status !== 'accepted') return false;
        await moveLogistics(
          tx,
          orderId,
          LOGISTICS_OF_STATUS[placed.status],
          { vendor: VENDOR, vendorOrderId: placed.orderId, ...(replaces ? { recall: true } : {}) },
          'system:courier',
        );
        return true;
      });
      const stillWanted = await recorded.catch(async (err: unknown) => {
        try {
          await v.api.cancelOrder(placed.orderId);
          log.warn(
            { orderId, vendorOrderId: placed.orderId, err: (err as Error).message },
            'courier booked but not recorded: canceled at the vendor, the request will run again',
          );
        } catch (cancelErr) {
          // nothing more this process can do: an operator cancels it by hand with the vendor's order id
          log.error(
            {
              orderId,
              vendorOrderId: placed.orderId,
              err: (err as Error).message,
              cancel: (cancelErr as Error).message,
            },
            'courier booked but not recorded, and its cancel failed: cancel it at the vendor by hand',
          );
        }
        throw err;
      });
      // canceled while the request was on its way: the cancel job found no delivery, so cancel it here
      if (!stillWanted) {
        const d = await newestDelivery(db, orderId);
        if (d) await cancelAtVendor(d);
      }
    } catch (err) {
      const e = asJobError(err);
      if (e instanceof PermanentFailure || job.attempts >= job.maxAttempts) {
        log.warn({ orderId, err: e.message }, 'courier request failed for good');
        await fail(e.message);
      }
      throw e;
    }
  });

  app.outbox.handle(CANCEL_JOB, async (job: OutboxJob) => {
    const orderId = Number(job.payload.orderId);
    const live = await db
      .select()
      .from(deliveries)
      .where(
        and(
          eq(deliveries.orderId, orderId),
          isNotNull(deliveries.vendorOrderId),
          inArray(deliveries.vendorStatus, LIVE_STATUSES),
        ),
      );
    for (const d of live) await cancelAtVendor(d);
  });
};
