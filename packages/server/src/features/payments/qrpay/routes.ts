import {
  createPaymentServiceOp,
  createQrMerchantOp,
  getPaymentConfigsOp,
  getQrMerchantOp,
  testPaymentServiceOp,
  togglePaymentConfigOp,
  updatePaymentServiceOp,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { PaymentGateway } from '../../../adapters/payment';
import type { Db } from '../../../db/client';
import { registerOperation } from '../../../http/operation';
import { registerPaymentJobs } from './payment-jobs';
import { paymentReturnRoutes } from './payment-return';
import {
  createMerchant,
  createService,
  enrollAll,
  getConfigs,
  getMerchant,
  type QrpayDeps,
  testService,
  togglePayment,
  updateService,
} from './qrpay-service';

/** The Qrpay tab (spec 001 §2.6, §7 /gaa/qrpm/…): gaa only (contract), each shop checked. */
export const qrpayRoutes = async (app: FastifyInstance, opts: { db: Db; gateway: PaymentGateway }) => {
  const started = { gateway: opts.gateway };
  registerPaymentJobs(app, started.gateway);
  // public, as the storefront's reads are: the customer's browser comes back from LINE Pay
  paymentReturnRoutes(app, started.gateway, {
    max: (app.appConfig.storefrontRateLimit ?? 30) * 4,
    timeWindow: '1 minute',
  });
  const d: QrpayDeps = { db: opts.db, box: app.secretBox, gateway: started.gateway };
  // the local simulators forget on restart: enroll the stored services again (simulator mode only)
  if (started.gateway.mode === 'simulator' && started.gateway.enroll)
    app.addHook('onReady', async () => {
      try {
        await enrollAll(d);
      } catch (err) {
        app.log.warn({ err }, 'payment simulators: enrolling stored services failed');
      }
    });
  registerOperation(app, getQrMerchantOp, async (req) =>
    getMerchant(d, req.requireUser(), req.params.shopId),
  );
  registerOperation(app, createQrMerchantOp, async (req) => createMerchant(d, req.requireUser(), req.body));
  registerOperation(app, getPaymentConfigsOp, async (req) =>
    getConfigs(d, req.requireUser(), req.params.shopId),
  );
  registerOperation(app, createPaymentServiceOp, async (req) =>
    createService(d, req.requireUser(), req.params.shopId, req.body),
  );
  registerOperation(app, updatePaymentServiceOp, async (req) =>
    updateService(d, req.requireUser(), req.params.shopId, req.params.paymentServiceId, req.body),
  );
  registerOperation(app, togglePaymentConfigOp, async (req) =>
    togglePayment(d, req.requireUser(), req.params.shopId, req.body),
  );
  registerOperation(app, testPaymentServiceOp, async (req) =>
    testService(d, req.requireUser(), req.params.shopId, req.params.paymentServiceId),
  );
};
