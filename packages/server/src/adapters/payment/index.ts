import type { FastifyBaseLogger } from 'fastify';
import { listenSimulator } from '../simulator-host';
import { createPaymentGateway, type PaymentUrls } from './clients';
import { createPaymentSimulators } from './simulators';

export * from './types';

/** The services' own production endpoints: what production talks to when its URL is unset. */
export const LIVE_PAYMENT_URLS = { tappay: 'https://prod.tappaysdk.com', linepay: 'https://api-pay.line.me' };

/**
 * The payment services by configuration: TAPPAY_URL, LINEPAY_URL, EASYWALLET_URL (e.g.
 * https://sandbox.tappaysdk.com, https://sandbox-api-pay.line.me, the easy-wallet host).
 * - Production never uses a simulator: TapPay and LINE Pay default to their live endpoints; easy-wallet,
 *   which publishes no public endpoint, is not offered until EASYWALLET_URL names it.
 * - Development and tests: all three set, the real services; else the local simulators (logged).
 */
export const startPaymentGateway = async (opts: {
  urls?: Partial<PaymentUrls>;
  production: boolean;
  log: FastifyBaseLogger;
}) => {
  const u = opts.urls ?? {};
  if (opts.production) {
    const urls = {
      tappay: u.tappay ?? LIVE_PAYMENT_URLS.tappay,
      linepay: u.linepay ?? LIVE_PAYMENT_URLS.linepay,
      easywallet: u.easywallet,
    };
    if (!urls.easywallet) opts.log.warn('EASYWALLET_URL unset: easy-wallet payments are not offered');
    return { gateway: createPaymentGateway(urls), urls, simulators: undefined, close: async () => {} };
  }
  if (u.tappay && u.linepay && u.easywallet)
    return { gateway: createPaymentGateway(u), urls: u, simulators: undefined, close: async () => {} };
  const sims = createPaymentSimulators();
  const hosts = await Promise.all(
    [sims.tappay, sims.linepay, sims.easywallet].map((a) => listenSimulator(a, 0)),
  );
  const urls = { tappay: hosts[0]!.url, linepay: hosts[1]!.url, easywallet: hosts[2]!.url };
  sims.control.setUrls(urls);
  opts.log.warn(urls, 'TAPPAY_URL / LINEPAY_URL / EASYWALLET_URL unset: payments go to the local simulators');
  return {
    gateway: createPaymentGateway(urls, 'simulator'),
    urls,
    simulators: sims,
    close: async () => {
      await Promise.all(hosts.map((h) => h.close()));
    },
  };
};
