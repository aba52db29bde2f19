import type { FastifyBaseLogger } from 'fastify';
import { listenSimulator } from '../simulator-host';
import { createPrinterClient } from './client';
import { createPrinterSimulator, type PrinterSimulator } from './simulator';
import { PrinterError, type PrinterService, type PrinterStatus } from './types';

export { decodeEscPos, renderEscPos, type TicketDoc, type TicketLine } from './escpos';
export * from './types';

const NOT_CONFIGURED = '出單服務尚未設定（PRINTER_SERVICE_URL）';
const offline: PrinterStatus = { state: 'offline', queueLength: 0, lastPrintAt: null };
/** Production without PRINTER_SERVICE_URL: nothing prints, and every answer says why. */
const unconfiguredPrinter: PrinterService = {
  mode: 'unconfigured',
  print: async () => {
    throw new PrinterError(NOT_CONFIGURED, offline);
  },
  status: async () => offline,
  purge: async () => 0,
  bind: async () => {
    throw new PrinterError(NOT_CONFIGURED, offline);
  },
};

/**
 * The cloud-printer adapter by configuration: PRINTER_SERVICE_URL set = the real service; unset = the
 * local simulator on a free port (dev, tests), logged loudly, never a silent no-op; unset in production = no
 * printing (every print fails and waits in its queue), never the simulator. PRINTER_SIMULATOR=fail
 * starts the simulator's printers offline, so every print fails (tickets wait in their queues).
 */
export const startPrinterService = async (opts: {
  serviceUrl?: string;
  simulator?: 'ok' | 'fail';
  production?: boolean;
  log: FastifyBaseLogger;
}): Promise<{ service: PrinterService; simulator?: PrinterSimulator; close: () => Promise<void> }> => {
  if (opts.serviceUrl) {
    return { service: createPrinterClient({ baseUrl: opts.serviceUrl }), close: async () => {} };
  }
  if (opts.production) {
    // never a simulator in production: every print fails visibly and waits in its queue
    opts.log.error('PRINTER_SERVICE_URL unset in production: tickets wait in their queues, unprinted');
    return { service: unconfiguredPrinter, close: async () => {} };
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
