import { listManagersOp, saveAclsOp } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { registerOperation } from '../../../http/operation';
import { listManagers, saveAcls } from './acl-service';

/** Permissions (spec 002 §2 screen 9, §7 Acls): eaa for the shops it owns, a manager with `admin` its own. */
export const aclRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;
  registerOperation(app, listManagersOp, async (req) => listManagers(db, req.requireUser(), req.params.id));
  registerOperation(app, saveAclsOp, async (req) =>
    saveAcls(db, req.requireUser(), req.params.accountId, req.body),
  );
};
