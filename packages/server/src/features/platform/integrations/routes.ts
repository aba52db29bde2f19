import {
  activateLiteOp,
  createIntegrationOp,
  deactivateLiteOp,
  getDvrSettingsOp,
  listIntegrationsOp,
  listLiteActiveOp,
  listLiteCatalogueOp,
  listServicesOp,
  listServiceUrlsOp,
  saveDvrSettingsOp,
  saveServiceOp,
  updateIntegrationOp,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import { type OrderWebhook, startOrderWebhook } from '../../../adapters/order-webhook';
import type { Db } from '../../../db/client';
import { registerOperation } from '../../../http/operation';
import { publicBase } from '../../../http/public-base';
import {
  getDvr,
  listIntegrations,
  listLiteActive,
  listServices,
  liteCatalogue,
  saveDvr,
  saveIntegration,
  saveService,
  serviceUrls,
  setLiteActive,
} from './integration-service';
import { registerOrderWebhookJob } from './order-webhook';

/** Integrations and value-added services (spec 002 §2 screen 10, §7 Integrations and services): gaa and si. */
export const integrationRoutes = async (
  app: FastifyInstance,
  opts: { db: Db; webhook?: OrderWebhook | null },
) => {
  const { db } = opts;
  const cfg = app.appConfig;
  const webhook =
    opts.webhook !== undefined
      ? opts.webhook
      : await startOrderWebhook(app, {
          url: cfg.mwWebhookUrl,
          secret: cfg.mwWebhookSecret,
          nodeEnv: cfg.nodeEnv,
        });
  registerOrderWebhookJob(app, webhook);
  const deps = { db, box: app.secretBox };

  registerOperation(app, listIntegrationsOp, async (req) =>
    listIntegrations(deps, req.requireUser(), req.params.id),
  );
  registerOperation(app, createIntegrationOp, async (req) =>
    saveIntegration(deps, req.requireUser(), req.params.id, req.body, 'create'),
  );
  registerOperation(app, updateIntegrationOp, async (req) =>
    saveIntegration(deps, req.requireUser(), req.params.id, req.body, 'update'),
  );
  registerOperation(app, listLiteActiveOp, async (req) =>
    listLiteActive(db, req.requireUser(), req.params.id),
  );
  registerOperation(app, activateLiteOp, async (req) =>
    setLiteActive(db, req.requireUser(), req.params.id, req.body.vendor_code, true),
  );
  registerOperation(app, deactivateLiteOp, async (req) =>
    setLiteActive(db, req.requireUser(), req.params.id, req.query.vendor_code, false),
  );
  registerOperation(app, listLiteCatalogueOp, async (req) => liteCatalogue(db, req.requireUser()));
  registerOperation(app, listServicesOp, async (req) => listServices(db, req.requireUser(), req.params.id));
  registerOperation(app, listServiceUrlsOp, async (req) =>
    serviceUrls(db, req.requireUser(), req.params.id, publicBase(req)),
  );
  registerOperation(app, saveServiceOp, async (req) =>
    saveService(db, req.requireUser(), req.params.id, req.params.x, req.body),
  );
  registerOperation(app, getDvrSettingsOp, async (req) => getDvr(deps, req.requireUser(), req.params.id));
  registerOperation(app, saveDvrSettingsOp, async (req) =>
    saveDvr(deps, req.requireUser(), req.params.id, req.body),
  );
};
