import { createHmac } from 'node:crypto';

/**
 * An independent RFC 6238 / RFC 4226 code generator for the tests (node:crypto only, not otplib), checked
 * against the RFC 6238 appendix B vectors in two-factor.test.ts. The browser tests use it too.
 */
export const base32Decode = (s: string): Buffer => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of s.replace(/=+$/, '').toUpperCase()) {
    const v = alphabet.indexOf(ch);
    if (v < 0) throw new Error(`not base32: ${ch}`);
    bits += v.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((b) => Number.parseInt(b, 2)));
};

/** HOTP (RFC 4226 §5.3) of a counter, `digits` long, HMAC-SHA1. */
export const hotp = (key: Buffer, counter: number, digits = 6): string => {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(msg).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const bin = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(bin).padStart(digits, '0');
};

/** The time step of a moment (RFC 6238 §4.2, T0 = 0, X = 30 s). */
export const timeStep = (unixSec: number, period = 30) => Math.floor(unixSec / period);

/** The TOTP code of a base32 secret at a moment (default now), or of the step `offset` steps away. */
export const totp = (secretBase32: string, opts: { at?: number; offset?: number; digits?: number } = {}) =>
  hotp(
    base32Decode(secretBase32),
    timeStep(opts.at ?? Date.now() / 1000) + (opts.offset ?? 0),
    opts.digits ?? 6,
  );
