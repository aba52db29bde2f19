import {
  listMailTemplatesOp,
  MAIL_TEMPLATE_MESSAGES,
  previewMailTemplateOp,
  resetMailTemplateOp,
  saveMailTemplateOp,
  templateProblem,
  testMailTemplateOp,
} from '@shopdesk/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client';
import { accounts, businesses, siAccounts } from '../../../db/schema';
import { badRequest, forbidden, notFound } from '../../../http/errors';
import { registerOperation } from '../../../http/operation';
import { publicBase } from '../../../http/public-base';
import { enqueueOutbox } from '../../../jobs/outbox';
import { requirePortal, requireShop } from '../../../plugins/app/shop-access';
import { SEND_MAIL_JOB } from '../admin/admin-mail';
import { sampleMail } from './sample-mail';
import { listTemplates, resetTemplate, saveTemplate } from './template-store';

/**
 * The SI whose templates a call works on: an si always its own (naming another is 403); gaa names one
 * (400 without, 404 for an unknown or removed SI).
 */
const targetSi = async (db: Db, req: FastifyRequest, type: string, named: number | undefined) => {
  const user = requirePortal(req, type);
  let id: number;
  if (user.type === 'si') {
    if (!user.siAccountId || (named !== undefined && named !== user.siAccountId)) throw forbidden();
    id = user.siAccountId;
  } else {
    if (named === undefined) throw badRequest(MAIL_TEMPLATE_MESSAGES.chooseSi, 'siAccountId');
    id = named;
  }
  const [si] = await db.select().from(siAccounts).where(eq(siAccounts.id, id));
  if (!si || si.removedAt) throw notFound();
  return { user, si };
};

/** /si-email-template: list, save, reset, preview with a real shop, test send through the outbox. */
export const mailTemplateRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;

  registerOperation(app, listMailTemplatesOp, async (req) => {
    const { si } = await targetSi(db, req, req.params.type, req.query.siAccountId);
    const shops = await db
      .select({ id: accounts.id, name: businesses.name })
      .from(accounts)
      .innerJoin(businesses, eq(businesses.accountId, accounts.id))
      .where(eq(accounts.siAccountId, si.id))
      .orderBy(asc(accounts.id))
      .limit(100);
    return { siAccountId: si.id, siName: si.displayName, templates: await listTemplates(db, si.id), shops };
  });

  registerOperation(app, saveMailTemplateOp, async (req) => {
    const { user, si } = await targetSi(db, req, req.params.type, req.body.siAccountId);
    const problem = templateProblem(req.params.kind, req.body);
    if (problem) throw badRequest(problem, 'body');
    return { template: await saveTemplate(db, si.id, req.params.kind, req.body, user.id) };
  });

  registerOperation(app, resetMailTemplateOp, async (req) => {
    const { si } = await targetSi(db, req, req.params.type, req.query.siAccountId);
    return { template: await resetTemplate(db, si.id, req.params.kind) };
  });

  /** The template as typed (not yet saved), filled with the data of one of the SI's shops. */
  const render = async (
    req: FastifyRequest,
    type: string,
    kind: Parameters<typeof sampleMail>[1]['kind'],
    body: { siAccountId?: number; shopId: number; subject: string; body: string },
  ) => {
    const { user, si } = await targetSi(db, req, type, body.siAccountId);
    const shop = await requireShop(db, user, body.shopId);
    if (shop.siAccountId !== si.id) throw badRequest(MAIL_TEMPLATE_MESSAGES.shopNotOfSi, 'shopId');
    const problem = templateProblem(kind, body);
    if (problem) throw badRequest(problem, 'body');
    return sampleMail(
      db,
      { kind, subject: body.subject, body: body.body },
      shop.accountId,
      si,
      publicBase(req),
    );
  };

  registerOperation(app, previewMailTemplateOp, async (req) => ({
    preview: await render(req, req.params.type, req.params.kind, req.body),
  }));

  registerOperation(
    app,
    testMailTemplateOp,
    async (req) => {
      const mail = await render(req, req.params.type, req.params.kind, req.body);
      const payload = { to: req.body.recipient, ...mail, subject: `[測試 Test] ${mail.subject}` };
      await enqueueOutbox(db, { kind: SEND_MAIL_JOB, payload });
      return { queued: true as const };
    },
    { rateLimit: { max: 20, timeWindow: '1 hour' } },
  );
};
