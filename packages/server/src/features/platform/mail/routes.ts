import {
  mailOutboxOp,
  SHOP_INFO_EMAIL_MESSAGES,
  sendShopInfoEmailOp,
  shopInfoEmailPreviewOp,
} from '@shopdesk/contract';
import { desc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { mailOutbox } from '../../../db/schema';
import { ApiError } from '../../../http/errors';
import { registerOperation } from '../../../http/operation';
import { publicBase } from '../../../http/public-base';
import { requirePortalShop } from '../../../plugins/app/shop-access';
import { loadShopInfo, shopInfoMail, shopTemplate } from './shop-info';

export const mailRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;

  // The local capture's outbox, newest first (gaa console page /other/mail-outbox).
  registerOperation(app, mailOutboxOp, async (req) => {
    const { offset, limit } = req.query;
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit).offset(offset);
    return {
      mode: app.mailer.mode,
      total: count?.n ?? 0,
      mails: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    };
  });

  // /account-email (spec 000 §2): gaa and si, with the shop-access rule. {type} is the caller's own
  // portal type (spec 000 §6), so another type in the path is refused.
  registerOperation(app, shopInfoEmailPreviewOp, async (req) => {
    await requirePortalShop(req, db, req.params.type, req.params.accountId);
    return { shop: await loadShopInfo(db, req.params.accountId, publicBase(req)) };
  });

  registerOperation(app, sendShopInfoEmailOp, async (req) => {
    await requirePortalShop(req, db, req.params.type, req.params.accountId);
    const shop = await loadShopInfo(db, req.params.accountId, publicBase(req));
    const mail = shopInfoMail(shop, await shopTemplate(db, shop.accountId, 'shopInfo'));
    try {
      await app.mailer.send({ to: req.body.recipient, ...mail });
    } catch (err) {
      req.log.error({ err, accountId: shop.accountId }, 'shop-info e-mail could not be sent');
      throw new ApiError(502, 'MAIL_FAILED', SHOP_INFO_EMAIL_MESSAGES.failed);
    }
    return { ok: true as const };
  });
};
