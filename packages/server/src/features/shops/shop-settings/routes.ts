import {
  accountToggleOp,
  businessToggleOp,
  getLargeOrderOp,
  getRecordByActionOp,
  getRecordByResourceOp,
  getRecordOp,
  getSettingsBusinessOp,
  getSettingsInfoOp,
  revertRecordOp,
  SAVE_OPS,
  searchSettingsAccountsOp,
  type TSavePath,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { registerOperation } from '../../../http/operation';
import { requireShop } from '../../../plugins/app/shop-access';
import { listRecords } from './record-store';
import { revertRecord } from './revert-service';
import { saveSetting } from './save-service';
import { searchAccounts } from './search-store';
import { loadSettingsState, readValues } from './settings-store';

/** The settings page (spec 001 §7, 002 §7 Admin tools): loads, field saves, toggles, the Record tab. */
export const shopSettingsRoutes = async (app: FastifyInstance, { db }: { db: Db }) => {
  registerOperation(app, searchSettingsAccountsOp, async (req) => searchAccounts(db, req.params.search));

  const load = async (user: Parameters<typeof requireShop>[1], id: number) => {
    await requireShop(db, user, id);
    const state = await loadSettingsState(db, id);
    return { state, values: readValues(state) };
  };
  registerOperation(app, getSettingsInfoOp, async (req) => {
    const { state, values } = await load(req.requireUser(), req.params.id);
    return {
      accountId: state.shop.accountId,
      kind: state.shop.kind,
      name: state.shop.data.businessName,
      values: {
        accounts: values.accounts!,
        account_sso: values.account_sso!,
        business_info: values.business_info!,
      },
    };
  });
  registerOperation(app, getSettingsBusinessOp, async (req) => {
    const { state, values } = await load(req.requireUser(), req.params.id);
    return { accountId: state.shop.accountId, values: { business: values.business!, both: values.both! } };
  });
  registerOperation(app, getLargeOrderOp, async (req) => {
    const { state, values } = await load(req.requireUser(), req.params.id);
    const { amount, qty } = values.large_order as { amount: number; qty: number };
    return { accountId: state.shop.accountId, values: { large_order: { amount, qty } } };
  });

  for (const path of Object.keys(SAVE_OPS) as TSavePath[]) {
    registerOperation(app, SAVE_OPS[path], async (req) =>
      saveSetting(db, req.requireUser(), req.params.id, req.body, { kind: 'path', path }),
    );
  }
  registerOperation(app, accountToggleOp, async (req) =>
    saveSetting(
      db,
      req.requireUser(),
      req.params.id,
      { table: 'accounts', ...req.body },
      { kind: 'toggle', toggle: 'account' },
    ),
  );
  registerOperation(app, businessToggleOp, async (req) =>
    saveSetting(
      db,
      req.requireUser(),
      req.params.id,
      { table: 'business', ...req.body },
      { kind: 'toggle', toggle: 'business' },
    ),
  );

  registerOperation(app, getRecordOp, async (req) => {
    const user = req.requireUser();
    await requireShop(db, user, req.params.id);
    return listRecords(db, req.params.id, { viewer: user.type }, req.query);
  });
  registerOperation(app, getRecordByResourceOp, async (req) => {
    const user = req.requireUser();
    await requireShop(db, user, req.params.id);
    const filter = { resourceCode: req.query.resourceCode, viewer: user.type };
    return listRecords(db, req.params.id, filter, req.query);
  });
  registerOperation(app, getRecordByActionOp, async (req) => {
    const user = req.requireUser();
    await requireShop(db, user, req.params.id);
    return listRecords(db, req.params.id, { action: req.query.action, viewer: user.type }, req.query);
  });
  registerOperation(app, revertRecordOp, async (req) =>
    revertRecord(db, req.requireUser(), req.params.id, req.params.recordId),
  );
};
