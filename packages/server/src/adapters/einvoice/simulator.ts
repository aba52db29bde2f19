import { randomInt } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { SIGNATURE_WINDOW_MS, sameSignature, sign, signingText } from '../printer/signing';

type SimSeller = { user: string; password: string; sellerTaxId: string; sellerId: string };
type SimInvoice = {
  number: string;
  sellerTaxId: string;
  orderId: number;
  amount: number;
  buyerTaxId?: string | null;
  carrier?: string | null;
  status: 'issued' | 'voided';
};

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const NUMBERS_PER_SET = 50;

/**
 * The e-invoice platform simulator: sellers register (the first signed call carries the password), number
 * tracks are handed out in sets of 50 (two letters + eight digits, never twice), invoices are issued only
 * with a number of the seller's own tracks and only once, and voided. Signatures are checked (bad, stale,
 * replayed refused). Test hooks: `control` (failNext, issued, tracks).
 */
export const createEInvoiceSimulator = () => {
  const sellers = new Map<string, SimSeller>();
  const tracks = new Map<string, { sellerTaxId: string; track: string; start: number; end: number }>();
  const issued = new Map<string, SimInvoice>();
  const nonces = new Set<string>();
  let failures = { count: 0, status: 503 };
  let counter = 0;

  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    (req as FastifyRequest & { rawBody?: string }).rawBody = body as string;
    try {
      done(null, body ? JSON.parse(body as string) : {});
    } catch {
      done(Object.assign(new Error('bad json'), { statusCode: 400 }), undefined);
    }
  });
  const fail = (reply: FastifyReply, status: number, code: string, message = code) =>
    reply.code(status).send({ error: { code, message } });

  /** The seller of a signed call, or undefined after sending the refusal. */
  const auth = (req: FastifyRequest, reply: FastifyReply, registering = false): SimSeller | undefined => {
    if (failures.count > 0) {
      failures.count -= 1;
      fail(reply, failures.status, failures.status === 429 ? 'RATE_LIMITED' : 'UNAVAILABLE');
      return undefined;
    }
    const h = req.headers as Record<string, string | undefined>;
    const user = h['x-einvoice-user'];
    const [ts, nonce, signature] = [h['x-timestamp'], h['x-nonce'], h['x-signature']];
    if (!user || !ts || !nonce || !signature) return void fail(reply, 401, 'UNSIGNED');
    if (!(Math.abs(Date.now() - Number(ts)) <= SIGNATURE_WINDOW_MS))
      return void fail(reply, 401, 'STALE_TIMESTAMP');
    const body = (req.body ?? {}) as { password?: string; sellerTaxId?: string; sellerId?: string };
    const known = sellers.get(user);
    const password = known?.password ?? (registering ? body.password : undefined);
    if (!password) return void fail(reply, 401, 'UNKNOWN_USER');
    const raw = (req as FastifyRequest & { rawBody?: string }).rawBody ?? '';
    const text = signingText('POST', req.url.split('?')[0]!, ts, nonce, raw);
    if (!sameSignature(sign(password, text), signature)) return void fail(reply, 401, 'BAD_SIGNATURE');
    if (nonces.has(`${user}/${nonce}`)) return void fail(reply, 401, 'REPLAYED');
    nonces.add(`${user}/${nonce}`);
    if (known) {
      if (body.sellerTaxId && body.sellerTaxId !== known.sellerTaxId)
        return void fail(reply, 403, 'WRONG_SELLER');
      return known;
    }
    const seller = { user, password, sellerTaxId: body.sellerTaxId ?? '', sellerId: body.sellerId ?? '' };
    sellers.set(user, seller);
    return seller;
  };

  app.post('/v1/sellers', async (req, reply) => {
    const s = auth(req, reply, true);
    return s ? { sellerTaxId: s.sellerTaxId, status: 'active' } : reply;
  });
  app.post('/v1/tracks', async (req, reply) => {
    const s = auth(req, reply);
    if (!s) return reply;
    const count = Number((req.body as { count?: number }).count ?? 0);
    if (!Number.isInteger(count) || count < 1 || count > 100) return fail(reply, 400, 'BAD_COUNT');
    const track = LETTERS[randomInt(LETTERS.length)]! + LETTERS[randomInt(LETTERS.length)]!;
    const out = Array.from({ length: count }, () => {
      const start = 10_000_000 + counter * NUMBERS_PER_SET;
      counter += 1;
      const t = { sellerTaxId: s.sellerTaxId, track, start, end: start + NUMBERS_PER_SET - 1 };
      tracks.set(`${track}${start}`, t);
      return { track, start, end: t.end };
    });
    return { tracks: out };
  });
  app.post('/v1/invoices', async (req, reply) => {
    const s = auth(req, reply);
    if (!s) return reply;
    const b = req.body as Omit<SimInvoice, 'status' | 'sellerTaxId'>;
    const m = /^([A-Z]{2})(\d{8})$/.exec(b.number ?? '');
    const n = Number(m?.[2]);
    const owned =
      m &&
      [...tracks.values()].some(
        (t) => t.sellerTaxId === s.sellerTaxId && t.track === m[1] && n >= t.start && n <= t.end,
      );
    if (!owned) return fail(reply, 422, 'NUMBER_NOT_ASSIGNED');
    const before = issued.get(b.number);
    if (before) {
      // the same order again (a retried call) is fine; another order with that number is not
      if (before.orderId === b.orderId) return { number: b.number, randomCode: '0000' };
      return fail(reply, 409, 'NUMBER_USED');
    }
    issued.set(b.number, { ...b, sellerTaxId: s.sellerTaxId, status: 'issued' });
    return { number: b.number, randomCode: String(randomInt(10_000)).padStart(4, '0') };
  });
  app.post('/v1/invoices/:number/void', async (req, reply) => {
    const s = auth(req, reply);
    if (!s) return reply;
    const inv = issued.get((req.params as { number: string }).number);
    if (!inv || inv.sellerTaxId !== s.sellerTaxId) return fail(reply, 404, 'NO_SUCH_INVOICE');
    inv.status = 'voided';
    return { number: inv.number, status: 'voided' };
  });

  const control = {
    failNext: (count = 1, status = 503) => {
      failures = { count, status };
    },
    issued: () => [...issued.values()],
    invoice: (number: string) => issued.get(number),
  };
  return { app, control };
};
export type EInvoiceSimulator = ReturnType<typeof createEInvoiceSimulator>;
