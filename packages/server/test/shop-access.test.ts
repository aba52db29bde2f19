// The one authorisation rule for shops (issue: gaa any, si its SI's shops, eaa its own, line its one shop).
import { describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema';
import { requireShop, shopScopeCondition } from '../src/plugins/app/shop-access';
import { build } from './helpers';

const t = await build();
const quick = await t.createSiAccount('quickclick');
const life = await t.createSiAccount('lifeplus');
const owner = await t.createUser({ type: 'eaa', email: 'owner-a@test.local' });
const otherOwner = await t.createUser({ type: 'eaa', email: 'owner-b@test.local' });
const mine = await t.createShop({ name: '阿嬤牛肉麵', siAccountId: quick.id, ownerUserId: owner.id });
const theirs = await t.createShop({ name: '老王便當', siAccountId: life.id, ownerUserId: otherOwner.id });

const caller = (
  type: 'gaa' | 'si' | 'eaa' | 'line',
  extra: Partial<{ id: number; siAccountId: number; shopAccountId: number }> = {},
) => ({
  id: extra.id ?? 999,
  type,
  siAccountId: extra.siAccountId ?? null,
  shopAccountId: extra.shopAccountId ?? null,
});

const outcome = async (c: ReturnType<typeof caller>, accountId: number) =>
  requireShop(t.db, c, accountId).then(
    () => 'allowed',
    (err: { status: number }) => err.status,
  );

describe('shop access', () => {
  it('gaa may touch any shop', async () => {
    expect(await outcome(caller('gaa'), mine.account.id)).toBe('allowed');
    expect(await outcome(caller('gaa'), theirs.account.id)).toBe('allowed');
  });
  it('si may touch its SI account’s shops only', async () => {
    expect(await outcome(caller('si', { siAccountId: quick.id }), mine.account.id)).toBe('allowed');
    expect(await outcome(caller('si', { siAccountId: quick.id }), theirs.account.id)).toBe(403);
  });
  it('eaa may touch the shops it owns only', async () => {
    expect(await outcome(caller('eaa', { id: owner.id }), mine.account.id)).toBe('allowed');
    expect(await outcome(caller('eaa', { id: owner.id }), theirs.account.id)).toBe(403);
  });
  it('line may touch its one shop only', async () => {
    expect(await outcome(caller('line', { shopAccountId: mine.account.id }), mine.account.id)).toBe(
      'allowed',
    );
    expect(await outcome(caller('line', { shopAccountId: mine.account.id }), theirs.account.id)).toBe(403);
  });
  it('an unknown shop is 404', async () => {
    expect(await outcome(caller('gaa'), 987654)).toBe(404);
  });
  it('the list condition selects the same shops as the rule', async () => {
    const ids = async (c: ReturnType<typeof caller>) =>
      (await t.db.select({ id: accounts.id }).from(accounts).where(shopScopeCondition(c)))
        .map((r) => r.id)
        .sort();
    expect(await ids(caller('gaa'))).toEqual([mine.account.id, theirs.account.id].sort());
    expect(await ids(caller('si', { siAccountId: life.id }))).toEqual([theirs.account.id]);
    expect(await ids(caller('eaa', { id: owner.id }))).toEqual([mine.account.id]);
    expect(await ids(caller('line', { shopAccountId: theirs.account.id }))).toEqual([theirs.account.id]);
    expect(await ids(caller('si'))).toEqual([]);
  });
});
