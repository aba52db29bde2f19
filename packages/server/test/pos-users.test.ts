// spec 002 §2 screen 5, §3 "POS user", §5 and §9 (at most 100), §7 POS users, §8 (POS user messages);
// spec 000 §3 "Point-of-sale user", §7 POST /qcpos/signin.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecords, posSessions, posUsers } from '../src/db/schema';
import { build } from './helpers';

const t = await build();
const si = await t.createSiAccount('quickclick');
const otherSi = await t.createSiAccount('lifeplus');
const eaa = await t.signedIn('eaa');
const otherEaa = await t.signedIn('eaa');
const shop = await t.createShop({ name: '阿嬤牛肉麵', siAccountId: si.id, ownerUserId: eaa.user.id });
const full = await t.createShop({ name: '滿額小館', siAccountId: si.id });
const gaa = await t.signedIn('gaa');
const siUser = await t.signedIn('si', { siAccountId: si.id });
const otherSiUser = await t.signedIn('si', { siAccountId: otherSi.id });
// a manager of the shop without the `user` acl (with it: acls-gates.test.ts)
const line = await t.signedIn('line', {
  shopAccountId: shop.account.id,
  acls: ['shop', 'product', 'contract', 'admin', 'report', 'order'],
});

type Headers = Record<string, string> | null;
const api = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/console/apis${url}`, headers: headers ?? undefined, payload });
const list = (type: string, headers: Headers, shopId = shop.account.id) =>
  api('GET', `/${type}/qcpos/users?shopId=${shopId}`, headers);
const signup = (headers: Headers, body: object) => api('POST', '/qcpos/signup', headers, body);
const signin = (username: string, password: string, ip = '10.1.1.1') =>
  t.app.inject({
    method: 'POST',
    url: '/console/apis/qcpos/signin',
    payload: { username, password },
    remoteAddress: ip,
  });

describe('POS users', () => {
  it('eaa adds a user to its shop; the answer and the list carry no password or hash; the add is audited', async () => {
    const res = await signup(eaa.headers, {
      username: ' Counter-1 ',
      password: 'secret-pass',
      shopId: shop.account.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toEqual({
      username: 'counter-1',
      shopId: shop.account.id,
      createdAt: expect.any(String),
    });
    const listed = await list('eaa', eaa.headers);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      total: 1,
      max: 100,
      users: [expect.objectContaining({ username: 'counter-1' })],
    });
    for (const body of [res.body, listed.body]) {
      expect(body).not.toContain('secret-pass');
      expect(body).not.toContain('scrypt');
      expect(body).not.toMatch(/password/i);
    }
    const [stored] = await t.db.select().from(posUsers).where(eq(posUsers.username, 'counter-1'));
    expect(stored!.passwordHash).toMatch(/^scrypt\$/);
    const audit = await t.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.resourceCode, 'pos-users'), eq(auditRecords.action, 'create')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      accountId: shop.account.id,
      userId: eaa.user.id,
      newValue: { username: 'counter-1' },
    });
    expect(JSON.stringify(audit[0])).not.toContain('scrypt');
  });

  it('gaa and the shop’s si see the same list', async () => {
    expect((await list('gaa', gaa.headers)).json().total).toBe(1);
    expect((await list('si', siUser.headers)).json().total).toBe(1);
  });

  it('refuses a duplicate username, whatever its case and shop (409)', async () => {
    const res = await signup(gaa.headers, {
      username: 'COUNTER-1',
      password: 'another-pass',
      shopId: full.account.id,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'USERNAME_TAKEN', message: '此使用者名稱已被使用' });
  });

  it('validates the username and password rules', async () => {
    const bad = await signup(gaa.headers, {
      username: 'a b',
      password: 'secret-pass',
      shopId: shop.account.id,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('username');
    const short = await signup(gaa.headers, {
      username: 'okname',
      password: 'short',
      shopId: shop.account.id,
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({ field: 'password', message: '密碼須為 8–72 個字元' });
  });

  it('refuses the 101st user of a shop (spec 002 §9)', async () => {
    const hash = (await t.db.select().from(posUsers).limit(1))[0]!.passwordHash;
    await t.db.insert(posUsers).values(
      Array.from({ length: 100 }, (_, i) => ({
        username: `full-${i}`,
        passwordHash: hash,
        accountId: full.account.id,
      })),
    );
    expect((await list('gaa', gaa.headers, full.account.id)).json().total).toBe(100);
    const res = await signup(gaa.headers, {
      username: 'full-100',
      password: 'secret-pass',
      shopId: full.account.id,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'POS_USERS_LIMIT',
      message: '每間商店最多 100 個點餐機使用者',
    });
  });

  it('scopes every call to the caller’s shops: another eaa or si gets 403, line without the user acl 403, no session 401', async () => {
    expect((await list('eaa', otherEaa.headers)).statusCode).toBe(403);
    expect((await list('si', otherSiUser.headers)).statusCode).toBe(403);
    expect((await list('line', line.headers)).statusCode).toBe(403); // not without the user acl
    expect((await list('gaa', eaa.headers)).statusCode).toBe(403); // the path type is the caller's own
    expect((await list('eaa', null)).statusCode).toBe(401);
    const body = { username: 'intruder', password: 'secret-pass', shopId: shop.account.id };
    expect((await signup(otherEaa.headers, body)).statusCode).toBe(403);
    expect((await signup(line.headers, body)).statusCode).toBe(403);
    expect((await signup(null, body)).statusCode).toBe(401);
    // Another shop's POS user answers exactly like an unknown name: names cannot be probed.
    const others = await api('DELETE', '/qcpos/users/counter-1', otherEaa.headers);
    const unknown = await api('DELETE', '/qcpos/users/no-such-name', otherEaa.headers);
    expect(others.statusCode).toBe(404);
    expect(others.json()).toEqual(unknown.json());
    expect((await api('DELETE', '/qcpos/users/counter-1', otherSiUser.headers)).statusCode).toBe(404);
    expect((await api('DELETE', '/qcpos/users/counter-1', null)).statusCode).toBe(401);
  });
});

describe('POST /qcpos/signin', () => {
  it('answers the POS user with a token (spec 000 §3) and stores only its hash', async () => {
    const res = await signin('counter-1', 'secret-pass');
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(user).toEqual({
      shopId: shop.account.id,
      shopName: '阿嬤牛肉麵',
      username: 'counter-1',
      token: expect.any(String),
    });
    expect(user.token.length).toBeGreaterThanOrEqual(40);
    const stored = await t.db.select().from(posSessions);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).not.toBe(user.token);
  });

  it('a wrong password or unknown username is 401 with the same answer', async () => {
    const wrong = await signin('counter-1', 'wrong-pass');
    const unknown = await signin('nobody-here', 'wrong-pass');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.code).toBe('BAD_CREDENTIALS');
  });

  it('locks the failing address out of a username after 5 failures (429 + Retry-After), not the owner elsewhere', async () => {
    await signup(gaa.headers, { username: 'locked-pos', password: 'secret-pass', shopId: shop.account.id });
    for (let i = 0; i < 5; i += 1)
      expect((await signin('locked-pos', 'nope-nope', '10.2.2.2')).statusCode).toBe(401);
    const res = await signin('locked-pos', 'secret-pass', '10.2.2.2');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().error.message).toMatch(/^登入失敗次數過多，請於 \d+ (秒|分鐘)後再試$/);
    // The shop's own device at another address still signs in.
    const elsewhere = await signin('locked-pos', 'secret-pass', '10.2.2.3');
    expect(elsewhere.statusCode).toBe(200);
    await t.db.delete(posSessions); // the tests below count the sessions of counter-1
  });
});

describe('DELETE /qcpos/users/{username}', () => {
  it('deletes the user, ends its POS sessions and audits the delete', async () => {
    const res = await api('DELETE', '/qcpos/users/counter-1', eaa.headers);
    expect(res.statusCode).toBe(200);
    expect(
      (await list('eaa', eaa.headers)).json().users.map((u: { username: string }) => u.username),
    ).toEqual(['locked-pos']);
    expect(await t.db.select().from(posSessions)).toHaveLength(0);
    const audit = await t.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.resourceCode, 'pos-users'), eq(auditRecords.action, 'delete')));
    expect(audit[0]).toMatchObject({ accountId: shop.account.id, oldValue: { username: 'counter-1' } });
    expect((await signin('counter-1', 'secret-pass')).statusCode).toBe(401);
  });

  it('an unknown username is 404', async () => {
    expect((await api('DELETE', '/qcpos/users/counter-1', gaa.headers)).statusCode).toBe(404);
  });
});
