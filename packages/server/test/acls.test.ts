import { ACL_MESSAGES, ACLS, aclForPath } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecords } from '../src/db/schema';
import { build, scopedCast } from './helpers';

const API = '/console/apis';

// spec 002 §2 screen 9, §3 Manager and acls values, §6, §7 Acls, §8 Permission edit; the acls bite.
describe('permissions (acls)', async () => {
  const t = await build();
  const c = await scopedCast(t, { name: '權限測試店' });
  const other = await t.createShop({ name: '別人的店', ownerUserId: c.otherEaa.user.id });
  const manager = await t.signedIn('line', { shopAccountId: c.id });
  const get = (url: string, who: { headers: Record<string, string> }) =>
    t.app.inject({ method: 'GET', url: `${API}${url}`, headers: who.headers });
  const save = (accountId: number, payload: Record<string, unknown>, who = c.eaa) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/eaa/eaa-shops/${accountId}/acls`,
      headers: who.headers,
      payload,
    });

  it('401 without a session, 403 for other types and for another owner', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `${API}/eaa/eaa-shops/${c.id}/managers` })).statusCode,
    ).toBe(401);
    // (a manager of the shop with the admin acl may: acls-gates.test.ts)
    for (const who of [c.gaa, c.si, c.otherEaa]) {
      expect((await get(`/eaa/eaa-shops/${c.id}/managers`, who)).statusCode).toBe(403);
      expect((await save(c.id, { userId: manager.user.id, accountId: c.id, acls: [] }, who)).statusCode).toBe(
        403,
      );
    }
    // the owner of another shop cannot reach this shop's manager through its own shop either
    const res = await save(
      other.account.id,
      { userId: manager.user.id, accountId: other.account.id, acls: [] },
      c.otherEaa,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(ACL_MESSAGES.notManager.zh);
  });

  it('lists the shop managers with name, phone and acls (a new manager holds all)', async () => {
    const res = await get(`/eaa/eaa-shops/${c.id}/managers`, c.eaa);
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().managers.map((m: { userId: number }) => m.userId);
    expect(ids).toEqual([c.line.user.id, manager.user.id]);
    expect(res.json().managers[1]).toMatchObject({ accountId: c.id, acls: [...ACLS] });
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    for (const body of [
      { userId: manager.user.id, accountId: c.id, acls: ['root'] },
      { userId: manager.user.id, accountId: c.id, acls: 'report' },
      { userId: 'x', accountId: c.id, acls: [] },
      { userId: manager.user.id, accountId: other.account.id, acls: [] },
      { userId: c.eaa.user.id, accountId: c.id, acls: [] },
    ]) {
      expect((await save(c.id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const res = await get(`/eaa/eaa-shops/${c.id}/managers`, c.eaa);
    expect(res.json().managers[1].acls).toEqual([...ACLS]);
  });

  it('saving takes report away: the manager is refused every report route at once, and audited', async () => {
    const res = await save(c.id, {
      userId: manager.user.id,
      accountId: c.id,
      acls: ['order', 'product', 'order'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: ACL_MESSAGES.saved.zh,
      manager: { acls: ['product', 'order'] },
    });
    const me = await get('/me', manager);
    expect(me.json().user.acls).toEqual(['product', 'order']);
    const stats = await get(`/line/stats/summary?from=2026-01-01&to=2026-01-02`, manager);
    expect(stats.statusCode).toBe(403);
    expect(aclForPath('/:type/stats/summary')).toBe('report');
    // the same route for a manager who still holds report is not refused
    expect((await get(`/line/stats/summary?from=2026-01-01&to=2026-01-02`, c.line)).statusCode).toBe(200);
    expect((await get('/line/summary/orders', manager)).statusCode).toBe(200);
    // the sales query is refused too (line is not among its types either)
    expect((await get('/line/sales/orders', manager)).statusCode).toBe(403);
    const audit = await t.db.select().from(auditRecords).where(eq(auditRecords.resourceCode, 'acls'));
    expect(audit.at(-1)).toMatchObject({ accountId: c.id, newValue: ['product', 'order'] });
    // and given back
    expect(
      (await save(c.id, { userId: manager.user.id, accountId: c.id, acls: ['report'] })).statusCode,
    ).toBe(200);
    expect((await get(`/line/stats/summary?from=2026-01-01&to=2026-01-02`, manager)).statusCode).toBe(200);
    expect((await get('/line/summary/orders', manager)).statusCode).toBe(403);
  });
});
