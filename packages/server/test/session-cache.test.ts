import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { sessions, users } from '../src/db/schema';
import { forgetSessions, SESSION_CACHE_MS } from '../src/identity/session-store';
import { build } from './helpers';

// The session cache (docs/decisions/foundation.md "Session cache"): a session is read from the database at most once
// per SESSION_CACHE_MS per instance. This instance's writes count at once; another instance's within
// SESSION_CACHE_MS (a write straight to the database stands for that other instance here).
describe('session cache', async () => {
  const t = await build();
  const me = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/console/apis/me', headers: { cookie } });

  /** Polls until `/me` answers 401; the milliseconds it took. */
  const untilSignedOut = async (cookie: string) => {
    const start = Date.now();
    while ((await me(cookie)).statusCode !== 401) {
      if (Date.now() - start > SESSION_CACHE_MS * 5) throw new Error('the session never ended');
      await new Promise((r) => setTimeout(r, 50));
    }
    return Date.now() - start;
  };

  it('a sign-out on this instance ends the session at once', async () => {
    const { headers } = await t.signedIn('eaa');
    expect((await me(headers.cookie)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/console/apis/signout', headers });
    expect(out.statusCode).toBe(200);
    expect((await me(headers.cookie)).statusCode).toBe(401);
  });

  it('a user disabled through this instance is refused at once', async () => {
    const eaa = await t.signedIn('eaa');
    const gaa = await t.signedIn('gaa');
    expect((await me(eaa.headers.cookie)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/console/apis/gaa/admin/users/${eaa.user.id}`,
      headers: gaa.headers,
      payload: { name: 'gone', disabled: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(eaa.headers.cookie)).statusCode).toBe(401);
  });

  it('a sign-out on another instance takes effect within SESSION_CACHE_MS', async () => {
    const { headers, user } = await t.signedIn('eaa');
    expect((await me(headers.cookie)).statusCode).toBe(200);
    await t.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect(await untilSignedOut(headers.cookie)).toBeLessThanOrEqual(SESSION_CACHE_MS + 1_000);
  });

  it('a user disabled on another instance is refused within SESSION_CACHE_MS', async () => {
    const { headers, user } = await t.signedIn('si');
    expect((await me(headers.cookie)).statusCode).toBe(200);
    await t.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect(await untilSignedOut(headers.cookie)).toBeLessThanOrEqual(SESSION_CACHE_MS + 1_000);
  });

  it('requests of one session whose entry is gone share one read (docs/decisions/shops.md "Shop list (gaa, /gaa/shops/query)")', async () => {
    const { headers } = await t.signedIn('eaa');
    expect((await me(headers.cookie)).statusCode).toBe(200);
    forgetSessions(t.db);
    // the session read is the one select that asks for lastSeenAt
    const select = vi.spyOn(t.db, 'select');
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, () => me(headers.cookie)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
      const reads = select.mock.calls.filter((c) => c[0] && 'lastSeenAt' in (c[0] as object));
      expect(reads).toHaveLength(1);
    } finally {
      select.mockRestore();
    }
  });
});
