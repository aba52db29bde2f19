import type { FastifyBaseLogger } from 'fastify';
import { listenSimulator } from '../simulator-host';
import { createPrinterClient } from './client';
import { createPrinterSimulator, type PrinterSimulator } from './simulator';
import type { PrinterService } from './types';

export { decodeEscPos, renderEscPos, type TicketDoc, type TicketLine } from './escpos';
export * from './types';

/**
 * The cloud-printer adapter by configuration: PRINTER_SERVICE_URL set = the real service; unset = the
 * local simulator on a free port (dev, tests), logged loudly, never a silent no-op. PRINTER_SIMULATOR=fail
 * starts the simulator's printers offline, so every print fails (tickets wait in their queues).
 */
export const startPrinterService = async (opts: {
  serviceUrl?: string;
  simulator?: 'ok' | 'fail';
  log: FastifyBaseLogger;
}): Promise<{ service: PrinterService; simulator?: PrinterSimulator; close: () => Promise<void> }> => {
  if (opts.serviceUrl) {
    return { service: createPrinterClient({ baseUrl: opts.serviceUrl }), close: async () => {} };
  }
  const simulator = createPrinterSimulator({
    initialState: opts.simulator === 'fail' ? 'offline' : 'online',
  });
  const host = await listenSimulator(simulator.app, 0);
  opts.log.warn({ url: host.url }, 'PRINTER_SERVICE_URL unset: printing goes to the local printer simulator');
  return {
    service: createPrinterClient({ baseUrl: host.url, mode: 'simulator' }),
    simulator,
    close: host.close,
  };
};
