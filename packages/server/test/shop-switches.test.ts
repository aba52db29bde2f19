// spec 000 §4: online ordering (isEnabled) and manual / automatic acceptance (isManual) are switches of their
// own (spec 000 §7 PUT /{type}/shops/{accountId}/status, POST /{type}/qcpos/shops/{accountId}/manual-accept/
// {on|off}), so a shop whose stored data fails an edit-form rule can still be switched.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, businesses } from '../src/db/schema';
import { build, scopedCast } from './helpers';

const t = await build();
const c = await scopedCast(t, { name: '阿嬤牛肉麵' });
const other = await t.createShop({ name: '老王便當', siAccountId: c.life.id });

type Headers = Record<string, string> | undefined;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/console/apis${url}`, headers, ...(payload ? { payload } : {}) });
const status = (type: string, id: number, headers: Headers, isEnabled: boolean) =>
  call('PUT', `/${type}/shops/${id}/status`, headers, { isEnabled });
const manual = (type: string, id: number, headers: Headers, onOff: 'on' | 'off') =>
  call('POST', `/${type}/qcpos/shops/${id}/manual-accept/${onOff}`, headers);
const business = async (id: number) =>
  (await t.db.select().from(businesses).where(eq(businesses.id, id)))[0]!;
const isManual = async (id: number) =>
  (await t.db.select({ v: accounts.isManual }).from(accounts).where(eq(accounts.id, id)))[0]!.v;

describe('shop switches on a shop that fails an edit-form rule (spec 000 §4)', () => {
  it('the stored shop is made invalid: the whole edit form is refused', async () => {
    // spec 000 §5 wizard step 2: email required; written straight into the database
    await t.db.update(businesses).set({ email: '' }).where(eq(businesses.id, c.id));
    const got = await call('GET', `/si/shops/${c.id}`, c.si.headers);
    expect(got.statusCode).toBe(200);
    const put = await call('PUT', `/si/shops/${c.id}`, c.si.headers, {
      businessData: got.json().businessData,
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().error.field).toBe('businessEmail');
  });

  it('si switches online ordering of its own shop anyway, and only that field changes', async () => {
    const before = await business(c.id);
    const next = !before.isEnabled;
    const res = await status('si', c.id, c.si.headers, next);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accountId: c.id, isEnabled: next });
    const after = await business(c.id);
    expect(after.isEnabled).toBe(next);
    expect({ ...after, isEnabled: before.isEnabled, updatedAt: null }).toEqual({
      ...before,
      updatedAt: null,
    });
    expect(after.email).toBe('');
    expect((await status('si', c.id, c.si.headers, !next)).statusCode).toBe(200);
    expect((await business(c.id)).isEnabled).toBe(!next);
  });

  it('si switches manual acceptance of its own shop anyway', async () => {
    expect((await manual('si', c.id, c.si.headers, 'on')).json()).toEqual({
      accountId: c.id,
      isManual: true,
    });
    expect(await isManual(c.id)).toBe(true);
    expect((await manual('si', c.id, c.si.headers, 'off')).statusCode).toBe(200);
    expect(await isManual(c.id)).toBe(false);
    expect((await business(c.id)).email).toBe('');
  });

  it('gaa switches both on the invalid shop too', async () => {
    expect((await status('gaa', c.id, c.gaa.headers, true)).statusCode).toBe(200);
    expect((await manual('gaa', c.id, c.gaa.headers, 'on')).statusCode).toBe(200);
    expect((await business(c.id)).isEnabled).toBe(true);
    expect(await isManual(c.id)).toBe(true);
  });

  it("si may not switch another SI's shop (403); nothing changes", async () => {
    const before = await business(other.account.id);
    expect((await status('si', other.account.id, c.si.headers, !before.isEnabled)).statusCode).toBe(403);
    expect((await manual('si', other.account.id, c.si.headers, 'on')).statusCode).toBe(403);
    expect((await business(other.account.id)).isEnabled).toBe(before.isEnabled);
    expect(await isManual(other.account.id)).toBe(false);
    // an si of another SI account on this shop
    expect((await status('si', c.id, c.otherSi.headers, false)).statusCode).toBe(403);
    expect((await manual('si', c.id, c.otherSi.headers, 'off')).statusCode).toBe(403);
  });
});
