import type { FastifyBaseLogger } from 'fastify';
import { listenSimulator } from '../simulator-host';
import { createPaymentGateway, type PaymentUrls } from './clients';
import { createPaymentSimulators } from './simulators';

export * from './types';

/**
 * The payment services by configuration: TAPPAY_URL, LINEPAY_URL, EASYWALLET_URL (all three, e.g.
 * https://sandbox.tappaysdk.com, https://sandbox-api-pay.line.me, the easy-wallet host), or the local
 * simulators (logged) when they are unset.
 */
export const startPaymentGateway = async (opts: { urls?: Partial<PaymentUrls>; log: FastifyBaseLogger }) => {
  const u = opts.urls ?? {};
  if (u.tappay && u.linepay && u.easywallet)
    return { gateway: createPaymentGateway(u as PaymentUrls), close: async () => {} };
  const sims = createPaymentSimulators();
  const hosts = await Promise.all(
    [sims.tappay, sims.linepay, sims.easywallet].map((a) => listenSimulator(a, 0)),
  );
  const urls = { tappay: hosts[0]!.url, linepay: hosts[1]!.url, easywallet: hosts[2]!.url };
  sims.control.setUrls(urls);
  opts.log.warn(urls, 'TAPPAY_URL / LINEPAY_URL / EASYWALLET_URL unset: payments go to the local simulators');
  return {
    gateway: createPaymentGateway(urls, 'simulator'),
    simulators: sims,
    close: async () => {
      await Promise.all(hosts.map((h) => h.close()));
    },
  };
};
