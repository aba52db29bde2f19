import { manualAcceptOp } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { registerOperation } from '../../../http/operation';
import { requirePortal } from '../../../plugins/app/shop-access';
import { saveSetting } from '../../shops/shop-settings/save-service';

export const orderAcceptanceRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  // The same allow-listed write, role check and audit record as the settings page's is_manual switch, so
  // the Record tab shows and reverts it like any other change.
  registerOperation(app, manualAcceptOp, async (req) => {
    const user = requirePortal(req, req.params.type);
    const isManual = req.params.onOff === 'on';
    await saveSetting(
      opts.db,
      user,
      req.params.accountId,
      { table: 'accounts', key: 'is_manual', value: isManual },
      { kind: 'toggle', toggle: 'account' },
    );
    return { accountId: req.params.accountId, isManual };
  });
};
