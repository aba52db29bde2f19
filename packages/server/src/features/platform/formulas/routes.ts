import { createFormulaVersionOp, listFormulasOp, previewChargeOp } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { registerOperation } from '../../../http/operation';
import { createFormulaVersion, listFormulas, previewCharge } from './formula-service';

/** /report/formulas: gaa only, by the operations' `allow`; every new version is audited. */
export const formulaRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;
  registerOperation(app, listFormulasOp, async () => listFormulas(db));
  registerOperation(app, createFormulaVersionOp, async (req) =>
    createFormulaVersion(db, req.requireUser(), req.params.planId, req.body),
  );
  registerOperation(app, previewChargeOp, async (req) =>
    previewCharge(db, req.query.accountId, req.query.month),
  );
};
