import {
  createPrinterOp,
  deletePrinterOp,
  listAllPrintersOp,
  listPrintersOp,
  purgePrinterQueueOp,
  updatePrinterOp,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { registerOperation } from '../../../http/operation';
import { listAllPrinters } from './printer-list';
import {
  createPrinter,
  deletePrinter,
  listShopPrinters,
  type PrinterDeps,
  purgePrinterQueue,
  updatePrinter,
} from './printer-service';

/** The Printer tab (spec 001 §2.5, §7) and /printers/list (000 §2); gaa only (001 §6, contract). */
export const printerRoutes = async (app: FastifyInstance, { db }: { db: Db }) => {
  const deps = (): PrinterDeps => ({ db, box: app.secretBox, service: app.printer, log: app.log });
  registerOperation(app, listPrintersOp, async (req) =>
    listShopPrinters(db, req.requireUser(), req.params.id),
  );
  registerOperation(app, createPrinterOp, async (req) =>
    createPrinter(deps(), req.requireUser(), req.params.id, req.body),
  );
  registerOperation(app, updatePrinterOp, async (req) =>
    updatePrinter(deps(), req.requireUser(), req.params.did, req.body),
  );
  registerOperation(app, deletePrinterOp, async (req) =>
    deletePrinter(deps(), req.requireUser(), req.params.did),
  );
  registerOperation(app, purgePrinterQueueOp, async (req) =>
    purgePrinterQueue(deps(), req.requireUser(), req.params.did),
  );
  registerOperation(app, listAllPrintersOp, async (req) => listAllPrinters(deps(), req.query));
};
