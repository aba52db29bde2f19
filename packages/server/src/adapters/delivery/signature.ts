import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Lalamove API v3 request signing (https://developers.lalamove.com, "Authentication"): HMAC-SHA256 in hex
 * of `${timestamp}\r\n${METHOD}\r\n${path}\r\n\r\n${body}` with the API secret; sent as
 * `Authorization: hmac <apiKey>:<timestamp>:<signature>` (timestamp in milliseconds). Webhooks are signed
 * the same way over the webhook's path and body.
 */
export const signRequest = (secret: string, timestamp: string, method: string, path: string, body: string) =>
  createHmac('sha256', secret)
    .update(`${timestamp}\r\n${method.toUpperCase()}\r\n${path}\r\n\r\n${body}`)
    .digest('hex');

export const authorizationHeader = (
  key: string,
  secret: string,
  method: string,
  path: string,
  body: string,
  now = Date.now(),
) => {
  const ts = String(now);
  return `hmac ${key}:${ts}:${signRequest(secret, ts, method, path, body)}`;
};

export const parseAuthorization = (header: string | undefined) => {
  const m = /^hmac ([^:\s]+):(\d{10,16}):([0-9a-f]{64})$/.exec(header ?? '');
  return m ? { key: m[1]!, timestamp: m[2]!, signature: m[3]! } : null;
};

export const sameSignature = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** A request older or newer than this is refused (Lalamove: 5 minutes). */
export const SIGNATURE_WINDOW_MS = 5 * 60_000;

/**
 * Checks a status webhook (`{apiKey, timestamp, signature, eventType, data}`): the key known, the
 * signature over the webhook's path and `data`, the timestamp within the window. Whether it was received
 * before (a replay) is the receiver's to know, in its database (features/delivery/delivery/webhook-events.ts).
 */
export const verifyWebhook = (
  body: { apiKey?: unknown; timestamp?: unknown; signature?: unknown; data?: unknown },
  path: string,
  secretOf: (apiKey: string) => string | undefined,
  now = Date.now(),
): 'ok' | 'unknown-key' | 'bad-signature' | 'expired' => {
  const key = typeof body.apiKey === 'string' ? body.apiKey : '';
  const secret = secretOf(key);
  if (!secret) return 'unknown-key';
  const ts = typeof body.timestamp === 'string' ? body.timestamp : String(body.timestamp ?? '');
  const sig = typeof body.signature === 'string' ? body.signature : '';
  if (!/^\d{10,16}$/.test(ts) || !/^[0-9a-f]{64}$/.test(sig)) return 'bad-signature';
  if (!sameSignature(signRequest(secret, ts, 'POST', path, JSON.stringify(body.data ?? null)), sig))
    return 'bad-signature';
  if (Math.abs(now - Number(ts)) > SIGNATURE_WINDOW_MS) return 'expired';
  return 'ok';
};
