import { API_BASE, COMMON_MESSAGES, ERROR_CODES, msg } from '@shopdesk/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type DeliveryVendor,
  LOGISTICS_OF_STATUS,
  type VendorStatus,
  vendorStatusFollows,
} from '../../../adapters/delivery';
import { verifyWebhook } from '../../../adapters/delivery/signature';
import type { Db } from '../../../db/client';
import { deliveries } from '../../../db/schema';
import { ApiError, badRequest } from '../../../http/errors';
import type { SecretBox } from '../../../lib/secret-box';
import { moveLogistics, VENDOR } from './courier';
import { courierClientForDelivery, webhookSecretOf } from './courier-account';
import { firstReceipt } from './webhook-events';

/** The vendor's status webhook: the URL set at Lalamove ("Webhook URL" of the partner portal). */
export const LALAMOVE_WEBHOOK_PATH = `${API_BASE}/delivery/webhook/lalamove`;
const REFUSED = msg('簽章錯誤', 'Invalid webhook signature');
const REPLAYED = msg('重複的通知', 'Webhook already received');

type Body = {
  apiKey?: unknown;
  timestamp?: unknown;
  signature?: unknown;
  eventType?: unknown;
  data?: { order?: { orderId?: unknown; status?: unknown; driverId?: unknown } };
};

type DriverDetails = { driverId: string; name: string; phone: string };

/**
 * The driver as stored when already known, else as the vendor gives it (GET .../drivers/{driverId}); null
 * when the vendor cannot say (the row then keeps the id alone).
 */
const driverDetails = async (
  opts: { db: Db; vendor: DeliveryVendor | null; box: SecretBox },
  vendorOrderId: string,
  driverId: string,
): Promise<DriverDetails | null> => {
  const [d] = await opts.db
    .select({ driver: deliveries.driver, accountKey: deliveries.accountKey })
    .from(deliveries)
    .where(and(eq(deliveries.vendor, VENDOR), eq(deliveries.vendorOrderId, vendorOrderId)));
  if (!d) return null;
  const had = d.driver as Partial<DriverDetails> | null;
  if (had?.driverId === driverId && typeof had.name === 'string' && typeof had.phone === 'string')
    return had as DriverDetails;
  if (!opts.vendor) return null;
  try {
    const api = await courierClientForDelivery(opts.db, opts.box, opts.vendor, d.accountKey);
    const v = await api.getDriver(vendorOrderId, driverId);
    return { driverId, name: String(v.name ?? ''), phone: String(v.phone ?? '') };
  } catch {
    return null;
  }
};

/**
 * `POST /console/apis/delivery/webhook/lalamove`: ORDER_STATUS_CHANGED webhooks signed the
 * Lalamove way (adapters/delivery/signature.ts `verifyWebhook`): an unknown key, a bad signature or a
 * timestamp outside ±5 minutes is 401, a signature received before (a replay: kept in the database by
 * webhook-events.ts, so after a restart and at every instance) is 401 too, and nothing changes. A good one
 * updates the delivery row when its status follows the stored one (adapters/delivery `vendorStatusFollows`:
 * an older status arriving late is ignored) and, for the order's newest delivery, moves the order's
 * logistics status forward with its feed event (courier.ts `moveLogistics`): a repeated status is a no-op,
 * so the vendor's redeliveries are harmless. A new driver id is looked up at the vendor (name and phone, for
 * the customer's order page). Other event types and unknown orders are acknowledged and ignored.
 */
export const deliveryWebhookRoute = async (
  app: FastifyInstance,
  opts: { db: Db; vendor: DeliveryVendor | null },
) => {
  const box = app.secretBox;
  app.route({
    method: 'POST',
    url: LALAMOVE_WEBHOOK_PATH,
    config: { allow: 'public' },
    schema: { hide: true } as object,
    bodyLimit: 64 * 1024,
    handler: async (req, reply) => {
      const body = (req.body ?? {}) as Body;
      if (typeof body !== 'object' || Array.isArray(body)) throw badRequest(COMMON_MESSAGES.validation);
      // the platform's account or a shop's own (自有物流): the secret of the key the webhook names
      const apiKey = typeof body.apiKey === 'string' ? body.apiKey : '';
      const secret = await webhookSecretOf(opts.db, box, opts.vendor, apiKey);
      const verdict = verifyWebhook(body, LALAMOVE_WEBHOOK_PATH, (k) => (k === apiKey ? secret : undefined));
      if (verdict !== 'ok') {
        req.log.warn({ verdict }, 'delivery webhook refused');
        throw new ApiError(401, ERROR_CODES.unauthorized, REFUSED);
      }
      const o = body.data?.order;
      const status = o?.status as VendorStatus | undefined;
      const known = body.eventType === 'ORDER_STATUS_CHANGED' && typeof o?.orderId === 'string' && !!status;
      const to = known ? LOGISTICS_OF_STATUS[status] : undefined;
      if (known && !to) throw badRequest(COMMON_MESSAGES.validation);
      const vendorOrderId = typeof o?.orderId === 'string' ? o.orderId : '';
      const driverId = typeof o?.driverId === 'string' ? o.driverId : null;
      // the driver's name and phone for the customer's order page, asked once per driver, outside
      // the transaction; a failed ask keeps the id alone and the next webhook asks again
      const details =
        known && driverId ? await driverDetails({ ...opts, box }, vendorOrderId, driverId) : null;
      const replayed = await opts.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        if (!(await firstReceipt(tx, VENDOR, body.signature as string))) return true;
        if (!known || !status || !to) return false;
        const [d] = await tx
          .select({
            id: deliveries.id,
            orderId: deliveries.orderId,
            was: deliveries.vendorStatus,
            accountKey: deliveries.accountKey,
          })
          .from(deliveries)
          .where(and(eq(deliveries.vendor, VENDOR), eq(deliveries.vendorOrderId, vendorOrderId)))
          .for('update');
        if (!d) return false;
        // only the account that placed the delivery speaks for it (a shop's key cannot move another's courier)
        if ((d.accountKey ?? opts.vendor?.apiKey) !== apiKey) return false;
        // a status older than the stored one (late or out of order) changes nothing
        if (!vendorStatusFollows(d.was, status)) return false;
        await tx
          .update(deliveries)
          .set({
            vendorStatus: status,
            updatedAt: new Date(),
            ...(details ? { driver: details } : driverId ? { driver: { driverId } } : {}),
          })
          .where(eq(deliveries.id, d.id));
        // the answer to our own cancel (order canceled, or courier replaced by a recall): nothing more to do
        if (status === 'CANCELED' && d.was === 'CANCELED') return false;
        const [newest] = await tx
          .select({ id: deliveries.id })
          .from(deliveries)
          .where(eq(deliveries.orderId, d.orderId))
          .orderBy(desc(deliveries.id))
          .limit(1);
        if (newest?.id !== d.id) return false; // a replaced courier (recall): only its own row changes
        await moveLogistics(
          tx,
          d.orderId,
          to,
          { vendor: VENDOR, vendorOrderId, vendorStatus: status, ...(driverId ? { driverId } : {}) },
          'system:lalamove',
        );
        return false;
      });
      if (replayed) {
        req.log.warn({ verdict: 'replayed' }, 'delivery webhook refused');
        throw new ApiError(401, ERROR_CODES.unauthorized, REPLAYED);
      }
      return reply.code(200).send({});
    },
  });
};
