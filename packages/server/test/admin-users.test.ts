// "Users and accounts": gaa users, SI accounts and users, store owners; set-password links by
// e-mail through the outbox; password rules; forgotten password; disable instead of delete; own sessions.
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecords, mailOutbox, outboxJobs, sessions, users } from '../src/db/schema';
import { build } from './helpers';

const t = await build();
const quick = await t.createSiAccount('quickclick');
const life = await t.createSiAccount('lifeplus');
const gaa = await t.signedIn('gaa');
const siUser = await t.signedIn('si', { siAccountId: quick.id });
const lifeUser = await t.signedIn('si', { siAccountId: life.id });
const owner = await t.signedIn('eaa');
await t.createShop({ name: '阿嬤牛肉麵', siAccountId: quick.id, ownerUserId: owner.user.id });
const free = await t.createShop({ name: '無主小館', siAccountId: quick.id });
const lifeShop = await t.createShop({ name: '生活咖啡', siAccountId: life.id });

type Headers = { cookie: string } | undefined;
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/console/apis${url}`, headers, payload });

/** Sends the queued mails and answers the newest set-password token mailed to `to`. */
const mailedToken = async (to: string) => {
  await t.app.outbox.drain();
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const m = mail?.text.match(/setPassword=([\w-]+)/);
  if (!m) throw new Error(`no set-password mail to ${to}`);
  return decodeURIComponent(m[1]!);
};

describe('who may call the administration API', () => {
  const routes: [string, string, object?][] = [
    ['GET', '/gaa/admin/gaa-users'],
    ['POST', '/gaa/admin/gaa-users', { name: 'x', email: 'x@test.local' }],
    ['GET', '/gaa/admin/si-accounts'],
    ['POST', '/gaa/admin/si-accounts', { name: 'x', displayName: 'x', contactName: 'x', email: 'x@t.local' }],
    ['GET', `/gaa/admin/si-accounts/${quick.id}`],
    ['PUT', `/gaa/admin/si-accounts/${quick.id}`, { displayName: 'x', contactName: 'x', email: 'x@t.local' }],
    ['DELETE', `/gaa/admin/si-accounts/${life.id}`],
  ];
  it('no session is 401, si and eaa get 403 on the gaa-only routes, and nothing is written', async () => {
    for (const [method, url, body] of routes) {
      expect((await api(method as 'GET', url, undefined, body)).statusCode, url).toBe(401);
      for (const who of [siUser, owner])
        expect((await api(method as 'GET', url, who.headers, body)).statusCode, url).toBe(403);
    }
    const siGaaPortal = await api('GET', '/gaa/admin/eaa-users', siUser.headers);
    expect(siGaaPortal.statusCode).toBe(403);
    expect((await api('GET', '/eaa/admin/eaa-users', owner.headers)).statusCode).toBe(403);
    expect((await api('GET', '/si/admin/eaa-users', undefined)).statusCode).toBe(401);
  });

  it('an si may not see or touch another SI, its users, or owners of its shops', async () => {
    expect((await api('GET', `/si/admin/si-accounts/${life.id}/users`, siUser.headers)).statusCode).toBe(403);
    expect(
      (
        await api('POST', `/si/admin/si-accounts/${life.id}/users`, siUser.headers, {
          name: 'x',
          email: 'x@y.tw',
        })
      ).statusCode,
    ).toBe(403);
    expect((await api('GET', `/si/admin/users/${lifeUser.user.id}`, siUser.headers)).statusCode).toBe(403);
    expect((await api('GET', `/si/admin/users/${gaa.user.id}`, siUser.headers)).statusCode).toBe(403);
    expect((await api('GET', `/si/admin/users/${owner.user.id}`, lifeUser.headers)).statusCode).toBe(403);
    const disable = await api('PUT', `/si/admin/users/${owner.user.id}`, lifeUser.headers, {
      name: 'x',
      disabled: true,
    });
    expect(disable.statusCode).toBe(403);
    const give = await api('POST', '/si/admin/eaa-users', siUser.headers, {
      name: '偷店',
      email: 'steal@test.local',
      shopIds: [lifeShop.account.id],
    });
    expect(give.statusCode).toBe(403);
    expect(await t.db.select().from(users).where(eq(users.email, 'steal@test.local'))).toEqual([]);
  });

  it('bad input is a 400 naming the field', async () => {
    const bad = await api('POST', '/gaa/admin/gaa-users', gaa.headers, { name: '', email: 'not-mail' });
    expect(bad.statusCode).toBe(400);
    const si = await api('POST', '/gaa/admin/si-accounts', gaa.headers, {
      name: 'Bad Name',
      displayName: 'x',
      contactName: 'x',
      email: 'x@t.local',
    });
    expect(si.statusCode).toBe(400);
    expect(si.json().error.message).toContain('SI 代號');
    expect((await api('GET', '/gaa/admin/gaa-users?limit=500', gaa.headers)).statusCode).toBe(400);
  });
});

describe('invitations and passwords', () => {
  it('gaa invites a gaa user: no password typed, a single-use link by mail, the password rules, then sign-in', async () => {
    const res = await api('POST', '/gaa/admin/gaa-users', gaa.headers, {
      name: '新管理員',
      email: 'New.Admin@test.local',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ type: 'gaa', passwordSet: false, disabled: false });
    // not signed in before the password is set
    const early = await api('POST', '/gaa/signin', undefined, {
      email: 'New.Admin@test.local',
      password: '!invited',
      type: 'gaa',
    });
    expect(early.statusCode).toBe(401);
    const token = await mailedToken('New.Admin@test.local');
    const info = await api('GET', `/password-tokens/${token}`, undefined);
    expect(info.json()).toMatchObject({ type: 'gaa', purpose: 'invite' });
    for (const weak of ['short', 'password123', 'aaaaaaaaaaaa', 'new.admin@test.local']) {
      const r = await api('POST', `/password-tokens/${token}`, undefined, { password: weak });
      expect(r.statusCode, weak).toBe(400);
    }
    const ok = await api('POST', `/password-tokens/${token}`, undefined, {
      password: 'Blue-harbour-lantern-7',
    });
    expect(ok.json()).toEqual({ type: 'gaa' });
    const again = await api('POST', `/password-tokens/${token}`, undefined, {
      password: 'Another-long-phrase-8',
    });
    expect(again.statusCode).toBe(404);
    await t.signIn('new.admin@test.local', 'gaa', 'Blue-harbour-lantern-7');
    const audit = await t.db.select().from(auditRecords).where(eq(auditRecords.resourceCode, 'users'));
    expect(audit.some((a) => a.displayLog.includes('New.Admin@test.local'))).toBe(true);
  });

  it('a taken e-mail is a 409; nothing is half-written when the mail server fails (the mail is retried)', async () => {
    const dup = await api('POST', '/gaa/admin/gaa-users', gaa.headers, {
      name: 'x',
      email: owner.user.email,
    });
    expect(dup.statusCode).toBe(409);
    const send = t.app.mailer.send;
    t.app.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      const res = await api('POST', '/gaa/admin/gaa-users', gaa.headers, {
        name: '郵件失敗',
        email: 'fail@test.local',
      });
      expect(res.statusCode).toBe(201);
      await t.app.outbox.drain();
      expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'fail@test.local'))).toEqual([]);
      const [job] = await t.db
        .select()
        .from(outboxJobs)
        .where(eq(outboxJobs.kind, 'mail.send'))
        .orderBy(desc(outboxJobs.id));
      expect(job?.status).toBe('pending');
    } finally {
      t.app.mailer.send = send;
    }
    await t.app.outbox.drain({ now: new Date(Date.now() + 3600_000) });
    expect(await mailedToken('fail@test.local')).toBeTruthy();
  });

  it('forgotten password: the same answer for unknown e-mails; the link resets and ends old sessions', async () => {
    const unknown = await api('POST', '/eaa/password/forgot', undefined, { email: 'nobody@test.local' });
    expect(unknown.statusCode).toBe(200);
    const res = await api('POST', '/eaa/password/forgot', undefined, { email: owner.user.email });
    expect(res.json()).toEqual(unknown.json());
    const headers = await t.signIn(owner.user.email, 'eaa');
    const token = await mailedToken(owner.user.email);
    expect(
      (await api('POST', `/password-tokens/${token}`, undefined, { password: 'Quiet-river-stone-42' }))
        .statusCode,
    ).toBe(200);
    expect((await api('GET', '/me', headers)).statusCode).toBe(401);
    await t.signIn(owner.user.email, 'eaa', 'Quiet-river-stone-42');
  });

  it('changing one’s own password needs the current one and ends the other sessions', async () => {
    const me = await t.signedIn('si', { siAccountId: quick.id });
    const other = await t.signIn(me.user.email, 'si');
    const wrong = await api('PUT', '/me/password', me.headers, {
      currentPassword: 'nope',
      newPassword: 'Tall-green-window-9',
    });
    expect(wrong.statusCode).toBe(400);
    const ok = await api('PUT', '/me/password', me.headers, {
      currentPassword: 'test-password-1',
      newPassword: 'Tall-green-window-9',
    });
    expect(ok.statusCode).toBe(200);
    expect((await api('GET', '/me', other)).statusCode).toBe(401);
    expect((await api('GET', '/me', me.headers)).statusCode).toBe(200);
    const list = await api('GET', '/me/sessions', me.headers);
    expect(list.json().sessions).toHaveLength(1);
    expect(list.json().sessions[0].current).toBe(true);
  });
});

describe('disable instead of delete', () => {
  it('disabling ends the sessions at once; the last active gaa cannot be disabled', async () => {
    const victim = await t.signedIn('si', { siAccountId: quick.id });
    const res = await api('PUT', `/si/admin/users/${victim.user.id}`, siUser.headers, {
      name: 'gone',
      disabled: true,
    });
    expect(res.json().user.disabled).toBe(true);
    expect((await api('GET', '/me', victim.headers)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, victim.user.id))).toEqual([]);
    // every other gaa disabled but one; then each of the two tries to disable the other at once
    const second = await t.signedIn('gaa');
    const gaas = await t.db.select().from(users).where(eq(users.type, 'gaa'));
    for (const g of gaas)
      if (g.id !== gaa.user.id && g.id !== second.user.id)
        expect(
          (await api('PUT', `/gaa/admin/users/${g.id}`, gaa.headers, { name: g.name, disabled: true }))
            .statusCode,
        ).toBe(200);
    const self = await api('PUT', `/gaa/admin/users/${gaa.user.id}`, gaa.headers, {
      name: 'me',
      disabled: true,
    });
    expect(self.statusCode).toBe(400);
    const both = await Promise.all([
      api('PUT', `/gaa/admin/users/${second.user.id}`, gaa.headers, { name: 'b', disabled: true }),
      api('PUT', `/gaa/admin/users/${gaa.user.id}`, second.headers, { name: 'a', disabled: true }),
    ]);
    const active = await t.db.select().from(users).where(eq(users.type, 'gaa'));
    expect(active.filter((u) => !u.disabled).length).toBeGreaterThanOrEqual(1);
    expect(both.filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(1);
    // put the cast back: both enabled, and the file's gaa signed in again (whichever of the two won the race
    // was disabled, which ended its sessions: on PostgreSQL either may win)
    for (const g of [gaa.user, second.user])
      await t.db.update(users).set({ disabled: false }).where(eq(users.id, g.id));
    gaa.headers = await t.signIn(gaa.user.email, 'gaa');
    expect((await api('GET', '/me', gaa.headers)).statusCode).toBe(200);
  });
});

describe('SI accounts and store owners', () => {
  it('gaa creates an SI whose contact is invited; an SI with shops cannot be removed', async () => {
    const gaaHeaders = gaa.headers;
    const res = await api('POST', '/gaa/admin/si-accounts', gaaHeaders, {
      name: 'north-pos',
      displayName: '北區 POS',
      contactName: '林經理',
      email: 'lin@north.test',
    });
    expect(res.statusCode).toBe(201);
    const siId = res.json().siAccount.id;
    // a new SI: no shops yet, one user (its contact)
    expect(res.json().siAccount).toMatchObject({ shopCount: 0, userCount: 1 });
    const listed = await api('GET', '/gaa/admin/si-accounts?limit=50', gaaHeaders);
    const quickRow = listed.json().rows.find((r: { id: number }) => r.id === quick.id);
    expect(quickRow.shopCount).toBe(2);
    const token = await mailedToken('lin@north.test');
    await api('POST', `/password-tokens/${token}`, undefined, { password: 'North-star-ledger-5' });
    const siHeaders = await t.signIn('lin@north.test', 'si', 'North-star-ledger-5');
    const staff = await api('GET', `/si/admin/si-accounts/${siId}/users`, siHeaders);
    expect(staff.json().rows.map((r: { email: string }) => r.email)).toEqual(['lin@north.test']);
    const taken = await api('POST', '/gaa/admin/si-accounts', gaaHeaders, {
      name: 'north-pos',
      displayName: 'x',
      contactName: 'x',
      email: 'x2@north.test',
    });
    expect(taken.statusCode).toBe(409);
    expect(await t.db.select().from(users).where(eq(users.email, 'x2@north.test'))).toEqual([]);
    const busy = await api('DELETE', `/gaa/admin/si-accounts/${quick.id}`, gaaHeaders);
    expect(busy.statusCode).toBe(409);
    const gone = await api('DELETE', `/gaa/admin/si-accounts/${siId}`, gaaHeaders);
    expect(gone.statusCode).toBe(200);
    expect((await api('GET', '/me', siHeaders)).statusCode).toBe(401);
  });

  it('an si creates an owner for one of its shops and sees only the owners of its shops', async () => {
    const res = await api('POST', '/si/admin/eaa-users', siUser.headers, {
      name: '王老闆',
      email: 'wang@shop.test',
      shopIds: [free.account.id],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.shops).toEqual([{ id: free.account.id, name: '無主小館' }]);
    const none = await api('POST', '/si/admin/eaa-users', siUser.headers, {
      name: 'x',
      email: 'x@shop.test',
      shopIds: [],
    });
    expect(none.statusCode).toBe(400);
    const mine = await api('GET', '/si/admin/eaa-users', siUser.headers);
    expect(
      mine
        .json()
        .rows.map((r: { email: string }) => r.email)
        .sort(),
    ).toEqual([owner.user.email, 'wang@shop.test'].sort());
    expect((await api('GET', '/si/admin/eaa-users', lifeUser.headers)).json().total).toBe(0);
    const token = await mailedToken('wang@shop.test');
    await api('POST', `/password-tokens/${token}`, undefined, { password: 'Wang-noodle-house-3' });
    const wang = await t.signIn('wang@shop.test', 'eaa', 'Wang-noodle-house-3');
    const shops = await api('GET', '/eaa/shops', wang);
    expect(shops.statusCode).toBe(200);
    expect(JSON.stringify(shops.json())).toContain('無主小館');
    expect(JSON.stringify(shops.json())).not.toContain('阿嬤牛肉麵');
    const assignable = await api('GET', '/si/admin/assignable-shops', siUser.headers);
    expect(assignable.json().rows.map((r: { id: number }) => r.id)).not.toContain(lifeShop.account.id);
  });
});

// pages: the lists filter by status on the server; the assignable-shop search takes a shop number;
// an si cannot leave an owner of its shops with none of them (it would lose sight of that owner).
describe('what the users and accounts pages ask for', () => {
  it('user lists filter by status (active, invited, disabled) and page with the total', async () => {
    const invited = await api('POST', `/si/admin/si-accounts/${quick.id}/users`, siUser.headers, {
      name: '新同事',
      email: 'newbie@quick.test',
    });
    expect(invited.statusCode).toBe(201);
    const gone = await t.signedIn('si', { siAccountId: quick.id });
    await api('PUT', `/si/admin/users/${gone.user.id}`, siUser.headers, { name: 'gone', disabled: true });
    const list = async (status: string) =>
      (await api('GET', `/si/admin/si-accounts/${quick.id}/users?status=${status}`, siUser.headers)).json()
        .rows as { id: number; email: string; disabled: boolean; passwordSet: boolean }[];
    const inv = await list('invited');
    expect(inv.map((r) => r.email)).toContain('newbie@quick.test');
    expect(inv.every((r) => !r.passwordSet && !r.disabled)).toBe(true);
    const dis = await list('disabled');
    expect(dis.map((r) => r.id)).toContain(gone.user.id);
    expect(dis.every((r) => r.disabled)).toBe(true);
    const act = await list('active');
    expect(act.map((r) => r.id)).toContain(siUser.user.id);
    expect(act.map((r) => r.email)).not.toContain('newbie@quick.test');
    expect(act.map((r) => r.id)).not.toContain(gone.user.id);
    const page = (
      await api('GET', `/si/admin/si-accounts/${quick.id}/users?limit=1&offset=0`, siUser.headers)
    ).json();
    expect(page.rows).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(3);
    const bad = await api('GET', `/gaa/admin/gaa-users?status=gone`, gaa.headers);
    expect(bad.statusCode).toBe(400);
  });

  it('assignable shops are found by shop number as well as by name', async () => {
    const byId = await api('GET', `/gaa/admin/assignable-shops?q=${free.account.id}`, gaa.headers);
    expect(byId.json().rows.map((r: { id: number }) => r.id)).toContain(free.account.id);
    const byName = await api(
      'GET',
      `/gaa/admin/assignable-shops?q=${encodeURIComponent('生活')}`,
      gaa.headers,
    );
    expect(byName.json().rows.map((r: { name: string }) => r.name)).toEqual(['生活咖啡']);
  });

  it('an si cannot take every shop away from an owner; gaa can', async () => {
    const made = await api('POST', '/si/admin/eaa-users', siUser.headers, {
      name: '李老闆',
      email: 'li@shop.test',
      shopIds: [free.account.id],
    });
    const id = made.json().user.id;
    const empty = await api('PUT', `/si/admin/eaa-users/${id}/shops`, siUser.headers, { shopIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('請至少選擇一間商店');
    expect((await api('GET', `/si/admin/users/${id}`, siUser.headers)).json().user.shops).toHaveLength(1);
    const byGaa = await api('PUT', `/gaa/admin/eaa-users/${id}/shops`, gaa.headers, { shopIds: [] });
    expect(byGaa.statusCode).toBe(200);
    expect(byGaa.json().user.shops).toEqual([]);
  });

  it('the only active administrator disabling itself hears the last-administrator reason (409)', async () => {
    const others = await t.db.select().from(users).where(eq(users.type, 'gaa'));
    const active = others.filter((u) => !u.disabled && u.id !== gaa.user.id).map((u) => u.id);
    for (const id of active) await t.db.update(users).set({ disabled: true }).where(eq(users.id, id));
    const res = await api('PUT', `/gaa/admin/users/${gaa.user.id}`, gaa.headers, {
      name: 'me',
      disabled: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('LAST_GAA');
    expect(res.json().error.message).toBe('至少要保留一位啟用中的管理員');
    const [me] = await t.db.select().from(users).where(eq(users.id, gaa.user.id));
    expect(me!.disabled).toBe(false);
    for (const id of active) await t.db.update(users).set({ disabled: false }).where(eq(users.id, id));
  });
});
