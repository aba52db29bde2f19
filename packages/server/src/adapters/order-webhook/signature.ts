import { createHmac, timingSafeEqual } from 'node:crypto';

/** How old a signed delivery may be when it arrives (replays of older ones are refused). */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

/** `t=<unix ms>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, the shape Stripe-style receivers check. */
export const signWebhook = (secret: string, body: string, now = Date.now()) =>
  `t=${now},v1=${createHmac('sha256', secret).update(`${now}.${body}`).digest('hex')}`;

export const verifyWebhook = (secret: string, body: string, header: string | undefined, now = Date.now()) => {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!parts.v1 || !Number.isFinite(t) || Math.abs(now - t) > WEBHOOK_TOLERANCE_MS) return false;
  const want = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  const got = Buffer.from(parts.v1);
  return want.length === got.length && timingSafeEqual(want, got);
};
