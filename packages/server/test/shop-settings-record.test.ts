// Record tab: audit rows of the settings saves, filters by category and action, and the gaa revert
// (spec 001 §2.8, §3 "Audit record", §7 record calls; the revert is ours, docs/decisions/shops.md)
import { describe, expect, it } from 'vitest';
import { writeAudit } from '../src/features/platform/audit/write-audit';
import { settingsFixture } from './shop-settings-fixture';

const { t, gaa, eaa, si, line, other, id, call, save, businessRow } = await settingsFixture();

const saveEmail = (value: string) =>
  save(gaa, 'business', { table: 'business', key: 'email', value, label: '商店電子郵件' });
const records = (query = '', path = 'record') => call(gaa, 'GET', `/console/${id}/${path}${query}`);

await saveEmail('first@example.com');
await save(gaa, 'large-order', { table: 'large_order', key: 'qty', value: 50 });
await call(gaa, 'PATCH', `/gaa/accounts/${id}/business-toggle`, { key: 'is_groupbuy', value: true });
// Another feature's record of the same shop (a create, not revertable from here)
await writeAudit(
  t.db,
  { id: null, name: 'system', type: 'gaa' },
  {
    accountId: id,
    resourceCode: 'qrcode',
    action: 'create',
    displayName: '桌號',
    displayLog: '桌號：A1',
  },
);

describe('record list (spec 001 §2.8)', () => {
  it('lists the shop’s records newest first, with content lines and old/new values', async () => {
    const page = (await records()).json();
    expect(page.total).toBe(4);
    expect(page.records.map((r: { displayName: string }) => r.displayName)).toEqual([
      '桌號',
      '團購',
      '大量訂單數量',
      '商店電子郵件',
    ]);
    const email = page.records[3];
    expect(email).toMatchObject({
      userName: gaa.user.name,
      consoleType: 'gaa',
      resourceCode: 'business',
      action: 'update',
      displayLog: '商店電子郵件：beef@example.com → first@example.com',
      oldValue: 'beef@example.com',
      newValue: 'first@example.com',
      revertable: true,
    });
    expect(new Date(email.createdAt).toString()).not.toBe('Invalid Date');
    expect(page.records[0].revertable).toBe(false);
    expect(page.resourceCodes).toEqual(['business', 'large_order', 'qrcode']);
  });

  it('pages with offset and limit', async () => {
    const page = (await records('?offset=1&limit=2')).json();
    expect(page.total).toBe(4);
    expect(page.records.map((r: { displayName: string }) => r.displayName)).toEqual(['團購', '大量訂單數量']);
  });

  it('filters by category (record-resource) and by action (record-action)', async () => {
    const byResource = (await records('?resourceCode=large_order', 'record-resource')).json();
    expect(byResource.total).toBe(1);
    expect(byResource.records[0]).toMatchObject({ targetKey: 'qty', oldValue: 999, newValue: 50 });
    const byAction = (await records('?action=create', 'record-action')).json();
    expect(byAction.records.map((r: { resourceCode: string }) => r.resourceCode)).toEqual(['qrcode']);
    expect((await records('?action=rename', 'record-action')).statusCode).toBe(400);
  });

  it('is scoped to the shops the caller may open', async () => {
    expect((await call(eaa, 'GET', `/console/${id}/record`)).statusCode).toBe(200);
    expect((await call(eaa, 'GET', `/console/${other.account.id}/record`)).statusCode).toBe(403);
    expect((await call(line, 'GET', `/console/${id}/record-action?action=update`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `/console/${id}/record-resource?resourceCode=business`)).statusCode).toBe(
      401,
    );
  });
});

describe('revert from a row (ours: POST /console/{id}/record/{recordId}/revert)', () => {
  const emailRecord = async () =>
    (await records('?resourceCode=business', 'record-resource'))
      .json()
      .records.find((r: { targetKey: string }) => r.targetKey === 'email');

  it('writes the old value back as a new audit record pointing at the old one', async () => {
    await saveEmail('second@example.com');
    const record = await emailRecord();
    const res = await call(gaa, 'POST', `/console/${id}/record/${record.id}/revert`);
    expect(res.statusCode).toBe(200);
    expect(res.json().changes).toEqual([{ table: 'business', key: 'email', value: 'first@example.com' }]);
    expect((await businessRow()).email).toBe('first@example.com');
    const newest = (await records()).json().records[0];
    expect(newest).toMatchObject({
      revertOf: record.id,
      oldValue: 'second@example.com',
      newValue: 'first@example.com',
    });
  });

  it('is refused with 409 once the value has changed since the record', async () => {
    await saveEmail('third@example.com');
    const older = (await records('?resourceCode=business', 'record-resource'))
      .json()
      .records.find((r: { newValue: string }) => r.newValue === 'second@example.com');
    const res = await call(gaa, 'POST', `/console/${id}/record/${older.id}/revert`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('此項目在這筆紀錄之後已被修改，無法還原');
    expect((await businessRow()).email).toBe('third@example.com');
  });

  it('refuses records it cannot write back, and records of another shop', async () => {
    const create = (await records('?action=create', 'record-action')).json().records[0];
    expect((await call(gaa, 'POST', `/console/${id}/record/${create.id}/revert`)).statusCode).toBe(409);
    const record = await emailRecord();
    expect(
      (await call(gaa, 'POST', `/console/${other.account.id}/record/${record.id}/revert`)).statusCode,
    ).toBe(404);
  });

  it('is gaa only', async () => {
    const record = await emailRecord();
    for (const who of [eaa, si, line]) {
      expect((await call(who, 'POST', `/console/${id}/record/${record.id}/revert`)).statusCode).toBe(403);
    }
    expect((await call(null, 'POST', `/console/${id}/record/${record.id}/revert`)).statusCode).toBe(401);
  });
});
