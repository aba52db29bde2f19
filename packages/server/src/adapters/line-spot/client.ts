import { type LineSpotApi, LineSpotError, type Spot, type SpotErrorBody } from './line-spot-api';

/**
 * The LINE SPOT directory's HTTP API (`/v2/spots/{providerId}/{storeId}`), a bearer token per partner:
 * GET → the spot or 404 SPOT_NOT_FOUND, PUT → the stored spot, DELETE → 204 or 404. Errors are
 * `{ errorCode, errorMessage, details }`; `baseUrl` is the service's or the simulator's.
 */
export const createLineSpotClient = (opts: {
  baseUrl: string;
  token: string;
  timeoutMs?: number;
}): LineSpotApi => {
  const call = async (method: string, providerId: string, storeId: string, body?: unknown) => {
    const url = new URL(
      `/v2/spots/${encodeURIComponent(providerId)}/${encodeURIComponent(storeId)}`,
      opts.baseUrl,
    );
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${opts.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 8_000),
      });
    } catch (err) {
      throw new LineSpotError(0, 'UNREACHABLE', (err as Error).message);
    }
    if (res.ok) return res;
    const text = await res.text().catch(() => '');
    let parsed: Partial<SpotErrorBody> = {};
    try {
      parsed = JSON.parse(text) as SpotErrorBody;
    } catch {
      // a proxy's HTML page or an empty body: keep the status
    }
    const after = Number(res.headers.get('retry-after'));
    const detail = parsed.details?.map((d) => `${d.property}: ${d.message}`).join('; ');
    throw new LineSpotError(
      res.status,
      parsed.errorCode ?? `HTTP_${res.status}`,
      detail || parsed.errorMessage || res.statusText || `HTTP ${res.status}`,
      Number.isFinite(after) && after > 0 ? after * 1000 : undefined,
    );
  };
  const notFound = (err: unknown) =>
    err instanceof LineSpotError && err.status === 404 && err.code === 'SPOT_NOT_FOUND';
  return {
    get: async (providerId, storeId) => {
      try {
        return (await (await call('GET', providerId, storeId)).json()) as Spot;
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    put: async (providerId, storeId, input) =>
      (await (await call('PUT', providerId, storeId, input)).json()) as Spot,
    remove: async (providerId, storeId) => {
      try {
        await call('DELETE', providerId, storeId);
        return true;
      } catch (err) {
        if (notFound(err)) return false;
        throw err;
      }
    },
  };
};
