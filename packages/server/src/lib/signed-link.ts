import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring tokens for links that open a read-only page without a sign-in (/pub/shop-stat
 * and the /pub/qcpos pickup display). The token is base64url(JSON payload) + "." + HMAC-SHA256 over it
 * with a key derived from SESSION_SECRET and the link's purpose, so a token of one purpose never opens
 * another. Stateless: a link stops working when it expires or when SESSION_SECRET changes.
 */
export type LinkPayload = Record<string, string | number>;

const keyFor = (secret: string, purpose: string) =>
  createHmac('sha256', secret).update(`link:${purpose}`).digest();

const mac = (secret: string, purpose: string, body: string) =>
  createHmac('sha256', keyFor(secret, purpose)).update(body).digest('base64url');

export const signLink = (secret: string, purpose: string, payload: LinkPayload, expiresAt: Date): string => {
  const body = Buffer.from(
    JSON.stringify({ ...payload, exp: Math.floor(expiresAt.getTime() / 1000) }),
  ).toString('base64url');
  return `${body}.${mac(secret, purpose, body)}`;
};

/** The payload of a valid, unexpired token; null for anything else (forged, other purpose, expired, garbled). */
export const verifyLink = (
  secret: string,
  purpose: string,
  token: string,
  now: Date = new Date(),
): (LinkPayload & { exp: number }) | null => {
  const [body, sig] = token.split('.');
  if (!body || !sig) return null;
  const want = Buffer.from(mac(secret, purpose, body));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LinkPayload & {
      exp: number;
    };
    if (typeof payload.exp !== 'number' || payload.exp * 1000 <= now.getTime()) return null;
    return payload;
  } catch {
    return null;
  }
};
