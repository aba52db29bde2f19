// spec 000 §7 Session, §4 (session), §8 (login failure)
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema';
import { JOBS } from '../src/schedule/runner';
import { build, TEST_PASSWORD } from './helpers';

const t = await build();

const signin = (type: string, email: string, password = TEST_PASSWORD, bodyType = type, ip = '10.9.9.9') =>
  t.app.inject({
    method: 'POST',
    url: `/console/apis/${type}/signin`,
    payload: { email, password, type: bodyType },
    remoteAddress: ip,
  });

describe('sign-in', () => {
  // a gaa's password alone is no session (it must enrol two-factor first: two-factor.test.ts)
  it('a gaa user without two-factor gets no session from the password, only the enrolment step', async () => {
    const email = 'who-gaa@test.local';
    await t.createUser({ type: 'gaa', email, name: '名字 gaa', password: TEST_PASSWORD });
    const res = await signin('gaa', email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ next: 'enrol' });
    expect(res.cookies.find((c) => c.name === 'sd_session')).toBeUndefined();
    expect(res.cookies.find((c) => c.name === 'sd_signin')?.httpOnly).toBe(true);
  });

  it.each(['si', 'eaa', 'line'] as const)(
    'a %s user signs in at its portal and gets a session cookie',
    async (type) => {
      const si = await t.createSiAccount(`si-${type}`);
      const email = `who-${type}@test.local`;
      await t.createUser({ type, email, name: `名字 ${type}`, password: TEST_PASSWORD, siAccountId: si.id });
      const res = await signin(type, email);
      expect(res.statusCode).toBe(200);
      // A shop manager's answer also carries its acls (a new manager holds every one: decisions, Permissions)
      // and its one shop (none for this bare user), for the console's sidebar and route guard.
      const acls =
        type === 'line'
          ? {
              acls: ['shop', 'product', 'user', 'contract', 'admin', 'report', 'order'],
              shopAccountId: null,
            }
          : {};
      expect(res.json()).toEqual({
        user: { id: expect.any(Number), type, name: `名字 ${type}`, email, ...acls },
      });
      expect(res.body).not.toContain('scrypt');
      const cookie = res.cookies.find((c) => c.name === 'sd_session');
      expect(cookie?.httpOnly).toBe(true);
      expect(cookie?.sameSite).toBe('Lax');
    },
  );

  it('a wrong password answers 401 with the spec failure text', async () => {
    await t.createUser({ type: 'eaa', email: 'wrong-pw@test.local', password: TEST_PASSWORD });
    const res = await signin('eaa', 'wrong-pw@test.local', 'nope-nope');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({
      code: 'BAD_CREDENTIALS',
      message: '請確認使用者信箱與密碼是否正確',
      messageEn: 'Please check if the user email and password are correct',
    });
  });

  it('an unknown e-mail reads exactly like a wrong password', async () => {
    const res = await signin('gaa', 'nobody@test.local');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('BAD_CREDENTIALS');
  });

  it('a user cannot sign in at another portal (line user at the eaa portal)', async () => {
    await t.createUser({ type: 'line', email: 'portal-line@test.local', password: TEST_PASSWORD });
    expect((await signin('eaa', 'portal-line@test.local')).statusCode).toBe(401);
    expect((await signin('line', 'portal-line@test.local')).statusCode).toBe(200);
  });

  it('the body type must match the portal in the path', async () => {
    await t.createUser({ type: 'gaa', email: 'mismatch@test.local', password: TEST_PASSWORD });
    expect((await signin('gaa', 'mismatch@test.local', TEST_PASSWORD, 'si')).statusCode).toBe(400);
  });

  it('validation errors name the field and carry the message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/console/apis/gaa/signin',
      payload: { email: 'not-an-email', password: 'x', type: 'gaa' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'email',
      message: '電子郵件格式錯誤',
    });
  });

  it('five failures for one e-mail from one address lock that address out of it (429 with Retry-After)', async () => {
    await t.createUser({ type: 'eaa', email: 'locked@test.local', password: TEST_PASSWORD });
    for (let i = 0; i < 5; i++)
      expect((await signin('eaa', 'locked@test.local', 'bad', 'eaa', '10.1.1.1')).statusCode).toBe(401);
    const res = await signin('eaa', 'locked@test.local', TEST_PASSWORD, 'eaa', '10.1.1.1');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(50);
    expect(res.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    // The owner at another address is not refused (more in signin-throttle.test.ts).
    expect((await signin('eaa', 'locked@test.local', TEST_PASSWORD, 'eaa', '10.1.1.2')).statusCode).toBe(200);
  });

  it('twenty failures from one address lock that address for every e-mail', async () => {
    await t.createUser({ type: 'eaa', email: 'victim@test.local', password: TEST_PASSWORD });
    for (let i = 0; i < 20; i++) await signin('eaa', `spray${i}@test.local`, 'bad', 'eaa', '10.2.2.2');
    expect((await signin('eaa', 'victim@test.local', TEST_PASSWORD, 'eaa', '10.2.2.2')).statusCode).toBe(429);
    expect((await signin('eaa', 'victim@test.local', TEST_PASSWORD, 'eaa', '10.2.2.3')).statusCode).toBe(200);
  });
});

describe('me and signout', () => {
  it('me answers the signed-in user; without a session it is 401', async () => {
    const { user, headers } = await t.signedIn('si');
    const me = await t.app.inject({ method: 'GET', url: '/console/apis/me', headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ user: { id: user.id, type: 'si', name: user.name, email: user.email } });
    const anon = await t.app.inject({ method: 'GET', url: '/console/apis/me' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error.code).toBe('UNAUTHORIZED');
  });

  it('signout deletes the session row: the old cookie no longer works', async () => {
    const { headers } = await t.signedIn('eaa');
    const out = await t.app.inject({ method: 'POST', url: '/console/apis/signout', headers });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/console/apis/me', headers })).statusCode).toBe(401);
  });

  it('an expired session is 401', async () => {
    const { headers } = await t.signedIn('gaa');
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await t.app.inject({ method: 'GET', url: '/console/apis/me', headers })).statusCode).toBe(401);
  });

  it('an expired session’s row is pruned a day after its expiry; a live one stays', async () => {
    await t.signedIn('eaa');
    await t.signedIn('si');
    const rows = await t.db.select({ id: sessions.id }).from(sessions);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const [gone, kept] = rows;
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 86_400_000 - 60_000) })
      .where(eq(sessions.id, gone!.id));
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.id, kept!.id));
    const prune = JOBS.find((j) => j.name === 'guard-prune')!;
    await prune.run(t.db, new Date(), t.app);
    const left = new Set((await t.db.select({ id: sessions.id }).from(sessions)).map((r) => r.id));
    expect(left.has(gone!.id)).toBe(false);
    expect(left.has(kept!.id)).toBe(true);
  });

  it('a forged cookie is 401', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/console/apis/me',
      headers: { cookie: 'sd_session=abc.def' },
    });
    expect(res.statusCode).toBe(401);
  });
});
