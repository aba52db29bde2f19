import type { FastifyBaseLogger } from 'fastify';
import { listenSimulator } from '../simulator-host';
import { createEInvoiceClient } from './client';
import { createEInvoiceSimulator } from './simulator';
import type { EInvoicePlatform } from './types';

export * from './types';

/** The e-invoice platform by configuration: EINVOICE_PLATFORM_URL, or the local simulator (logged). */
export const startEInvoicePlatform = async (opts: { url?: string; log: FastifyBaseLogger }) => {
  if (opts.url) return { platform: createEInvoiceClient({ baseUrl: opts.url }), close: async () => {} };
  const sim = createEInvoiceSimulator();
  const host = await listenSimulator(sim.app, 0);
  opts.log.warn(
    { url: host.url },
    'EINVOICE_PLATFORM_URL unset: e-invoices go to the local platform simulator',
  );
  const platform: EInvoicePlatform = createEInvoiceClient({ baseUrl: host.url, mode: 'simulator' });
  return { platform, close: host.close };
};
