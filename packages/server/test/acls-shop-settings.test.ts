// A shop manager (line) holding the `shop` acl edits its shop's info and settings with the owner's field rights;
// without it every one of those calls is 403 (spec 002 §3 "Permission values (acls)"; docs/decisions/shops.md
// "Permissions"). The acl of each path is the contract's one map (acls.ts aclForPath).
import { describe, expect, it } from 'vitest';
import { settingsFixture } from './shop-settings-fixture';

const { line, lineShop, other, id, call, save, businessRow } = await settingsFixture();
const otherId = other.account.id;

describe('settings page for a shop manager (spec 002 §3 acl `shop`, spec 001 §7 calls)', () => {
  it('with `shop`: loads the three parts of its own shop, 403 for another shop', async () => {
    for (const part of ['info', 'settings', 'large-order']) {
      const own = await call(lineShop, 'GET', `/console/${id}/${part}`);
      expect(own.statusCode, `${part} ${own.body}`).toBe(200);
      expect(own.json().accountId).toBe(id);
      expect((await call(lineShop, 'GET', `/console/${otherId}/${part}`)).statusCode, part).toBe(403);
    }
  });

  it('without `shop`: every load, save and record call is 403 and nothing is written', async () => {
    const before = await businessRow();
    for (const part of ['info', 'settings', 'large-order', 'record', 'record-action?action=update'])
      expect((await call(line, 'GET', `/console/${id}/${part}`)).statusCode, part).toBe(403);
    const res = await save(line, 'business', { table: 'business', key: 'email', value: 'no@example.com' });
    expect(res.statusCode).toBe(403);
    expect((await call(line, 'GET', `/line/accounts/${id}/label-printer`)).statusCode).toBe(403);
    expect((await businessRow()).email).toBe(before.email);
  });

  it('with `shop`: saves a field the owner may edit; a gaa/si field stays refused; another shop 403', async () => {
    const res = await save(lineShop, 'business', {
      table: 'business',
      key: 'email',
      value: 'mgr@example.com',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await businessRow()).email).toBe('mgr@example.com');
    const large = await save(lineShop, 'large-order', { table: 'large_order', key: 'amount', value: 5000 });
    expect(large.statusCode, large.body).toBe(200);
    expect((await call(lineShop, 'GET', `/console/${id}/large-order`)).json().values.large_order.amount).toBe(
      5000,
    );
    // spec 000 §6: the store code is gaa and si only; a manager has the owner's rights, not more
    const code = await save(lineShop, 'business', { table: 'business', key: 'code', value: 'X1' });
    expect(code.statusCode, code.body).toBe(403);
    const elsewhere = await save(
      lineShop,
      'business',
      { table: 'business', key: 'email', value: 'x@example.com' },
      otherId,
    );
    expect(elsewhere.statusCode).toBe(403);
  });

  it('with `shop`: reads the Record tab (the save above is there), revert stays gaa only', async () => {
    const records = await call(lineShop, 'GET', `/console/${id}/record`);
    expect(records.statusCode, records.body).toBe(200);
    const rows = records.json().records as { id: number }[];
    expect(JSON.stringify(rows)).toContain('mgr@example.com');
    const recordId = rows[0]!.id;
    expect((await call(lineShop, 'POST', `/console/${id}/record/${recordId}/revert`)).statusCode).toBe(403);
  });

  it('with `shop`: the edit page’s label-printer read (its save was already line-allowed)', async () => {
    const own = await call(lineShop, 'GET', `/line/accounts/${id}/label-printer`);
    expect(own.statusCode, own.body).toBe(200);
    expect((await call(lineShop, 'GET', `/line/accounts/${otherId}/label-printer`)).statusCode).toBe(403);
    // the path's portal is the caller's own
    expect((await call(lineShop, 'GET', `/eaa/accounts/${id}/label-printer`)).statusCode).toBe(403);
  });

  it('401 without a session on the newly line-allowed calls', async () => {
    expect((await call(null, 'GET', `/line/accounts/${id}/label-printer`)).statusCode).toBe(401);
    expect((await call(null, 'GET', `/console/${id}/large-order`)).statusCode).toBe(401);
  });
});
