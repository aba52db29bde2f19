import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  API_BASE,
  accountKeyOp,
  applyRichMenuOp,
  createLineAccountOp,
  defaultItemOp,
  deleteNotifyGroupOp,
  deleteRichMenuOp,
  developerToolAccountOp,
  developerToolBusinessOp,
  getOaSettingsOp,
  lineDeliveriesOp,
  listOaSnapshotsOp,
  listRichMenusOp,
  notifyGroupsOp,
  RICH_MENUS,
  restoreOaSnapshotOp,
  richMenuImageFile,
  richMenuSettingsOp,
  saveLineAccountBusinessOp,
  saveOaSettingsOp,
  unbindLineModuleOp,
  updateOaOp,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { notFound } from '../../../http/errors';
import { registerOperation } from '../../../http/operation';
import { publicBase } from '../../../http/public-base';
import { requirePortalShop } from '../../../plugins/app/shop-access';
import { registerChatEventJob } from './chat-events';
import { lineDeliveries } from './deliveries';
import { listNotifyGroups, removeNotifyGroup } from './notify-groups';
import {
  clearRichMenu,
  developerFlags,
  getOaSettings,
  richMenuSettings,
  unbindLineModule,
  updateOa,
} from './oa-service';
import { listOaSnapshots, restoreOaSnapshot, saveOaSnapshot } from './oa-snapshots';
import { registerPushJob } from './order-pushes';
import { RICH_MENU_ASSETS } from './rich-menu-service';
import { webhookRoute } from './webhook';
import {
  applyRichMenu,
  ensureDefaultItem,
  finishWizard,
  generateAccountKey,
  saveWizardBusiness,
} from './wizard-service';

const IMAGE_PATH = `${API_BASE}/line/richmenu-images`;

/**
 * The chat account: the LINE webhook and its event jobs, order pushes to bound managers and
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

  // the wizard (spec 000 §2 "Shop-opening wizard", §4, §7 Messaging)
  registerOperation(app, listRichMenusOp, async (req) => ({
    results: RICH_MENUS.filter((m) => !req.query.type || m.kind === req.query.type).map((m) => ({
      id: m.id,
      displayName: m.displayName,
      fileName: m.fileName,
      style: m.style,
      imageUrl: `${IMAGE_PATH}/${richMenuImageFile(m.fileName)}`,
    })),
  }));

  // the style images (public: they are what every customer of a shop sees in the chat)
  app.get<{ Params: { file: string } }>(
    `${IMAGE_PATH}/:file`,
    { config: { allow: 'public' } },
    async (req, reply) => {
      const known = RICH_MENUS.flatMap((m) => [
        richMenuImageFile(m.fileName),
        richMenuImageFile(m.fileName, true),
      ]);
      if (!known.includes(req.params.file)) throw notFound();
      const png = await readFile(path.join(RICH_MENU_ASSETS, req.params.file));
      return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(png);
    },
  );

  registerOperation(app, accountKeyOp, async () => generateAccountKey());

  registerOperation(app, createLineAccountOp, async (req) =>
    finishWizard(app, req.requireUser(), req.body, publicBase(req)),
  );

  registerOperation(app, saveLineAccountBusinessOp, async (req) => {
    const { user } = await requirePortalShop(req, db, 'gaa', req.params.accountId);
    return saveWizardBusiness(db, user, req.params.accountId, req.body);
  });

  registerOperation(app, applyRichMenuOp, async (req) => {
    const { user } = await requirePortalShop(req, db, 'gaa', req.params.accountId);
    return applyRichMenu(app, user, req.params.accountId, req.body, publicBase(req));
  });

  registerOperation(app, defaultItemOp, async (req) => {
    await requirePortalShop(req, db, 'gaa', req.params.accountId);
    return { data: { created: await ensureDefaultItem(db, req.params.accountId) } };
  });

  // OA settings (spec 000 §2 "Messaging-account settings screen"): gaa any shop, si its own
  registerOperation(app, getOaSettingsOp, async (req) => {
    await requirePortalShop(req, db, req.params.type, req.params.accountId);
    return getOaSettings(app, req.params.accountId, publicBase(req));
  });

  registerOperation(app, updateOaOp, async (req) => {
    const { user } = await requirePortalShop(req, db, req.params.type, req.params.accountId);
    return updateOa(app, user, req.params.accountId, req.body.data, publicBase(req));
  });

  registerOperation(app, deleteRichMenuOp, async (req) => {
    const { user } = await requirePortalShop(req, db, req.params.type, req.params.accountId);
    return clearRichMenu(app, user, req.params.accountId, publicBase(req));
  });

  registerOperation(app, saveOaSettingsOp, async (req) => {
    const { user } = await requirePortalShop(req, db, 'gaa', req.params.accountId);
    return saveOaSnapshot(app, user, req.params.accountId);
  });

  registerOperation(app, listOaSnapshotsOp, async (req) => {
    await requirePortalShop(req, db, 'gaa', req.params.accountId);
    return { snapshots: await listOaSnapshots(db, req.params.accountId) };
  });

  registerOperation(app, restoreOaSnapshotOp, async (req) => {
    const { user } = await requirePortalShop(req, db, 'gaa', req.params.accountId);
    return restoreOaSnapshot(app, user, req.params.accountId, req.params.snapshotId, publicBase(req));
  });

  // the public rich-menu settings table (spec 000 §2): public links only
  registerOperation(app, richMenuSettingsOp, async (req) =>
    richMenuSettings(db, req.query.siName, publicBase(req)),
  );

  // other tools (gaa only): line-module unbind, developer tool
  registerOperation(app, unbindLineModuleOp, async (req) =>
    unbindLineModule(app, req.requireUser(), req.params.id),
  );

  registerOperation(app, developerToolAccountOp, async (req) => developerFlags(db, req.params.id, 'account'));
  registerOperation(app, developerToolBusinessOp, async (req) =>
    developerFlags(db, req.params.id, 'business'),
  );
};
