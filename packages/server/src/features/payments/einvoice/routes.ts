import {
  applyInvoiceOp,
  fetchInvoicesOp,
  getInvoiceOp,
  invoiceSwitchOp,
  issueInvoiceOp,
  updateInvoiceOp,
  updateInvoicePrinterOp,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import { type EInvoicePlatform, startEInvoicePlatform } from '../../../adapters/einvoice';
import type { Db } from '../../../db/client';
import { registerOperation } from '../../../http/operation';
import {
  applyInvoice,
  type EInvoiceDeps,
  fetchInvoices,
  getInvoice,
  issueWaitingInvoice,
  switchInvoice,
  updateInvoice,
  updateInvoicePrinter,
} from './einvoice-service';
import './numbering';
import { registerEInvoiceJobs } from './platform-jobs';
import { registerProofPrinting } from './proof-print';

/** The EInvoice tab (spec 001 §2.7, §7) and the issue / void jobs of the e-invoice platform adapter. */
export const einvoiceRoutes = async (app: FastifyInstance, opts: { db: Db; platform?: EInvoicePlatform }) => {
  const started = opts.platform
    ? { platform: opts.platform, close: async () => {} }
    : await startEInvoicePlatform({
        url: app.appConfig.einvoicePlatformUrl,
        production: app.appConfig.nodeEnv === 'production',
        log: app.log,
      });
  app.addHook('onClose', started.close);
  registerEInvoiceJobs(app, started.platform);
  registerProofPrinting(app);
  const d: EInvoiceDeps = { db: opts.db, box: app.secretBox, platform: started.platform, log: app.log };
  registerOperation(app, getInvoiceOp, async (req) => getInvoice(d, req.requireUser(), req.params.id));
  registerOperation(app, applyInvoiceOp, async (req) =>
    applyInvoice(d, req.requireUser(), req.params.id, req.body),
  );
  registerOperation(app, updateInvoiceOp, async (req) =>
    updateInvoice(d, req.requireUser(), req.params.id, req.body),
  );
  registerOperation(app, updateInvoicePrinterOp, async (req) =>
    updateInvoicePrinter(d, req.requireUser(), req.params.id, req.body),
  );
  registerOperation(app, invoiceSwitchOp, async (req) =>
    switchInvoice(d, req.requireUser(), req.params.id, req.body.switchValue),
  );
  registerOperation(app, issueInvoiceOp, async (req) =>
    issueWaitingInvoice(d, req.requireUser(), req.params.id, req.body.orderId),
  );
  registerOperation(app, fetchInvoicesOp, async (req) =>
    fetchInvoices(d, req.requireUser(), req.params.id, req.body.count),
  );
};
