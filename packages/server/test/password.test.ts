// Passwords are stored as scrypt hashes with their parameters (packages/server/src/lib/password.ts); the
// product hashes at N = 2^15, and a hash keeps verifying after the default cost changes.
import { describe, expect, it } from 'vitest';
import { dummyHash, hashPassword, verifyPassword } from '../src/lib/password';

describe('password hashes', () => {
  it('hashes at the product cost with a fresh salt, and verifies only the same password', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horse ', a)).toBe(false);
    expect(await verifyPassword('Correct horse', b)).toBe(false);
  });

  it('verifies by the parameters stored with the hash, whatever the current default', async () => {
    const cheap = await hashPassword('pw-1', 2 ** 10);
    expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('pw-1', cheap)).toBe(true);
    expect(await verifyPassword('pw-2', cheap)).toBe(false);
    // the same key under other parameters is another hash
    expect(await verifyPassword('pw-1', cheap.replace('scrypt$1024$', 'scrypt$2048$'))).toBe(false);
  });

  it('refuses what is not a scrypt hash: an invited user has none yet', async () => {
    expect(await verifyPassword('x', '!')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$10$abc')).toBe(false);
    expect(await verifyPassword('x', await dummyHash())).toBe(false);
  });
});
