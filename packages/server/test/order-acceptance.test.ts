// spec 000 §7, 002 §7: POST /{type}/qcpos/shops/{accountId}/manual-accept/{on|off}
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, auditRecords } from '../src/db/schema';
import { build } from './helpers';

const t = await build();
const quick = await t.createSiAccount('quickclick');
const life = await t.createSiAccount('lifeplus');
const owner = await t.signedIn('eaa');
const shop = await t.createShop({ name: '阿嬤牛肉麵', siAccountId: quick.id, ownerUserId: owner.user.id });
const other = await t.createShop({ name: '老王便當', siAccountId: life.id });

const call = (type: string, accountId: number, onOff: string, headers?: { cookie: string }) =>
  t.app.inject({
    method: 'POST',
    url: `/console/apis/${type}/qcpos/shops/${accountId}/manual-accept/${onOff}`,
    headers,
  });
const isManual = async (id: number) =>
  (await t.db.select({ v: accounts.isManual }).from(accounts).where(eq(accounts.id, id)))[0]!.v;

describe('manual acceptance switch', () => {
  it('gaa turns manual acceptance on and off; each change is an audit record', async () => {
    const gaa = await t.signedIn('gaa');
    const on = await call('gaa', shop.account.id, 'on', gaa.headers);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ accountId: shop.account.id, isManual: true });
    expect(await isManual(shop.account.id)).toBe(true);
    expect((await call('gaa', shop.account.id, 'off', gaa.headers)).json().isManual).toBe(false);
    expect(await isManual(shop.account.id)).toBe(false);
    const records = await t.db.select().from(auditRecords).where(eq(auditRecords.accountId, shop.account.id));
    expect(records.filter((r) => r.targetKey === 'is_manual').map((r) => r.newValue)).toEqual([true, false]);
  });

  it('the owner (eaa) and the shop’s SI may switch it; another SI’s or owner’s shop is 403', async () => {
    expect((await call('eaa', shop.account.id, 'on', owner.headers)).statusCode).toBe(200);
    expect((await call('eaa', other.account.id, 'on', owner.headers)).statusCode).toBe(403);
    const si = await t.signedIn('si', { siAccountId: quick.id });
    expect((await call('si', shop.account.id, 'off', si.headers)).statusCode).toBe(200);
    expect((await call('si', other.account.id, 'off', si.headers)).statusCode).toBe(403);
    expect(await isManual(other.account.id)).toBe(false);
  });

  it('refuses no session (401), a line user (403), another portal’s path (403) and a bad switch (400)', async () => {
    expect((await call('gaa', shop.account.id, 'on')).statusCode).toBe(401);
    const line = await t.signedIn('line', { shopAccountId: shop.account.id });
    expect((await call('eaa', shop.account.id, 'on', line.headers)).statusCode).toBe(403);
    expect((await call('gaa', shop.account.id, 'on', owner.headers)).statusCode).toBe(403);
    expect((await call('eaa', shop.account.id, 'maybe', owner.headers)).statusCode).toBe(400);
    expect((await call('gaa', 999999, 'on', (await t.signedIn('gaa')).headers)).statusCode).toBe(404);
  });
});
