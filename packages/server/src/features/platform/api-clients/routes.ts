import {
  API_CLIENT_MESSAGES,
  createApiClientOp,
  extShopOrdersOp,
  listApiClientsOp,
  revokeApiClientOp,
  rotateApiClientOp,
  updateApiClientOp,
} from '@shopdesk/contract';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { orderItems, orders } from '../../../db/schema';
import { forbidden, unauthorized } from '../../../http/errors';
import { registerOperation } from '../../../http/operation';
import {
  createClient,
  listClients,
  revokeClient,
  rotateClient,
  updateClient,
} from '../../../identity/api-client-store';

/** /extra/app-mngmt's API (gaa) and what a client calls with its key. */
export const apiClientRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;
  registerOperation(app, listApiClientsOp, async () => ({ clients: await listClients(db) }));
  registerOperation(app, createApiClientOp, async (req) => createClient(db, req.requireUser().id, req.body));
  registerOperation(app, updateApiClientOp, async (req) => updateClient(db, req.params.id, req.body));
  registerOperation(app, rotateApiClientOp, async (req) => rotateClient(db, req.params.id));
  registerOperation(app, revokeApiClientOp, async (req) => revokeClient(db, req.params.id));

  registerOperation(app, extShopOrdersOp, async (req) => {
    const client = req.apiClient;
    if (!client) throw unauthorized();
    const { shopId } = req.params;
    if (!client.allShops && !client.shopIds.includes(shopId))
      throw forbidden(API_CLIENT_MESSAGES.shopOutOfScope);
    const rows = await db
      .select()
      .from(orders)
      .where(and(eq(orders.accountId, shopId), gt(orders.id, req.query.after)))
      .orderBy(asc(orders.id))
      .limit(req.query.limit);
    const items = rows.length
      ? await db
          .select()
          .from(orderItems)
          .where(
            inArray(
              orderItems.orderId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(orderItems.id))
      : [];
    return {
      orders: rows.map((o) => ({
        id: o.id,
        serial: o.serial,
        status: o.status,
        mealType: o.mealType,
        total: o.total,
        createdAt: o.createdAt.toISOString(),
        items: items
          .filter((i) => i.orderId === o.id)
          .map((i) => ({ name: i.names.zh, quantity: i.quantity, lineTotal: i.lineTotal })),
      })),
    };
  });
};
