import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Request signing of the cloud-printer service (shaped on the signed APIs of Taiwanese cloud-printer
 * vendors): HMAC-SHA256 with the printer's secret over method, path, timestamp, nonce and the body's
 * SHA-256. The service refuses a bad signature, a timestamp more than 5 minutes off and a nonce it has seen.
 */
export const SIGNATURE_WINDOW_MS = 5 * 60_000;

export const signingText = (method: string, path: string, timestamp: string, nonce: string, body: string) =>
  [method.toUpperCase(), path, timestamp, nonce, createHash('sha256').update(body).digest('hex')].join('\n');

export const sign = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

export const signedHeaders = (sn: string, secret: string, method: string, path: string, body: string) => {
  const timestamp = String(Date.now());
  const nonce = randomBytes(12).toString('hex');
  return {
    'x-printer-sn': sn,
    'x-timestamp': timestamp,
    'x-nonce': nonce,
    'x-signature': sign(secret, signingText(method, path, timestamp, nonce, body)),
  };
};

export const sameSignature = (a: string, b: string) => {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
};
