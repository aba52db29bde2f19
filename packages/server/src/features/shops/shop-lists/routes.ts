import {
  addShopTagOp,
  bulkShopsOp,
  disableOldOaOp,
  eaaShopsOp,
  enableOldOaOp,
  listSiAccountsOp,
  queryShopsOp,
  removeShopTagOp,
  SHOP_LIST_MESSAGES,
  setEaaShopStatusOp,
  setInitialStatusOp,
  setShopStatusOp,
  setSiAccountOp,
  siShopsOp,
  tagSuggestionsOp,
} from '@shopdesk/contract';
import { asc, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { siAccounts } from '../../../db/schema';
import { badRequest, forbidden } from '../../../http/errors';
import { type OpRequest, registerOperation } from '../../../http/operation';
import { queryGaaShops } from './gaa-list-repo';
import { queryEaaShops, querySiShops } from './role-list-repo';
import { disableOldOa, enableOldOa, setInitialStatus, setShopStatus, setSiAccount } from './shop-writes';
import { addShopTag, removeShopTag, suggestTags } from './tag-service';

/** Shop lists (spec 002 §2 screens 1–3, §7 Shops + Tags). Who may call what is declared in the contract. */
export const shopListRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;

  const gaaList = async (req: OpRequest<typeof queryShopsOp>) => {
    const q = req.query;
    const data = await queryGaaShops(db, {
      kind: q.type,
      query: q.query ?? {},
      tagNames: q.queryByTag ?? [],
      offset: q.offset,
      limit: q.limit,
      sort: q.sort,
    });
    return { data };
  };
  registerOperation(app, queryShopsOp, gaaList);
  registerOperation(app, bulkShopsOp, gaaList);

  registerOperation(app, siShopsOp, async (req) => {
    const { keyword, type, ...paging } = req.query;
    return { data: await querySiShops(db, req.requireUser(), { ...paging, keyword, kind: type }) };
  });

  registerOperation(app, eaaShopsOp, async (req) => {
    const { type, ...paging } = req.query;
    return queryEaaShops(db, req.requireUser(), { ...paging, kind: type });
  });

  registerOperation(app, setInitialStatusOp, async (req) =>
    setInitialStatus(db, req.requireUser(), req.params.id, req.body.data.isInitialized),
  );

  registerOperation(app, disableOldOaOp, async (req) =>
    disableOldOa(db, req.requireUser(), req.params.accountId),
  );

  registerOperation(app, enableOldOaOp, async (req) =>
    enableOldOa(db, req.requireUser(), req.params.accountId),
  );

  registerOperation(app, setShopStatusOp, async (req) => {
    const user = req.requireUser();
    // {type} is the caller's portal (spec 000 §7): another type's prefix is not the caller's to use.
    if (req.params.type !== user.type) throw forbidden(SHOP_LIST_MESSAGES.portalMismatch);
    return setShopStatus(db, user, req.params.accountId, req.body.isEnabled);
  });

  registerOperation(app, setEaaShopStatusOp, async (req) =>
    setShopStatus(db, req.requireUser(), req.params.accountId, req.body.isEnabled),
  );

  registerOperation(app, listSiAccountsOp, async () => ({
    siAccounts: await db
      .select({ id: siAccounts.id, name: siAccounts.name, displayName: siAccounts.displayName })
      .from(siAccounts)
      .where(isNull(siAccounts.removedAt))
      .orderBy(asc(siAccounts.displayName)),
  }));

  registerOperation(app, setSiAccountOp, async (req) => {
    if (req.body.accountId !== req.params.shopId)
      throw badRequest(SHOP_LIST_MESSAGES.accountIdMismatch, 'accountId');
    return setSiAccount(db, req.requireUser(), req.params.shopId, req.body.siAccountId);
  });

  registerOperation(app, tagSuggestionsOp, async (req) => ({
    tags: await suggestTags(db, req.query.keyword, req.query.limit),
  }));

  registerOperation(app, addShopTagOp, async (req) =>
    addShopTag(db, req.requireUser(), req.params.shopId, req.body.tagName),
  );

  registerOperation(app, removeShopTagOp, async (req) =>
    removeShopTag(db, req.requireUser(), req.params.shopId, req.query.tagName),
  );
};
