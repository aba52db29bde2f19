/**
 * The printer adapter (issue 7: auto-print and reprint; the printer issue wires the shop's cloud printers
 * and stations). A ticket is plain text lines; `print` resolves when the printer took it and throws a
 * PrinterError when it did not.
 */
export type PrintTicket = {
  accountId: number;
  orderId: number;
  kind: 'order' | 'reprint';
  lines: string[];
};

export class PrinterError extends Error {}

export type Printer = {
  /** 'simulator' until a real client is configured. */
  mode: string;
  print: (ticket: PrintTicket) => Promise<void>;
};

/**
 * The local printer simulator of dev mode and tests: it accepts every ticket and keeps the last ones in
 * memory (the print_jobs table keeps the record). `failNext(n)` makes the next n prints fail, and
 * PRINTER_SIMULATOR=fail makes every print fail, so the failure paths can be tried by hand.
 */
export const createSimulatorPrinter = (opts: { alwaysFail?: boolean } = {}) => {
  let failures = 0;
  const printed: PrintTicket[] = [];
  return {
    mode: 'simulator',
    printed,
    failNext: (n = 1) => {
      failures += n;
    },
    print: async (ticket: PrintTicket) => {
      if (opts.alwaysFail || failures > 0) {
        failures = Math.max(0, failures - 1);
        throw new PrinterError('simulated printer failure (printer offline)');
      }
      printed.push(ticket);
      if (printed.length > 200) printed.shift();
    },
  } satisfies Printer & Record<string, unknown>;
};
export type SimulatorPrinter = ReturnType<typeof createSimulatorPrinter>;
