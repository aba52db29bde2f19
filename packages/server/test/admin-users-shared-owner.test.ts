// spec 002 §6 (roles): an si manages the owners of its shops. A store owner who also owns another SI's shop,
// or an unassigned (platform) shop, is not the si's alone: editing, disabling or re-inviting that account
// would change it for the other shops too, so only gaa may (docs/decisions/platform.md).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema';
import { build } from './helpers';

const t = await build();
const quick = await t.createSiAccount('quickclick');
const life = await t.createSiAccount('lifeplus');
const gaa = await t.signedIn('gaa');
const siUser = await t.signedIn('si', { siAccountId: quick.id });
const lifeUser = await t.signedIn('si', { siAccountId: life.id });
// owns one shop of each SI (owner #82 of the demo data: shops 195 LifePlus and 196 QuickClick)
const shared = await t.signedIn('eaa');
await t.createShop({ name: '共同小吃', siAccountId: quick.id, ownerUserId: shared.user.id });
await t.createShop({ name: '生活小吃', siAccountId: life.id, ownerUserId: shared.user.id });
// owns a QuickClick shop and an unassigned one
const halfPlatform = await t.signedIn('eaa');
await t.createShop({ name: '快點麵店', siAccountId: quick.id, ownerUserId: halfPlatform.user.id });
await t.createShop({ name: '未指派麵店', ownerUserId: halfPlatform.user.id });
// owns QuickClick shops only
const own = await t.signedIn('eaa');
await t.db.update(users).set({ phone: '02-1234-5678' }).where(eq(users.id, own.user.id));
await t.createShop({ name: '自家便當', siAccountId: quick.id, ownerUserId: own.user.id });
await t.db.update(users).set({ phone: '0912-345-678' }).where(eq(users.id, shared.user.id));

type Headers = { cookie: string } | undefined;
const api = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/console/apis${url}`, headers, payload });
const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const sessionCount = async (id: number) =>
  (await t.db.select().from(sessions).where(eq(sessions.userId, id))).length;

describe('an si acts on a store owner only when every shop of the owner is its SI’s', () => {
  it('an owner shared with another SI: disable, rename and re-invite are 403 with the reason; nothing changes', async () => {
    const before = await userRow(shared.user.id);
    for (const si of [siUser, lifeUser]) {
      const put = await api('PUT', `/si/admin/users/${shared.user.id}`, si.headers, {
        name: '鄭雅婷',
        disabled: true,
      });
      expect(put.statusCode).toBe(403);
      expect(put.json().error.message).toContain('只有平台管理員');
      const rename = await api('PUT', `/si/admin/users/${shared.user.id}`, si.headers, {
        name: '改名',
        phone: '0912-345-678',
        disabled: false,
      });
      expect(rename.statusCode).toBe(403);
      const resend = await api('POST', `/si/admin/users/${shared.user.id}/invite`, si.headers);
      expect(resend.statusCode).toBe(403);
    }
    const after = await userRow(shared.user.id);
    expect({ name: after.name, phone: after.phone, disabled: after.disabled }).toEqual({
      name: before.name,
      phone: '0912-345-678',
      disabled: false,
    });
    expect(await sessionCount(shared.user.id)).toBeGreaterThan(0);
    // it still reads the owner (its shops only) and signs in
    const seen = await api('GET', `/si/admin/users/${shared.user.id}`, siUser.headers);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().user.shops.map((s: { name: string }) => s.name)).toEqual(['共同小吃']);
    expect((await api('GET', '/eaa/shops', shared.headers)).statusCode).toBe(200);
  });

  it('an owner with an unassigned shop besides the si’s is refused the same way', async () => {
    const res = await api('PUT', `/si/admin/users/${halfPlatform.user.id}`, siUser.headers, {
      name: 'x',
      disabled: true,
    });
    expect(res.statusCode).toBe(403);
    expect((await userRow(halfPlatform.user.id)).disabled).toBe(false);
  });

  it('gaa may act on a shared owner; an si on an owner of its shops only', async () => {
    const mine = await api('PUT', `/si/admin/users/${own.user.id}`, siUser.headers, {
      name: '自家老闆',
      disabled: false,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().user.name).toBe('自家老闆');
    const byGaa = await api('PUT', `/gaa/admin/users/${halfPlatform.user.id}`, gaa.headers, {
      name: 'x',
      disabled: true,
    });
    expect(byGaa.statusCode).toBe(200);
    expect((await userRow(halfPlatform.user.id)).disabled).toBe(true);
  });

  it('an omitted phone keeps the stored one; an empty phone clears it', async () => {
    const kept = await api('PUT', `/si/admin/users/${own.user.id}`, siUser.headers, {
      name: '自家老闆',
      disabled: false,
    });
    expect(kept.json().user.phone).toBe('02-1234-5678');
    const cleared = await api('PUT', `/si/admin/users/${own.user.id}`, siUser.headers, {
      name: '自家老闆',
      phone: '',
      disabled: false,
    });
    expect(cleared.json().user.phone).toBeNull();
  });
});
