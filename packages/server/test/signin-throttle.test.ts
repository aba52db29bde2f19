// sign-in throttling that slows a guesser (per address, per account, with
// back-off) but never refuses the owner's right password from an address that has not been failing; the
// real client address behind a proxy; the lock-out message says when to try again. spec 000 §8 Login
// failure; the rules are ours (docs/decisions/foundation.md "Proxy, CSRF, throttling").
import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signinThrottle } from '../src/db/schema';
import { THROTTLE } from '../src/features/platform/session/throttle';
import { build, TEST_PASSWORD } from './helpers';

const t = await build();
const proxied = await build({ config: { trustProxy: true } });
const hops = await build({ config: { trustProxy: 1 } });

type App = typeof t;
const signin = (app: App, email: string, password: string, ip: string, xff?: string) =>
  app.app.inject({
    method: 'POST',
    url: '/console/apis/eaa/signin',
    payload: { email, password, type: 'eaa' },
    remoteAddress: ip,
    headers: xff ? { 'x-forwarded-for': xff } : {},
  });

const owner = async (app: App, email: string) =>
  app.createUser({ type: 'eaa', email, password: TEST_PASSWORD });

/** Lets every lock of the account's keys run out, as if its time had passed. */
const expireLocks = (app: App, email: string) =>
  app.db
    .update(signinThrottle)
    .set({ lockedUntil: new Date(Date.now() - 1000) })
    .where(like(signinThrottle.key, `%${email}%`));

describe('console sign-in throttle', () => {
  it('60 failures from rotating addresses never refuse the owner’s right password from a clean address', async () => {
    await owner(t, 'owner1@test.local');
    for (let i = 0; i < 60; i++) await signin(t, 'owner1@test.local', `guess-${i}`, `198.51.100.${i + 1}`);
    const res = await signin(t, 'owner1@test.local', TEST_PASSWORD, '203.0.113.9');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('once the account is under attack, a new address gets one free failure on it, then waits', async () => {
    await owner(t, 'owner2@test.local');
    for (let i = 0; i < THROTTLE.accountUnderAttack; i++)
      await signin(t, 'owner2@test.local', 'bad', `198.51.101.${i + 1}`);
    expect((await signin(t, 'owner2@test.local', 'bad', '198.51.101.200')).statusCode).toBe(401);
    const next = await signin(t, 'owner2@test.local', TEST_PASSWORD, '198.51.101.200');
    expect(next.statusCode).toBe(429);
    // An address that never failed still gets in.
    expect((await signin(t, 'owner2@test.local', TEST_PASSWORD, '198.51.101.201')).statusCode).toBe(200);
  });

  it('back-off: each failure after a lock doubles the wait, and the message says when (zh-TW and en)', async () => {
    await owner(t, 'owner3@test.local');
    const ip = '198.51.102.1';
    for (let i = 0; i < 5; i++) await signin(t, 'owner3@test.local', 'bad', ip);
    const first = await signin(t, 'owner3@test.local', 'bad', ip);
    expect(first.statusCode).toBe(429);
    expect(Number(first.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(first.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(first.json().error).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      message: '登入失敗次數過多，請於 1 分鐘後再試',
      messageEn: 'Too many failed sign-ins. Please try again in 1 minute',
    });
    await expireLocks(t, 'owner3@test.local');
    expect((await signin(t, 'owner3@test.local', 'bad', ip)).statusCode).toBe(401);
    const second = await signin(t, 'owner3@test.local', 'bad', ip);
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(110);
    expect(second.json().error.message).toBe('登入失敗次數過多，請於 2 分鐘後再試');
    expect(second.json().error.messageEn).toBe('Too many failed sign-ins. Please try again in 2 minutes');
    await expireLocks(t, 'owner3@test.local');
    await signin(t, 'owner3@test.local', 'bad', ip);
    expect(Number((await signin(t, 'owner3@test.local', 'bad', ip)).headers['retry-after'])).toBeGreaterThan(
      230,
    );
    // The right password from that address, once its wait is over, clears its count.
    await expireLocks(t, 'owner3@test.local');
    expect((await signin(t, 'owner3@test.local', TEST_PASSWORD, ip)).statusCode).toBe(200);
    expect((await signin(t, 'owner3@test.local', 'bad', ip)).statusCode).toBe(401);
  });

  it('the wait never exceeds an hour', async () => {
    await owner(t, 'owner4@test.local');
    const ip = '198.51.103.1';
    for (let i = 0; i < 5; i++) await signin(t, 'owner4@test.local', 'bad', ip);
    // Each lock waited out, one more failure: 1, 2, 4 … minutes (fewer than 30 calls: the route's own
    // per-address rate limit stays out of it).
    for (let round = 0; round < 8; round++) {
      await expireLocks(t, 'owner4@test.local');
      expect((await signin(t, 'owner4@test.local', 'bad', ip)).statusCode).toBe(401);
    }
    const res = await signin(t, 'owner4@test.local', 'bad', ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
  });
});

describe('the client address behind a proxy (TRUST_PROXY)', () => {
  it('TRUST_PROXY=true: a client sending a forged, rotating X-Forwarded-For is still throttled', async () => {
    await owner(proxied, 'victim@test.local');
    const codes: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await signin(proxied, 'victim@test.local', 'bad', '203.0.113.50', `198.18.${i}.7`);
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.slice(5).every((c) => c === 429)).toBe(true);
  });

  it('TRUST_PROXY=true believes a private-network proxy: two clients behind it are two addresses', async () => {
    await owner(proxied, 'behind@test.local');
    for (let i = 0; i < 5; i++) await signin(proxied, 'behind@test.local', 'bad', '10.0.0.5', '203.0.113.60');
    expect(
      (await signin(proxied, 'behind@test.local', TEST_PASSWORD, '10.0.0.5', '203.0.113.60')).statusCode,
    ).toBe(429);
    expect(
      (await signin(proxied, 'behind@test.local', TEST_PASSWORD, '10.0.0.5', '203.0.113.61')).statusCode,
    ).toBe(200);
  });

  it('TRUST_PROXY=1 (one hop): the nearest proxy’s entry counts, a forged one before it does not', async () => {
    await owner(hops, 'hop@test.local');
    for (let i = 0; i < 5; i++)
      await signin(hops, 'hop@test.local', 'bad', '10.0.0.5', `198.18.0.${i}, 203.0.113.70`);
    const res = await signin(hops, 'hop@test.local', TEST_PASSWORD, '10.0.0.5', '1.2.3.4, 203.0.113.70');
    expect(res.statusCode).toBe(429);
    // A client reaching the server directly (public socket address) cannot name itself.
    for (let i = 0; i < 5; i++) await signin(hops, 'hop@test.local', 'bad', '203.0.113.80', `10.0.9.${i}`);
    expect(
      (await signin(hops, 'hop@test.local', TEST_PASSWORD, '203.0.113.80', '10.0.9.99')).statusCode,
    ).toBe(429);
  });
});

describe('POS sign-in throttle', () => {
  it('rotating addresses do not lock the shop’s device out; the failing address waits', async () => {
    const eaa = await t.signedIn('eaa');
    const si = await t.createSiAccount('throttle-si');
    const shop = await t.createShop({ name: '節流店', siAccountId: si.id, ownerUserId: eaa.user.id });
    const added = await t.app.inject({
      method: 'POST',
      url: '/console/apis/qcpos/signup',
      headers: eaa.headers,
      payload: { username: 'till-1', password: 'pos-password', shopId: shop.account.id },
    });
    expect(added.statusCode, added.body).toBe(201);
    const pos = (password: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/console/apis/qcpos/signin',
        payload: { username: 'till-1', password },
        remoteAddress: ip,
      });
    for (let i = 0; i < 30; i++) await pos('bad-pass', `198.51.110.${i + 1}`);
    for (let i = 0; i < 5; i++) await pos('bad-pass', '198.51.111.1');
    expect((await pos('pos-password', '198.51.111.1')).statusCode).toBe(429);
    expect((await pos('pos-password', '198.51.111.2')).statusCode).toBe(200);
  });
});
