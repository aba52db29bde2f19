import {
  createStatsShareLinkOp,
  formatTaipeiTime,
  pubShopStatOp,
  SHARE_LINK_PURPOSE,
  STATS_MESSAGES,
  stats360Op,
  statsShopsOp,
  statsSummaryOp,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { ApiError, badRequest } from '../../../http/errors';
import { registerOperation } from '../../../http/operation';
import { signLink, verifyLink } from '../../../lib/signed-link';
import { requirePortal, requireShop } from '../../../plugins/app/shop-access';
import { writeAudit } from '../../platform/audit/write-audit';
import { assertRange, resolveScope, shopName, stats360, statsShops, statsSummary } from './stats-service';
import { scopeShop } from './stats-sql';

/** statistics: /summary/stat, /summary/shop-stat, /summary/adv-shop-stat, /report/360-stats, /pub/shop-stat. */
/** `reads`: the report queries' pool (DATABASE_READ_URL, docs/scale.md "Read replica"); sign-in checks and writes use `db`. */
export const statsRoutes = async (app: FastifyInstance, opts: { db: Db; reads?: Db }) => {
  const { db } = opts;
  const reads = opts.reads ?? db;
  const secret = () => app.appConfig.sessionSecret;

  registerOperation(app, statsSummaryOp, async (req) => {
    const user = requirePortal(req, req.params.type);
    const { from, to } = req.query;
    assertRange({ from, to });
    const scope = await resolveScope(db, user, req.query);
    // each statement under the report time-out of the sales query (report-read.ts): 422 "query timed out"
    return statsSummary(reads, scope, { from, to });
  });

  registerOperation(app, statsShopsOp, async (req) => {
    requirePortal(req, req.params.type);
    return statsShops(reads, req.query);
  });

  registerOperation(app, stats360Op, async (req) => {
    const user = requirePortal(req, req.params.type);
    const { from, to } = req.query;
    assertRange({ from, to });
    // the access check first: a refused caller costs one indexed row, never the report's statements
    // (docs/decisions/reports.md "Reports speed at 500k, session 17: the access check stays first")
    await requireShop(db, user, req.params.accountId);
    return stats360(reads, req.params.accountId, { from, to });
  });

  registerOperation(app, createStatsShareLinkOp, async (req, reply) => {
    const user = requirePortal(req, req.params.type);
    const { days } = req.body;
    const accountId = req.body.accountId ?? (user.type === 'line' ? user.shopAccountId : null);
    if (!accountId) throw badRequest(STATS_MESSAGES.shopRequired, 'accountId');
    await requireShop(db, user, accountId);
    const expiresAt = new Date(Date.now() + days * 86_400_000);
    const token = signLink(secret(), SHARE_LINK_PURPOSE, { a: accountId, u: user.id }, expiresAt);
    // the shop's figures become readable without a sign-in: the Record tab says who opened them and until when
    await writeAudit(db, user, {
      accountId,
      resourceCode: 'stats-share-link',
      action: 'create',
      displayName: '統計分享連結',
      displayLog: `統計分享連結：${days} 天，到期 ${formatTaipeiTime(expiresAt)}`,
      newValue: { days, expiresAt: expiresAt.toISOString() },
    });
    reply.code(201);
    return {
      token,
      path: `/console/pub/shop-stat?token=${encodeURIComponent(token)}`,
      expiresAt: expiresAt.toISOString(),
    };
  });

  registerOperation(app, pubShopStatOp, async (req) => {
    const { token, from, to } = req.query;
    const payload = verifyLink(secret(), SHARE_LINK_PURPOSE, token);
    if (!payload) {
      // A genuine signature that only fails on time is an expired link; anything else is not ours. Both
      // are 403, not 401: the web client treats a 401 as the end of the console session and would sign
      // out a signed-in user who opens a bad link.
      const genuine = verifyLink(secret(), SHARE_LINK_PURPOSE, token, new Date(0));
      if (genuine) throw new ApiError(403, 'LINK_EXPIRED', STATS_MESSAGES.linkExpired);
      throw new ApiError(403, 'LINK_INVALID', STATS_MESSAGES.linkInvalid);
    }
    assertRange({ from, to });
    const accountId = Number(payload.a);
    // the name and the figures at once (the link's signature is the check, already passed)
    const [name, summary] = await Promise.all([
      shopName(db, accountId),
      statsSummary(reads, scopeShop(accountId), { from, to }),
    ]);
    return { shop: { name }, expiresAt: new Date(payload.exp * 1000).toISOString(), summary };
  });
};
