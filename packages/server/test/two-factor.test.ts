// two-factor sign-in (TOTP, RFC 6238), required for gaa, optional for the others.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { forgetSessions } from '../src/identity/session-store';
import { build, TEST_PASSWORD } from './helpers';
import { hotp, totp } from './rfc6238';

const t = await build();

const call = (
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  opts: { cookie?: string; body?: object; ip?: string } = {},
) =>
  t.app.inject({
    method,
    url: `/console/apis${path}`,
    headers: opts.cookie ? { cookie: opts.cookie } : undefined,
    payload: opts.body,
    remoteAddress: opts.ip ?? '10.1.1.1',
  });

const cookieOf = (res: Awaited<ReturnType<typeof call>>, name: string) => {
  const c = res.cookies.find((x) => x.name === name);
  return c ? `${name}=${c.value}` : undefined;
};

const passwordStep = (type: string, email: string, ip: string, password = TEST_PASSWORD) =>
  call('POST', `/${type}/signin`, { body: { email, password, type }, ip });

/** An eaa with two-factor on, enrolled from its own account page; answers its secret and recovery codes. */
const enrolledEaa = async (email: string) => {
  const user = await t.createUser({ type: 'eaa', email, password: TEST_PASSWORD });
  const headers = await t.signIn(email, 'eaa');
  const id = user.id;
  const start = await call('POST', '/me/totp/start', { cookie: headers.cookie });
  expect(start.statusCode).toBe(200);
  const { secret, otpauthUri } = start.json() as { secret: string; otpauthUri: string };
  expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Shopdesk:/);
  expect(otpauthUri).toContain(`secret=${secret}`);
  t.knowTotpSecret(email, secret);
  const confirm = await call('POST', '/me/totp/confirm', {
    cookie: headers.cookie,
    body: { code: await t.nextCode(email) },
  });
  expect(confirm.statusCode).toBe(200);
  return { id, secret, headers, recoveryCodes: confirm.json().recoveryCodes as string[] };
};

describe('the independent RFC 6238 generator of the tests', () => {
  // RFC 6238 appendix B, SHA-1 rows: the seed is the ASCII "12345678901234567890", 8 digits
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('at T=%i gives %s', (at, code) => {
    const key = Buffer.from('12345678901234567890');
    expect(hotp(key, Math.floor(at / 30), 8)).toBe(code);
    // the same through the base32 door the secrets use ("12345678901234567890" in base32)
    expect(totp('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', { at, digits: 8 })).toBe(code);
  });
});

describe('enrolment on one’s own account page', () => {
  it('a secret to scan, confirmed by a first code; ten recovery codes once; the secret sealed and never shown again', async () => {
    const { headers } = await t.signedIn('eaa');
    const before = await call('GET', '/me/totp', { cookie: headers.cookie });
    expect(before.json()).toEqual({
      enabled: false,
      enabledAt: null,
      required: false,
      exempt: false,
      recoveryCodesLeft: 0,
    });

    const start = await call('POST', '/me/totp/start', { cookie: headers.cookie });
    const { secret, otpauthUri, email } = start.json();
    expect(otpauthUri).toBe(
      `otpauth://totp/Shopdesk:${encodeURIComponent(email)}?secret=${secret}&issuer=Shopdesk`,
    );
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row!.totpSecret).toMatch(/^v1\./); // sealed with the app's secret box
    expect(row!.totpSecret).not.toContain(secret);
    expect(row!.totpEnabledAt).toBeNull(); // not on until confirmed

    const wrong = await call('POST', '/me/totp/confirm', {
      cookie: headers.cookie,
      body: { code: totp(secret, { offset: 5 }) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'BAD_CODE', messageEn: expect.stringMatching(/wrong/) });

    const ok = await call('POST', '/me/totp/confirm', {
      cookie: headers.cookie,
      body: { code: totp(secret) },
    });
    expect(ok.statusCode).toBe(200);
    const codes = ok.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const [after] = await t.db.select().from(users).where(eq(users.email, email));
    expect(after!.totpRecoveryHashes).toHaveLength(10);
    expect(JSON.stringify(after!.totpRecoveryHashes)).not.toContain(codes[0]!.replace('-', ''));

    const status = await call('GET', '/me/totp', { cookie: headers.cookie });
    expect(status.json()).toMatchObject({ enabled: true, required: false, recoveryCodesLeft: 10 });
    expect(status.body).not.toContain(secret);
    // no way to read the secret again: starting over is refused while it is on
    expect((await call('POST', '/me/totp/start', { cookie: headers.cookie })).statusCode).toBe(409);
  });
});

describe('signing in with two-factor', () => {
  it('two steps: the password gives no session, the right code (independent generator) does', async () => {
    const email = 'two-step@test.local';
    const { secret } = await enrolledEaa(email);
    const ip = '10.2.0.1';
    const first = await passwordStep('eaa', email, ip);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ next: 'totp' });
    expect(cookieOf(first, 'sd_session')).toBeUndefined();
    const challenge = cookieOf(first, 'sd_signin')!;
    // the half-done sign-in is no session
    expect((await call('GET', '/me', { cookie: challenge, ip })).statusCode).toBe(401);
    // the second step without the first is refused
    const lost = await call('POST', '/signin/totp', { body: { code: totp(secret) }, ip });
    expect(lost.statusCode).toBe(401);
    expect(lost.json().error.code).toBe('SIGNIN_EXPIRED');
    // not a code at all: a validation answer in both languages
    const junk = await call('POST', '/signin/totp', { cookie: challenge, body: { code: '12ab' }, ip });
    expect(junk.statusCode).toBe(400);

    const done = await call('POST', '/signin/totp', {
      cookie: challenge,
      body: { code: await t.nextCode(email) },
      ip,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({ type: 'eaa', email });
    const session = cookieOf(done, 'sd_session')!;
    expect((await call('GET', '/me', { cookie: session, ip })).statusCode).toBe(200);
    // the half-done sign-in is used up
    const again = await call('POST', '/signin/totp', { cookie: challenge, body: { code: totp(secret) }, ip });
    expect(again.statusCode).toBe(401);
  });

  it('a code is not accepted twice (replay), even in a new sign-in', async () => {
    const email = 'replay@test.local';
    await enrolledEaa(email);
    const ip = '10.3.0.1';
    const code = await t.nextCode(email);
    const a = await passwordStep('eaa', email, ip);
    const ok = await call('POST', '/signin/totp', { cookie: cookieOf(a, 'sd_signin'), body: { code }, ip });
    expect(ok.statusCode).toBe(200);
    const b = await passwordStep('eaa', email, ip);
    const replay = await call('POST', '/signin/totp', {
      cookie: cookieOf(b, 'sd_signin'),
      body: { code },
      ip,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toMatchObject({
      code: 'CODE_REPLAYED',
      message: '這組驗證碼已經使用過，請等待驗證器 App 顯示下一組',
      messageEn: 'That code was already used. Please wait for the next code in your authenticator app',
    });
    // the next code still works on the same half-done sign-in
    const next = await call('POST', '/signin/totp', {
      cookie: cookieOf(b, 'sd_signin'),
      body: { code: await t.nextCode(email) },
      ip,
    });
    expect(next.statusCode).toBe(200);
  });

  it('wrong codes are throttled like wrong passwords: 5 free, then this address waits (429, Retry-After)', async () => {
    const email = 'guesser@test.local';
    const { secret } = await enrolledEaa(email);
    const ip = '10.4.0.1';
    const first = await passwordStep('eaa', email, ip);
    const challenge = cookieOf(first, 'sd_signin');
    for (let i = 0; i < 5; i++) {
      const res = await call('POST', '/signin/totp', {
        cookie: challenge,
        body: { code: totp(secret, { offset: 10 + i }) },
        ip,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'BAD_CODE',
        message: '驗證碼錯誤或已過期，請再試一次',
      });
    }
    // the password again gives no new free guesses: the address is locked on this account
    const locked = await passwordStep('eaa', email, ip);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().error.messageEn).toMatch(/^Too many failed sign-ins/);
    // the dead half-done sign-in asks for the password again
    const dead = await call('POST', '/signin/totp', { cookie: challenge, body: { code: totp(secret) }, ip });
    expect(dead.statusCode).toBe(401);
  });

  it('a recovery code signs in once', async () => {
    const email = 'recovery@test.local';
    const { recoveryCodes, headers } = await enrolledEaa(email);
    const ip = '10.5.0.1';
    const code = recoveryCodes[3]!.toUpperCase().replace('-', ' '); // typed loosely
    const a = await passwordStep('eaa', email, ip);
    const ok = await call('POST', '/signin/totp', { cookie: cookieOf(a, 'sd_signin'), body: { code }, ip });
    expect(ok.statusCode).toBe(200);
    const b = await passwordStep('eaa', email, ip);
    const twice = await call('POST', '/signin/totp', {
      cookie: cookieOf(b, 'sd_signin'),
      body: { code },
      ip,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.messageEn).toBe('That recovery code is wrong or was already used');
    const status = await call('GET', '/me/totp', { cookie: headers.cookie });
    expect(status.json().recoveryCodesLeft).toBe(9);
  });

  it('turning it off takes the password and a code; then the password alone signs in', async () => {
    const email = 'off@test.local';
    const { headers } = await enrolledEaa(email);
    const badPw = await call('POST', '/me/totp/disable', {
      cookie: headers.cookie,
      body: { password: 'nope-nope', code: await t.nextCode(email) },
      ip: '10.6.0.1',
    });
    expect(badPw.statusCode).toBe(400);
    const off = await call('POST', '/me/totp/disable', {
      cookie: headers.cookie,
      body: { password: TEST_PASSWORD, code: await t.nextCode(email) },
      ip: '10.6.0.1',
    });
    expect(off.statusCode).toBe(200);
    const res = await passwordStep('eaa', email, '10.6.0.2');
    expect(res.json().user).toMatchObject({ email });
  });
});

describe('gaa must use two-factor', () => {
  it('a gaa without it is sent to enrol: no session until its first code is right, then the code every time', async () => {
    const email = 'new-gaa@test.local';
    await t.createUser({ type: 'gaa', email, password: TEST_PASSWORD });
    const ip = '10.7.0.1';
    const first = await passwordStep('gaa', email, ip);
    expect(first.json()).toEqual({ next: 'enrol' });
    const challenge = cookieOf(first, 'sd_signin')!;
    // the enrolment step is all it opens: no session, no other API
    expect((await call('GET', '/me', { cookie: challenge, ip })).statusCode).toBe(401);
    expect((await call('GET', '/gaa/admin/gaa-users', { cookie: challenge, ip })).statusCode).toBe(401);
    // a totp step is not an enrolment step
    expect(
      (await call('POST', '/signin/totp', { cookie: challenge, body: { code: '123456' }, ip })).statusCode,
    ).toBe(401);

    const setup = await call('POST', '/signin/enrol/start', { cookie: challenge, ip });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri } = setup.json();
    expect(otpauthUri).toContain(`secret=${secret}`);
    const bad = await call('POST', '/signin/enrol/confirm', {
      cookie: challenge,
      body: { code: totp(secret, { offset: 7 }) },
      ip,
    });
    expect(bad.statusCode).toBe(400);
    const done = await call('POST', '/signin/enrol/confirm', {
      cookie: challenge,
      body: { code: totp(secret) },
      ip,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({ type: 'gaa', email });
    expect(done.json().recoveryCodes).toHaveLength(10);
    const session = cookieOf(done, 'sd_session')!;
    expect((await call('GET', '/gaa/admin/gaa-users', { cookie: session, ip })).statusCode).toBe(200);
    const status = await call('GET', '/me/totp', { cookie: session, ip });
    expect(status.json()).toMatchObject({ enabled: true, required: true });

    // it cannot be turned off
    const off = await call('POST', '/me/totp/disable', {
      cookie: session,
      body: { password: TEST_PASSWORD, code: totp(secret, { offset: 1 }) },
      ip,
    });
    expect(off.statusCode).toBe(403);
    expect(off.json().error.messageEn).toBe(
      'Platform administrators must use two-factor sign-in; it cannot be turned off',
    );
    // the next sign-in asks for the code
    expect((await passwordStep('gaa', email, ip)).json()).toEqual({ next: 'totp' });
  });

  it('a gaa session without two-factor on is void (a row from before the rule)', async () => {
    const { headers, user } = await t.signedIn('gaa');
    expect((await call('GET', '/me', { cookie: headers.cookie })).statusCode).toBe(200);
    await t.db.update(users).set({ totpEnabledAt: null }).where(eq(users.id, user.id));
    // a write outside this instance's API: its session cache would hold the session SESSION_CACHE_MS longer
    forgetSessions(t.db);
    expect((await call('GET', '/me', { cookie: headers.cookie })).statusCode).toBe(401);
  });

  it('an exempt gaa (set by the demo seed only) signs in with its password; turning two-factor on by choice asks the code', async () => {
    const email = 'exempt-gaa@test.local';
    const ip = '10.7.0.3';
    const user = await t.createUser({ type: 'gaa', email, password: TEST_PASSWORD });
    // as seed.ts does for gaa@demo.test (no API can)
    await t.db.update(users).set({ twoFactorExempt: true }).where(eq(users.id, user.id));
    const first = await passwordStep('gaa', email, ip);
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({ type: 'gaa', email });
    const session = cookieOf(first, 'sd_session')!;
    // findSessionUser keeps the exempt gaa's session although two-factor is off
    expect((await call('GET', '/gaa/admin/gaa-users', { cookie: session, ip })).statusCode).toBe(200);
    expect((await call('GET', '/me/totp', { cookie: session, ip })).json()).toMatchObject({
      enabled: false,
      required: false,
      exempt: true,
    });
    // on by choice: then the code is asked like anyone's, and it may be turned off again
    const start = await call('POST', '/me/totp/start', { cookie: session, ip });
    const { secret } = start.json() as { secret: string };
    const on = await call('POST', '/me/totp/confirm', { cookie: session, body: { code: totp(secret) }, ip });
    expect(on.statusCode).toBe(200);
    expect((await passwordStep('gaa', email, ip)).json()).toEqual({ next: 'totp' });
    const off = await call('POST', '/me/totp/disable', {
      cookie: session,
      body: { password: TEST_PASSWORD, code: totp(secret, { offset: 1 }) },
      ip,
    });
    expect(off.statusCode).toBe(200);
    expect((await passwordStep('gaa', email, ip)).json().user).toMatchObject({ email });
  });

  it('no users API sets the exempt flag: a gaa created or edited with it stays non-exempt and must enrol', async () => {
    const { headers } = await t.signedIn('gaa');
    const ip = '10.7.0.4';
    const email = `invited-exempt-${Date.now()}@test.local`;
    const created = await call('POST', '/gaa/admin/gaa-users', {
      cookie: headers.cookie,
      body: { name: '想免驗證', email, twoFactorExempt: true, two_factor_exempt: true },
      ip,
    });
    expect(created.statusCode).toBe(201); // the unknown key is dropped by the contract's body schema
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row?.twoFactorExempt).toBe(false);

    const other = await t.createUser({
      type: 'gaa',
      email: `edited-exempt-${Date.now()}@test.local`,
      password: TEST_PASSWORD,
    });
    const edit = await call('PUT', `/gaa/admin/users/${other.id}`, {
      cookie: headers.cookie,
      body: { name: '改名', disabled: false, twoFactorExempt: true },
      ip,
    });
    expect(edit.statusCode).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, other.id));
    expect(after?.twoFactorExempt).toBe(false);
    // so the password alone still only opens the enrolment step
    expect((await passwordStep('gaa', other.email, ip)).json()).toEqual({ next: 'enrol' });
  });
});
