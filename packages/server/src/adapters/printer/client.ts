import { PRINTER_MESSAGES, type TPrinterState } from '@shopdesk/contract';
import { signedHeaders } from './signing';
import { PrinterError, type PrinterService, type PrinterStatus, type PrinterTarget } from './types';

type Answer = {
  state?: TPrinterState;
  queueLength?: number;
  lastPrintAt?: string | null;
  jobId?: string;
  printed?: boolean;
  purged?: number;
  error?: { code: string; message: string };
};

const STATE_TEXT: Record<string, string> = {
  offline: '出單機離線（已排入佇列）',
  paper_out: '出單機缺紙（已排入佇列）',
};

/**
 * The HTTP client of the cloud-printer service at `baseUrl` (PRINTER_SERVICE_URL, or the local simulator).
 * Paths: /{server}/v1/printers/{sn}[/jobs|/status]; every request signed with the printer's secret.
 */
export const createPrinterClient = (opts: { baseUrl: string; mode?: string; timeoutMs?: number }) => {
  const call = async (target: PrinterTarget, method: string, suffix: string, body?: object) => {
    const path = `/${target.server}/v1/printers/${encodeURIComponent(target.sn)}${suffix}`;
    const text = body ? JSON.stringify(body) : '';
    let res: Response;
    try {
      res = await fetch(`${opts.baseUrl}${path}`, {
        method,
        headers: {
          ...signedHeaders(target.sn, target.secret, method, path, text),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? text : undefined,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 5_000),
      });
    } catch (err) {
      throw new PrinterError(`${PRINTER_MESSAGES.serviceDown.zh} (${(err as Error).message})`);
    }
    const answer = (await res.json().catch(() => ({}))) as Answer;
    if (!res.ok) {
      const code = answer.error?.code ?? String(res.status);
      throw Object.assign(new PrinterError(`${code}: ${answer.error?.message ?? ''}`), { code });
    }
    return answer;
  };
  const statusOf = (a: Answer): PrinterStatus => ({
    state: a.state ?? 'unknown',
    queueLength: a.queueLength ?? 0,
    lastPrintAt: a.lastPrintAt ?? null,
  });
  const bind = async (target: PrinterTarget) =>
    statusOf(
      await call(target, 'PUT', '', {
        key: target.secret,
        type: target.printerType,
        voice: target.voiceId,
        volume: target.volume,
      }),
    );
  /** A printer the service does not know yet (added while it was unreachable) is bound, then asked again. */
  const known = async <T>(target: PrinterTarget, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      if ((err as { code?: string }).code !== 'UNKNOWN_PRINTER') throw err;
      await bind(target);
      return run();
    }
  };
  const service: PrinterService = {
    mode: opts.mode ?? 'cloud',
    print: async (target, ticket) => {
      const content = Buffer.from(ticket).toString('base64');
      const a = await known(target, () =>
        call(target, 'POST', '/jobs', { content, voice: target.voiceId, volume: target.volume }),
      );
      if (!a.printed) throw new PrinterError(STATE_TEXT[a.state ?? ''] ?? '出單機未列印', statusOf(a));
      return { ...statusOf(a), jobId: a.jobId ?? '' };
    },
    status: async (target) => statusOf(await known(target, () => call(target, 'GET', '/status'))),
    purge: async (target) => (await known(target, () => call(target, 'DELETE', '/jobs'))).purged ?? 0,
    bind,
  };
  return service;
};
