import { sendWeeklyReportOp } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { businesses } from '../../../db/schema';
import { registerOperation } from '../../../http/operation';
import { requireShop } from '../../../plugins/app/shop-access';
import { shopTemplate } from '../../platform/mail/shop-info';
import { weeklyFigures } from './weekly-figures';
import { weeklyReportMail } from './weekly-report-mail';

/** The figures come from `reads` (DATABASE_READ_URL, docs/scale.md "Read replica"). */
export const weeklyReportRoutes = async (app: FastifyInstance, opts: { db: Db; reads?: Db }) => {
  const { db } = opts;
  const reads = opts.reads ?? db;

  // spec 002 §7 Weekly report (gaa only, spec 002 §6). The caller is answered at once (spec 002 §8:
  // 報表稍後將寄出。); figures and sending follow, and a failure there is only logged (spec 002 §8).
  registerOperation(app, sendWeeklyReportOp, async (req) => {
    const user = req.requireUser();
    const { accountId } = req.params;
    await requireShop(db, user, accountId);
    const { from, to, recipient, bccs } = req.body;
    const log = req.log.child({ accountId, recipient, from, to });
    void (async () => {
      const [shop] = await db
        .select({ name: businesses.name })
        .from(businesses)
        .where(eq(businesses.accountId, accountId));
      const figures = await weeklyFigures(reads, accountId, new Date(from * 1000), new Date(to * 1000));
      const mail = weeklyReportMail({
        accountId,
        shopName: shop?.name ?? `#${accountId}`,
        from,
        to,
        figures,
        ...(await shopTemplate(db, accountId, 'weeklyReport')),
      });
      await app.mailer.send({ to: recipient, bcc: bccs, ...mail });
      log.info('weekly report sent');
    })().catch((err: unknown) => log.error({ err }, 'weekly report could not be sent'));
    return { queued: true as const };
  });
};
