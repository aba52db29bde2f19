import { randomUUID } from 'node:crypto';
import type { TPrinterState } from '@shopdesk/contract';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { decodeEscPos } from './escpos';
import { SIGNATURE_WINDOW_MS, sameSignature, sign, signingText } from './signing';

type SimJob = { jobId: string; at: string; bytes: Buffer; text: string[] };
type SimPrinter = {
  sn: string;
  server: string;
  secret: string;
  state: Exclude<TPrinterState, 'unknown'>;
  queue: SimJob[];
  printed: SimJob[];
  lastPrintAt: string | null;
  voice?: number;
  volume?: string;
};

/**
 * The cloud-printer service simulator (dev and tests): the same HTTP API as the client speaks, checking
 * signatures (bad, stale and replayed ones refused), a queue per printer that drains while the printer is
 * online and waits while it is offline or out of paper, and every printed ticket decoded back to text.
 * A printer unknown to the service is bound to the secret of its first signed request (a real service
 * knows the key of the device; docs/decisions/printing.md "Printers"). Test hooks: `control` and /__sim/* routes.
 */
export const createPrinterSimulator = (opts: { initialState?: SimPrinter['state'] } = {}) => {
  const printers = new Map<string, SimPrinter>();
  const nonces = new Map<string, number>();
  let failures: { status: number; count: number } = { status: 503, count: 0 };
  const key = (server: string, sn: string) => `${server}/${sn}`;

  const drain = (p: SimPrinter) => {
    if (p.state !== 'online') return;
    for (const job of p.queue.splice(0)) {
      p.printed.push(job);
      p.lastPrintAt = job.at;
    }
    if (p.printed.length > 500) p.printed.splice(0, p.printed.length - 500);
  };

  const app = Fastify({ logger: false, bodyLimit: 256 * 1024 });
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    (req as FastifyRequest & { rawBody?: string }).rawBody = body as string;
    try {
      done(null, body ? JSON.parse(body as string) : {});
    } catch {
      done(Object.assign(new Error('bad json'), { statusCode: 400 }), undefined);
    }
  });
  const fail = (reply: FastifyReply, status: number, code: string, message: string) =>
    reply.code(status).send({ error: { code, message } });

  /**
   * Checks the signature against the printer's bound secret, or, for the bind of an unknown printer, the
   * key its body carries. Answers the printer (undefined: unknown and not a bind) or sends the refusal.
   */
  const authenticate = (
    req: FastifyRequest,
    reply: FastifyReply,
  ): { ok: false } | { ok: true; server: string; sn: string; printer?: SimPrinter } => {
    const { server, sn } = req.params as { server: string; sn: string };
    const refuse = (status: number, code: string, message: string) => {
      fail(reply, status, code, message);
      return { ok: false } as const;
    };
    if (failures.count > 0) {
      failures.count -= 1;
      return refuse(failures.status, failures.status === 429 ? 'RATE_LIMITED' : 'UNAVAILABLE', 'simulated');
    }
    if (server !== 'iiot' && server !== 'qc') return refuse(404, 'UNKNOWN_SERVER', 'no such server');
    const h = req.headers as Record<string, string | undefined>;
    const [ts, nonce, signature] = [h['x-timestamp'], h['x-nonce'], h['x-signature']];
    if (!ts || !nonce || !signature || h['x-printer-sn'] !== sn)
      return refuse(401, 'UNSIGNED', 'missing signature headers');
    if (!(Math.abs(Date.now() - Number(ts)) <= SIGNATURE_WINDOW_MS))
      return refuse(401, 'STALE_TIMESTAMP', 'timestamp outside the window');
    const printer = printers.get(key(server, sn));
    const bindKey = req.method === 'PUT' ? (req.body as { key?: unknown } | undefined)?.key : undefined;
    const secret = printer?.secret ?? (typeof bindKey === 'string' ? bindKey : undefined);
    if (!secret) return refuse(404, 'UNKNOWN_PRINTER', 'printer not bound');
    const raw = (req as FastifyRequest & { rawBody?: string }).rawBody ?? '';
    const text = signingText(req.method, req.url.split('?')[0]!, ts, nonce, raw);
    if (!sameSignature(sign(secret, text), signature))
      return refuse(401, 'BAD_SIGNATURE', 'signature does not match');
    const nonceKey = `${sn}/${nonce}`;
    if (nonces.has(nonceKey)) return refuse(401, 'REPLAYED', 'nonce already used');
    const now = Date.now();
    nonces.set(nonceKey, now);
    if (nonces.size > 10_000)
      for (const [k, at] of nonces) if (now - at > SIGNATURE_WINDOW_MS * 2) nonces.delete(k);
    return { ok: true, server, sn, printer };
  };

  const statusOf = (p: SimPrinter) => ({
    sn: p.sn,
    state: p.state,
    queueLength: p.queue.length,
    lastPrintAt: p.lastPrintAt,
  });

  // bind: registers an unknown printer with the key of its body; updates voice and volume
  app.put('/:server/v1/printers/:sn', async (req, reply) => {
    const auth = authenticate(req, reply);
    if (!auth.ok) return reply;
    const body = (req.body ?? {}) as { key: string; voice?: number; volume?: string };
    const p = auth.printer ?? newPrinter(auth.sn, body.key, auth.server);
    p.voice = body.voice;
    p.volume = body.volume;
    return statusOf(p);
  });
  const known = (req: FastifyRequest, reply: FastifyReply) => {
    const auth = authenticate(req, reply);
    return auth.ok ? auth.printer : undefined;
  };
  app.post('/:server/v1/printers/:sn/jobs', async (req, reply) => {
    const p = known(req, reply);
    if (!p) return reply;
    const content = (req.body as { content?: unknown } | undefined)?.content;
    if (typeof content !== 'string' || !content) return fail(reply, 400, 'BAD_CONTENT', 'content required');
    const bytes = Buffer.from(content, 'base64');
    const job = { jobId: randomUUID(), at: new Date().toISOString(), bytes, text: decodeEscPos(bytes) };
    p.queue.push(job);
    drain(p);
    return { jobId: job.jobId, printed: p.state === 'online', ...statusOf(p) };
  });
  app.get('/:server/v1/printers/:sn/status', async (req, reply) => {
    const p = known(req, reply);
    return p ? statusOf(p) : reply;
  });
  app.delete('/:server/v1/printers/:sn/jobs', async (req, reply) => {
    const p = known(req, reply);
    if (!p) return reply;
    const purged = p.queue.splice(0).length;
    return { purged, ...statusOf(p) };
  });

  const newPrinter = (sn: string, secret: string, server: string) => {
    const p: SimPrinter = {
      sn,
      server,
      secret,
      state: opts.initialState ?? 'online',
      queue: [],
      printed: [],
      lastPrintAt: null,
    };
    printers.set(key(server, sn), p);
    return p;
  };
  const find = (sn: string) => [...printers.values()].find((p) => p.sn === sn);
  const control = {
    /** Registers a printer as the device's factory would (the secret the service checks). */
    provision: (sn: string, secret: string, server = 'qc') => newPrinter(sn, secret, server),
    setState: (sn: string, state: SimPrinter['state']) => {
      const p = find(sn);
      if (!p) throw new Error(`no simulated printer ${sn}`);
      p.state = state;
      drain(p);
    },
    /** Decoded text of what the printer printed, oldest first. */
    printed: (sn: string) => find(sn)?.printed.map((j) => j.text) ?? [],
    /** The ESC/POS bytes the printer printed, oldest first (barcodes and images: decodeEscPosParts). */
    printedBytes: (sn: string) => find(sn)?.printed.map((j) => j.bytes) ?? [],
    queue: (sn: string) => find(sn)?.queue.map((j) => j.text) ?? [],
    failNext: (count = 1, status = 503) => {
      failures = { status, count };
    },
    reset: () => {
      printers.clear();
      failures = { status: 503, count: 0 };
    },
  };

  app.post('/__sim/printers/:sn/state', async (req) => {
    const { sn } = req.params as { sn: string };
    control.setState(sn, (req.body as { state: SimPrinter['state'] }).state);
    return { ok: true };
  });
  app.get('/__sim/printers/:sn/printed', async (req) => ({
    printed: control.printed((req.params as { sn: string }).sn),
  }));
  app.post('/__sim/fail-next', async (req) => {
    const b = (req.body ?? {}) as { count?: number; status?: number };
    control.failNext(b.count ?? 1, b.status ?? 503);
    return { ok: true };
  });
  return { app, control };
};
export type PrinterSimulator = ReturnType<typeof createPrinterSimulator>;
