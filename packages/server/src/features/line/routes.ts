import { deleteNotifyGroupOp, lineDeliveriesOp, notifyGroupsOp } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerOperation } from '../../http/operation';
import { requirePortalShop } from '../../plugins/app/shop-access';
import { registerChatEventJob } from './chat-events';
import { lineDeliveries } from './deliveries';
import { listNotifyGroups, removeNotifyGroup } from './notify-groups';
import { registerPushJob } from './order-pushes';
import { webhookRoute } from './webhook';

/**
 * The chat account (issue 12): the LINE webhook and its event jobs, order pushes to bound managers and
 * groups, notification groups, the delivery log.
 */
export const lineRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;
  registerChatEventJob(app);
  registerPushJob(app);
  await app.register(webhookRoute, { db });

  registerOperation(app, notifyGroupsOp, async (req) => {
    await requirePortalShop(req, db, req.params.type, req.query.business_id);
    return listNotifyGroups(db, req.query.business_id);
  });

  registerOperation(app, deleteNotifyGroupOp, async (req) => {
    const { user } = await requirePortalShop(req, db, req.params.type, req.query.business_id);
    return removeNotifyGroup(app, user, req.query.business_id, req.params.id);
  });

  registerOperation(app, lineDeliveriesOp, async (req) => lineDeliveries(db, req.query));
};
