import Fastify, { type FastifyReply } from 'fastify';
import type { Spot, SpotErrorBody, SpotInput } from './line-spot-api';

/** The content providers (SIs) the simulated directory knows. */
export const SIMULATOR_PROVIDERS = ['quickclick', 'lifeplus'] as const;

/** Taiwan's bounding box: LINE SPOT lists places in Taiwan only. */
const TAIWAN = { minLat: 21.8, maxLat: 25.4, minLng: 119.3, maxLng: 122.1 };
/** An address starts with its city or county (台北市, 新竹縣 …), after an optional postal code and 台灣. */
const CITY_FIRST = /^(?:\d{3,6})?(?:台灣)?[\u4e00-\u9fff]{2}[市縣]/;
const PHONE = /^[0-9+\-()# ]{6,20}$/;

type Failure = { status: number; code: string; retryAfter?: number };

/**
 * LINE SPOT's directory API over an in-memory map: bearer token checked on every call (401 UNAUTHORIZED),
 * unknown provider 404 PROVIDER_NOT_FOUND, unknown spot 404 SPOT_NOT_FOUND, a bad field 400
 * INVALID_PARAMETER with `details`, errors as `{ errorCode, errorMessage, details }`. `initial` preloads
 * spots (development: what this console uploaded before a restart). Test hooks: `failNext(status)` (the next
 * call answers it; 429 and 503 with Retry-After), `setOffline(on)` (503 until turned off), `spots`, `calls`.
 */
export const createLineSpotSimulator = (opts: { token: string; initial?: Spot[] }) => {
  const app = Fastify({ logger: false });
  const spots = new Map<string, Spot>((opts.initial ?? []).map((s) => [`${s.providerId}/${s.storeId}`, s]));
  const calls: { method: string; url: string }[] = [];
  let failure: Failure | null = null;
  let offline = false;
  const send = (reply: FastifyReply, status: number, body: SpotErrorBody, retryAfter?: number) => {
    if (retryAfter) reply.header('retry-after', String(retryAfter));
    return reply.code(status).send(body);
  };

  app.addHook('onRequest', async (req, reply) => {
    calls.push({ method: req.method, url: req.url });
    if (offline)
      return send(reply, 503, { errorCode: 'SERVICE_UNAVAILABLE', errorMessage: 'Service unavailable' }, 30);
    if (failure) {
      const f = failure;
      failure = null;
      return send(reply, f.status, { errorCode: f.code, errorMessage: 'Simulated failure' }, f.retryAfter);
    }
    if (req.headers.authorization !== `Bearer ${opts.token}`)
      return send(reply, 401, { errorCode: 'UNAUTHORIZED', errorMessage: 'Authentication failed' });
  });

  type P = { Params: { providerId: string; storeId: string } };
  const locate = (reply: FastifyReply, p: P['Params']) => {
    if (!(SIMULATOR_PROVIDERS as readonly string[]).includes(p.providerId)) {
      send(reply, 404, { errorCode: 'PROVIDER_NOT_FOUND', errorMessage: `Unknown provider ${p.providerId}` });
      return null;
    }
    if (!/^\d{1,10}$/.test(p.storeId)) {
      send(reply, 400, {
        errorCode: 'INVALID_PARAMETER',
        errorMessage: 'Invalid storeId',
        details: [{ property: 'storeId', message: 'must be digits' }],
      });
      return null;
    }
    return `${p.providerId}/${p.storeId}`;
  };
  const missing = (reply: FastifyReply) =>
    send(reply, 404, { errorCode: 'SPOT_NOT_FOUND', errorMessage: 'The spot does not exist' });

  const invalid = (body: Partial<SpotInput> | null) => {
    const d: { property: string; message: string }[] = [];
    const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
    const name = text(body?.name);
    if (!name || name.length > 50) d.push({ property: 'name', message: 'must be 1 to 50 characters' });
    if (!PHONE.test(text(body?.phone))) d.push({ property: 'phone', message: 'must be a phone number' });
    const address = text(body?.address);
    if (!address || address.length > 200)
      d.push({ property: 'address', message: 'must be 1 to 200 characters' });
    else if (!CITY_FIRST.test(address.replace(/^臺/, '台')))
      d.push({ property: 'address', message: 'must start with a city or county' });
    const loc = body?.location;
    if (loc != null) {
      const { latitude: la, longitude: lo } = loc;
      if (
        typeof la !== 'number' ||
        typeof lo !== 'number' ||
        la < TAIWAN.minLat ||
        la > TAIWAN.maxLat ||
        lo < TAIWAN.minLng ||
        lo > TAIWAN.maxLng
      )
        d.push({ property: 'location', message: 'must be a point in Taiwan' });
    }
    return d;
  };

  app.get<P>('/v2/spots/:providerId/:storeId', async (req, reply) => {
    const key = locate(reply, req.params);
    if (!key) return reply;
    return spots.get(key) ?? missing(reply);
  });
  app.put<P & { Body: Partial<SpotInput> | null }>('/v2/spots/:providerId/:storeId', async (req, reply) => {
    const key = locate(reply, req.params);
    if (!key) return reply;
    const details = invalid(req.body);
    if (details.length)
      return send(reply, 400, { errorCode: 'INVALID_PARAMETER', errorMessage: 'Invalid parameter', details });
    const b = req.body!;
    const spot: Spot = {
      storeId: req.params.storeId,
      providerId: req.params.providerId,
      name: b.name!.trim(),
      phone: b.phone!.trim(),
      address: b.address!.trim(),
      location: b.location ?? null,
      updatedAt: new Date().toISOString(),
    };
    spots.set(key, spot);
    return spot;
  });
  app.delete<P>('/v2/spots/:providerId/:storeId', async (req, reply) => {
    const key = locate(reply, req.params);
    if (!key) return reply;
    if (!spots.delete(key)) return missing(reply);
    return reply.code(204).send();
  });

  return Object.assign(app, {
    spots,
    calls,
    failNext: (status: number, code = status === 429 ? 'RATE_LIMITED' : 'INTERNAL_ERROR') => {
      failure = { status, code, retryAfter: status === 429 || status === 503 ? 5 : undefined };
    },
    setOffline: (on: boolean) => {
      offline = on;
    },
  });
};
export type LineSpotSimulator = ReturnType<typeof createLineSpotSimulator>;
