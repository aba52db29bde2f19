import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (
  pw: string,
  salt: Buffer,
  len: number,
  opts: object,
) => Promise<Buffer>;

// scrypt with N=2^15, r=8, p=1 (OWASP's minimum is N=2^17 with p=1 or an equivalent cost; 2^15 keeps
// a sign-in near 50 ms on the 2-core machine). The parameters are stored with the hash so they can rise later.
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEYLEN = 32;
const MAXMEM = 64 * 1024 * 1024;

/**
 * `cost` is scrypt's N: every product path takes the default; the tests store their users at a lower one
 * (docs/decisions/testing.md "Test users' password hashes"), verified by the same verifyPassword.
 */
export const hashPassword = async (password: string, cost = N): Promise<string> => {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N: cost, r: R, p: P, maxmem: MAXMEM });
  return `scrypt$${cost}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return timingSafeEqual(key, expected);
};

/** A hash to verify against when the e-mail is unknown, so a miss costs the same time as a wrong password. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => {
  dummy ??= hashPassword(randomBytes(12).toString('hex'));
  return dummy;
};
