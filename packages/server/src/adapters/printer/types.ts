import type {
  TPrinterServer,
  TPrinterState,
  TPrinterType,
  TPrinterVoice,
  TPrinterVolume,
} from '@shopdesk/contract';

/**
 * The cloud-printer adapter's interface. A print takes a TARGET printer and a RENDERED ticket (ESC/POS
 * bytes for that printer's paper), so order printing and printer stations can route tickets to printers.
 */
export type PrinterTarget = {
  did: string;
  sn: string;
  /** The printer's key, opened from its sealed column; signs every request. */
  secret: string;
  server: TPrinterServer;
  printerType: TPrinterType;
  voiceId: TPrinterVoice;
  volume: TPrinterVolume;
};

export type PrinterStatus = { state: TPrinterState; queueLength: number; lastPrintAt: string | null };
export type PrintResult = PrinterStatus & { jobId: string };

/** A print the printer did not take: the service's answer (state and queue) when there was one. */
export class PrinterError extends Error {
  constructor(
    message: string,
    readonly status?: PrinterStatus,
  ) {
    super(message);
  }
}

export type PrinterService = {
  /** 'simulator' (local) or 'cloud' (PRINTER_SERVICE_URL). */
  mode: string;
  /** Sends a ticket; resolves when the printer printed it, throws PrinterError otherwise. */
  print: (target: PrinterTarget, ticket: Uint8Array) => Promise<PrintResult>;
  status: (target: PrinterTarget) => Promise<PrinterStatus>;
  /** Empties the printer's queue at the service; answers how many jobs were dropped. */
  purge: (target: PrinterTarget) => Promise<number>;
  /** Registers the printer (and its voice / volume) with the service. */
  bind: (target: PrinterTarget) => Promise<PrinterStatus>;
};
