import {
  createContractOp,
  disableSystemOp,
  enableSystemOp,
  getContractsOp,
  listPlansOp,
  listRegistrationOrdersOp,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { registerOperation } from '../../../http/operation';
import { requireShop } from '../../../plugins/app/shop-access';
import {
  createContract,
  listContracts,
  listPlans,
  listRegistrationOrders,
  setSystemClosed,
} from './contract-service';

/** Contracts (spec 002 §2 screen 6, §7 Contracts): gaa, declared by the operations; reading also line. */
export const contractRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;
  // gaa any shop; a shop manager (line, with the contract acl) reads its own shop's only.
  registerOperation(app, getContractsOp, async (req) => {
    await requireShop(db, req.requireUser(), req.params.accountId);
    return listContracts(db, req.params.accountId, req.query.businessId);
  });
  registerOperation(app, listPlansOp, async () => listPlans(db));
  registerOperation(app, listRegistrationOrdersOp, async (req) =>
    listRegistrationOrders(db, req.params.businessId),
  );
  registerOperation(app, createContractOp, async (req) => createContract(db, req.requireUser(), req.body));
  registerOperation(app, enableSystemOp, async (req) =>
    setSystemClosed(db, req.requireUser(), req.body.accountId, false),
  );
  registerOperation(app, disableSystemOp, async (req) =>
    setSystemClosed(db, req.requireUser(), req.body.accountId, true),
  );
};
