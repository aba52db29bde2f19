import type { FastifyBaseLogger } from 'fastify';
import { listenSimulator } from '../simulator-host';
import { createEInvoiceClient } from './client';
import { createEInvoiceSimulator } from './simulator';
import { EInvoiceError, type EInvoicePlatform } from './types';

export * from './types';

const notConfigured = async (): Promise<never> => {
  throw new EInvoiceError('電子發票平台尚未設定（EINVOICE_PLATFORM_URL）', 'NOT_CONFIGURED', false);
};
/** Production without EINVOICE_PLATFORM_URL: no invoice is issued, and every call says why. */
const unconfiguredPlatform: EInvoicePlatform = {
  mode: 'unconfigured',
  register: notConfigured,
  fetchTracks: notConfigured,
  issue: notConfigured,
  void: notConfigured,
};

/**
 * The e-invoice platform by configuration: EINVOICE_PLATFORM_URL, or the local simulator (logged); never the
 * simulator in production, where an unset URL issues nothing and says so.
 */
export const startEInvoicePlatform = async (opts: {
  url?: string;
  production?: boolean;
  log: FastifyBaseLogger;
}) => {
  if (opts.url) return { platform: createEInvoiceClient({ baseUrl: opts.url }), close: async () => {} };
  if (opts.production) {
    opts.log.error('EINVOICE_PLATFORM_URL unset in production: no e-invoice is issued');
    return { platform: unconfiguredPlatform, close: async () => {} };
  }
  const sim = createEInvoiceSimulator();
  const host = await listenSimulator(sim.app, 0);
  opts.log.warn(
    { url: host.url },
    'EINVOICE_PLATFORM_URL unset: e-invoices go to the local platform simulator',
  );
  const platform: EInvoicePlatform = createEInvoiceClient({ baseUrl: host.url, mode: 'simulator' });
  return { platform, close: host.close };
};
