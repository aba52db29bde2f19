import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { VendorStatus } from './delivery-api';
import { parseAuthorization, SIGNATURE_WINDOW_MS, sameSignature, signRequest } from './signature';

type SimOrder = {
  orderId: string;
  status: VendorStatus;
  driverId: string | null;
  priceTotal: string;
  quotationId: string;
  /** The account that placed it: its webhooks are signed with that account's secret. */
  apiKey: string;
  /** When its status last changed (ms): `autoAdvance` moves it one step a period later. */
  changedAt: number;
};

/** The normal path of a delivery, one step per `advance` (or per tick in development). */
export const NEXT_STATUS: Partial<Record<VendorStatus, VendorStatus>> = {
  ASSIGNING_DRIVER: 'ON_GOING',
  ON_GOING: 'PICKED_UP',
  PICKED_UP: 'COMPLETED',
};

const FINAL: VendorStatus[] = ['COMPLETED', 'CANCELED', 'REJECTED', 'EXPIRED'];

/**
 * The step an automatic run takes (development, demo): most deliveries follow the normal path; by vendor
 * order id, one in ten finds no driver (EXPIRED: overdue) and one in ten is given back by its driver after
 * accepting (REJECTED: transferred to customer service), so every status of spec 000 §4 shows up.
 */
export const autoNextStatus = (o: { orderId: string; status: VendorStatus }): VendorStatus | null => {
  const n = Number(o.orderId) % 10;
  if (o.status === 'ASSIGNING_DRIVER' && n === 7) return 'EXPIRED';
  if (o.status === 'ON_GOING' && n === 8) return 'REJECTED';
  return NEXT_STATUS[o.status] ?? null;
};

/**
 * A Lalamove API v3 simulator: checks every request's HMAC signature (unknown key, bad signature, a
 * timestamp outside ±5 minutes, or a signature already used — a replay — get 401 as Lalamove answers),
 * answers quotations, orders, order status, cancel and driver location in v3 shapes, and pushes
 * ORDER_STATUS_CHANGED webhooks signed the same way to `webhookUrl`. Test hooks: `advance(id, to?)`,
 * `failNext(status)` (the next call answers that status), `offline(on)`.
 */
export const createDeliverySimulator = (opts: { accounts: Record<string, string>; webhookUrl?: string }) => {
  const app = Fastify({ logger: false });
  const orders = new Map<string, SimOrder>();
  // The vendor's order ids never come back, as the real service's: they start from the clock (a multiple of
  // 100, so an id's last digit still picks its scripted path in autoNextStatus). Counting from a constant,
  // a restarted `npm start` handed out ids its earlier run had given, and the deliveries already stored under
  // them refused the new ones (deliveries_vendor_order_unique) until the retries had counted past them.
  const idBase = Date.now() * 100;
  const quotes = new Map<string, { total: string }>();
  const seen = new Set<string>();
  let failNext: number | null = null;
  let offline = false;
  let webhookUrl = opts.webhookUrl;
  /**
   * The secret of an account: the configured ones, and sandbox accounts shaped as Lalamove's (a key
   * `pk_test_X` has the secret `sk_test_X`), so a shop's own account typed on the Logistic tab works in
   * development and tests; every request is still signed and checked with that secret.
   */
  const secretOf = (key: string): string | undefined =>
    opts.accounts[key] ?? (/^pk_test_[\w-]{4,}$/.test(key) ? `sk_test_${key.slice(8)}` : undefined);
  const webhooks: { status: number; body: unknown }[] = [];
  /** Every request whose signature passed (tests read what the vendor received). */
  const requests: { method: string; path: string; apiKey: string }[] = [];
  const error = (reply: FastifyReply, status: number, id: string, message: string) =>
    reply.code(status).send({ errors: [{ id, message }] });

  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.addHook('preHandler', async (req: FastifyRequest, reply) => {
    if (offline)
      return reply.code(503).send({ errors: [{ id: 'ERR_SERVICE_UNAVAILABLE', message: 'offline' }] });
    if (failNext !== null) {
      const status = failNext;
      failNext = null;
      return error(
        reply,
        status,
        status === 429 ? 'ERR_TOO_MANY_REQUESTS' : 'ERR_INTERNAL',
        'simulated failure',
      );
    }
    const auth = parseAuthorization(req.headers.authorization);
    const secret = auth ? secretOf(auth.key) : undefined;
    if (!auth || !secret) return error(reply, 401, 'ERR_UNAUTHORIZED', 'Invalid API key');
    if (Math.abs(Date.now() - Number(auth.timestamp)) > SIGNATURE_WINDOW_MS)
      return error(reply, 401, 'ERR_UNAUTHORIZED', 'Timestamp expired');
    const path = req.url;
    const body = typeof req.body === 'string' ? req.body : '';
    const expected = signRequest(secret, auth.timestamp, req.method, path, body);
    if (!sameSignature(expected, auth.signature))
      return error(reply, 401, 'ERR_UNAUTHORIZED', 'Invalid signature');
    // A replay is a captured request sent again as it was: the same signature and the same Request-ID (the
    // client's nonce per call). Two calls alike in the same millisecond (two quotations of one shop to one
    // address, two polls of an order) have the same signature but their own Request-IDs, and the real service
    // takes both: refusing them failed couriers under load (401, a permanent failure for the request job).
    const replayKey = `${auth.signature} ${String(req.headers['request-id'] ?? '')}`;
    if (seen.has(replayKey)) return error(reply, 401, 'ERR_UNAUTHORIZED', 'Replayed request');
    seen.add(replayKey);
    requests.push({ method: req.method, path, apiKey: auth.key });
    if (!req.headers.market) return error(reply, 400, 'ERR_INVALID_MARKET', 'Market header is required');
    (req as FastifyRequest & { apiKey: string }).apiKey = auth.key;
  });
  const data = (req: FastifyRequest) => {
    try {
      return (JSON.parse(String(req.body ?? '{}')) as { data?: Record<string, unknown> }).data ?? {};
    } catch {
      return {};
    }
  };

  app.post('/v3/quotations', async (req, reply) => {
    const d = data(req) as { stops?: { coordinates?: { lat?: string; lng?: string } }[] };
    if (
      !Array.isArray(d.stops) ||
      d.stops.length < 2 ||
      d.stops.some((s) => !s.coordinates?.lat || !s.coordinates?.lng)
    )
      return error(reply, 422, 'ERR_INVALID_FIELD', 'stops need coordinates');
    const [a, b] = d.stops.map((s) => ({ lat: Number(s.coordinates!.lat), lng: Number(s.coordinates!.lng) }));
    const km = Math.hypot((a!.lat - b!.lat) * 111, (a!.lng - b!.lng) * 101);
    const total = String(Math.round(70 + km * 15));
    const quotationId = `Q${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    quotes.set(quotationId, { total });
    return reply.code(201).send({
      data: {
        quotationId,
        priceBreakdown: { total, currency: 'TWD' },
        stops: [{ stopId: `${quotationId}-1` }, { stopId: `${quotationId}-2` }],
      },
    });
  });
  app.post('/v3/orders', async (req, reply) => {
    const d = data(req) as { quotationId?: string };
    const q = d.quotationId ? quotes.get(d.quotationId) : undefined;
    if (!q) return error(reply, 422, 'ERR_INVALID_QUOTATION_ID', 'Quotation not found or expired');
    const o: SimOrder = {
      orderId: String(idBase + orders.size + 1),
      status: 'ASSIGNING_DRIVER',
      driverId: null,
      priceTotal: q.total,
      quotationId: d.quotationId!,
      apiKey: (req as FastifyRequest & { apiKey: string }).apiKey,
      changedAt: Date.now(),
    };
    orders.set(o.orderId, o);
    return reply.code(201).send({ data: view(o) });
  });
  app.get('/v3/orders/:id', async (req, reply) => {
    const o = orders.get((req.params as { id: string }).id);
    return o ? { data: view(o) } : error(reply, 404, 'ERR_ORDER_NOT_FOUND', 'Order not found');
  });
  app.delete('/v3/orders/:id', async (req, reply) => {
    const o = orders.get((req.params as { id: string }).id);
    if (!o) return error(reply, 404, 'ERR_ORDER_NOT_FOUND', 'Order not found');
    if (o.status !== 'ASSIGNING_DRIVER' && o.status !== 'ON_GOING')
      return error(reply, 409, 'ERR_CANCELLATION_FORBIDDEN', 'The order can no longer be canceled');
    setStatus(o, 'CANCELED');
    void push(o);
    return reply.code(204).send();
  });
  app.get('/v3/orders/:id/drivers/:driverId', async (req, reply) => {
    const p = req.params as { id: string; driverId: string };
    const o = orders.get(p.id);
    if (!o || o.driverId !== p.driverId) return error(reply, 404, 'ERR_DRIVER_NOT_FOUND', 'Driver not found');
    return {
      data: {
        driverId: o.driverId,
        name: '陳大明',
        phone: '+886912000111',
        plateNumber: 'MKU-1234',
        location: { lat: 25.04, lng: 121.55 },
      },
    };
  });

  const view = (o: SimOrder) => ({
    orderId: o.orderId,
    status: o.status,
    driverId: o.driverId,
    priceTotal: o.priceTotal,
    quotationId: o.quotationId,
  });
  const setStatus = (o: SimOrder, next: VendorStatus) => {
    o.status = next;
    o.changedAt = Date.now();
    if (next === 'ON_GOING') o.driverId = `D${o.orderId.slice(-4)}`;
  };

  /** Posts one signed ORDER_STATUS_CHANGED webhook (v3 shape) for the order, with its account's secret. */
  const push = async (o: SimOrder) => {
    if (!webhookUrl) return;
    const apiKey = secretOf(o.apiKey) ? o.apiKey : Object.keys(opts.accounts)[0]!;
    const secret = secretOf(apiKey)!;
    const url = new URL(webhookUrl);
    const timestamp = String(Date.now());
    const payload = {
      eventType: 'ORDER_STATUS_CHANGED',
      data: { order: { orderId: o.orderId, status: o.status, driverId: o.driverId } },
    };
    const signature = signRequest(secret, timestamp, 'POST', url.pathname, JSON.stringify(payload.data));
    const body = { apiKey, timestamp, signature, ...payload };
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      webhooks.push({ status: res.status, body });
    } catch {
      webhooks.push({ status: 0, body });
    }
  };

  let timer: NodeJS.Timeout | null = null;
  let stepping = false;
  /** One automatic round: every open order whose last change is `stepMs` old takes its next step. */
  const step = async (stepMs: number) => {
    if (stepping) return;
    stepping = true;
    try {
      const due = Date.now() - stepMs;
      for (const o of orders.values()) {
        if (FINAL.includes(o.status) || o.changedAt > due) continue;
        const next = autoNextStatus(o);
        if (!next) continue;
        setStatus(o, next);
        await push(o);
      }
    } finally {
      stepping = false;
    }
  };
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });

  return Object.assign(app, {
    orders,
    webhooks,
    requests,
    setWebhookUrl: (u: string) => {
      webhookUrl = u;
    },
    failNext: (status: number) => {
      failNext = status;
    },
    setOffline: (on: boolean) => {
      offline = on;
    },
    /** Moves an order one step along the normal path, or to `to`; pushes the webhook. */
    advance: async (orderId: string, to?: VendorStatus) => {
      const o = orders.get(orderId);
      if (!o || FINAL.includes(o.status)) return null;
      const next = to ?? NEXT_STATUS[o.status];
      if (!next) return null;
      setStatus(o, next);
      await push(o);
      return o.status;
    },
    /**
     * Development and demo: every open order takes its next step (`autoNextStatus`) `stepMs` after its last
     * change, pushing the webhook, until the simulator closes. 0 stops it.
     */
    autoAdvance: (stepMs: number) => {
      if (timer) clearInterval(timer);
      timer = null;
      if (stepMs <= 0) return;
      timer = setInterval(() => void step(stepMs), Math.max(100, Math.round(stepMs / 4)));
      timer.unref();
    },
  });
};
export type DeliverySimulator = ReturnType<typeof createDeliverySimulator>;
