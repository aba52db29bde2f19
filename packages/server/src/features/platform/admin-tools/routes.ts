import {
  createPrinterTemplateOp,
  getPrinterTemplateOp,
  setShopsGtmOp,
  updatePrinterTemplateOp,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { registerOperation } from '../../../http/operation';
import { createPrinterTemplate, getPrinterTemplate, updatePrinterTemplate } from './printer-templates';
import { setShopsGtm } from './tag-manager';

/** The admin tools of spec 002 §7 (printer templates, the GTM setter); gaa only (the contract's allow). */
export const adminToolRoutes = async (app: FastifyInstance, { db }: { db: Db }) => {
  registerOperation(app, getPrinterTemplateOp, async (req) => getPrinterTemplate(db, req.params.id));
  registerOperation(app, createPrinterTemplateOp, async (req) =>
    createPrinterTemplate(db, req.requireUser(), req.body ?? {}),
  );
  registerOperation(app, updatePrinterTemplateOp, async (req) =>
    updatePrinterTemplate(db, req.requireUser(), req.params.id, req.body),
  );
  registerOperation(app, setShopsGtmOp, async (req) => setShopsGtm(db, req.requireUser(), req.body));
};
