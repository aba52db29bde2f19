// Settings page: loads, search, field saves through the allow-list and role scoping
// (spec 001 §1, §2.1, §2.2, §5, §7, §8; 002 §7 Admin tools)
import { describe, expect, it } from 'vitest';
import { settingsFixture } from './shop-settings-fixture';

const { gaa, eaa, si, line, other, id, call, save, businessRow, accountRow, audits } =
  await settingsFixture();

describe('loads (spec 001 §7)', () => {
  it('answers 401 without a session', async () => {
    expect((await call(null, 'GET', `/console/${id}/info`)).statusCode).toBe(401);
    expect(
      (
        await call(null, 'PUT', `/console/${id}/business`, {
          label: 'x',
          table: 'business',
          key: 'email',
          value: 'a@b.co',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('gives the account, business and large-order values keyed as the saves name them', async () => {
    const info = (await call(gaa, 'GET', `/console/${id}/info`)).json();
    expect(info).toMatchObject({
      accountId: id,
      name: '阿嬤牛肉麵',
      values: { accounts: { sys_closed: false, line_basic_id: '' }, account_sso: { shop_id: '' } },
    });
    const settings = (await call(gaa, 'GET', `/console/${id}/settings`)).json();
    expect(settings.values.both).toEqual({ name: '阿嬤牛肉麵' });
    expect(settings.values.business).toMatchObject({
      email: 'beef@example.com',
      is_eat_in: true,
      reset_time: '00:10',
      default_meal_type: 'to_go',
    });
    // spec 001 §2.2: large-order defaults 99999 and 999
    const large = (await call(gaa, 'GET', `/console/${id}/large-order`)).json();
    expect(large.values.large_order).toEqual({ amount: 99999, qty: 999 });
  });

  it('lets an eaa open its own shop only; a manager without the shop acl gets 403 (spec 001 §6, 002 §3)', async () => {
    expect((await call(eaa, 'GET', `/console/${id}/settings`)).statusCode).toBe(200);
    expect((await call(eaa, 'GET', `/console/${other.account.id}/settings`)).statusCode).toBe(403);
    expect((await call(si, 'GET', `/console/${other.account.id}/info`)).statusCode).toBe(403);
    expect((await call(line, 'GET', `/console/${id}/info`)).statusCode).toBe(403);
  });
});

describe('search (spec 001 §7 GET /gaa/console/accounts/{search})', () => {
  it('matches id, store-system shop id and name, with concatName', async () => {
    const byName = (await call(gaa, 'GET', `/gaa/console/accounts/${encodeURIComponent('便當')}`)).json();
    expect(byName).toEqual([
      {
        id: other.account.id,
        shop_id: 'S-777',
        shop_name: '老王便當',
        concatName: `${other.account.id} - 老王便當 (S-777)`,
      },
    ]);
    expect((await call(gaa, 'GET', '/gaa/console/accounts/S-77')).json()[0].id).toBe(other.account.id);
    expect((await call(gaa, 'GET', `/gaa/console/accounts/${id}`)).json()[0].id).toBe(id);
    expect((await call(gaa, 'GET', '/gaa/console/accounts/%25')).json()).toEqual([]);
  });
  it('is gaa only', async () => {
    for (const who of [si, eaa, line])
      expect((await call(who, 'GET', '/gaa/console/accounts/x')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/gaa/console/accounts/x')).statusCode).toBe(401);
  });
});

type Case = [
  path: string,
  table: string,
  key: string,
  good: unknown,
  read: () => Promise<unknown>,
  stored: unknown,
  bad: unknown,
  message: string,
];
const cases: Case[] = [
  [
    'business',
    'business',
    'email',
    'new@example.com',
    async () => (await businessRow()).email,
    'new@example.com',
    'not-an-email',
    '商店電子郵件格式錯誤',
  ],
  [
    'business',
    'business',
    'reset_time',
    '08:00',
    async () => (await businessRow()).resetTime,
    '08:00:00',
    '24:00',
    '格式錯誤',
  ],
  [
    'business',
    'business',
    'start_number',
    5,
    async () => (await businessRow()).orderStartNumber,
    5,
    0,
    '訂單起始編號請輸入大於等於1的數字',
  ],
  [
    'business',
    'business',
    'eat_in_offline_notice',
    '今日公休<br>明日見',
    async () => (await businessRow()).notices.eat_in_offline_notice,
    '今日公休<br>明日見',
    '<b>x</b>',
    '公告內容只能包含換行',
  ],
  [
    'accounts',
    'accounts',
    'line_basic_id',
    '@beef',
    async () => (await accountRow()).lineBasicId,
    '@beef',
    'x'.repeat(51),
    'LINE ID最多50個字',
  ],
  [
    'accounts',
    'both',
    'name',
    '阿嬤牛肉麵 二店',
    async () => (await businessRow()).name,
    '阿嬤牛肉麵 二店',
    '',
    '請輸入店名',
  ],
  [
    'business-info',
    'business_info',
    'business_name',
    '阿嬤有限公司',
    async () => (await businessRow()).companyName,
    '阿嬤有限公司',
    'x'.repeat(101),
    '公司名稱最多100個字',
  ],
  [
    'business-info',
    'business_info',
    'tax_id_number',
    '24536806',
    async () => (await businessRow()).invoice,
    '24536806',
    '123456789',
    '統一編號最多8個字',
  ],
  [
    'account-sso',
    'account_sso',
    'shop_id',
    'S-001',
    async () => (await accountRow()).shopId,
    'S-001',
    42,
    '請輸入店家系統編號',
  ],
  [
    'large-order',
    'large_order',
    'amount',
    5000,
    async () => (await businessRow()).largeOrderAmount,
    5000,
    -1,
    '大量訂單金額請輸入大於等於0的數字',
  ],
];

describe('field saves (spec 001 §7: PUT /console/{id}/…, body label, table, key, value)', () => {
  it.each(cases)(
    'PUT %s %s.%s: a good value is written and audited',
    async (path, table, key, good, read, stored) => {
      const before = (await audits()).length;
      const res = await save(gaa, path, { table, key, value: good, label: key });
      expect(res.statusCode).toBe(200);
      expect(res.json().changes).toEqual([{ table, key, value: good }]);
      expect(await read()).toEqual(stored);
      const rows = await audits();
      expect(rows.length).toBe(before + 1);
      expect(rows.at(-1)).toMatchObject({
        resourceCode: table,
        action: 'update',
        targetTable: table,
        targetKey: key,
        newValue: good,
        userName: gaa.user.name,
      });
      expect(rows.at(-1)!.displayLog).toContain('→');
    },
  );

  it.each(cases)(
    'PUT %s %s.%s: a bad value is refused with its message, nothing written',
    async (path, table, key, _good, read, stored, bad, message) => {
      const before = (await audits()).length;
      const res = await save(gaa, path, { table, key, value: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ message, field: key });
      expect(await read()).toEqual(stored);
      expect((await audits()).length).toBe(before);
    },
  );

  it('an unknown table or key is a 400 and never a write (the allow-list)', async () => {
    const before = await businessRow();
    const n = (await audits()).length;
    const tries = [
      ['business', { table: 'business', key: 'owner_user_id', value: 1 }, '不支援的欄位'],
      ['business', { table: 'users', key: 'email', value: 'x@y.z' }, '不支援的資料表'],
      ['business', { table: 'accounts', key: 'line_basic_id', value: '@x' }, '此欄位不屬於這個資料表'],
      ['accounts', { table: 'business', key: 'email', value: 'x@y.z' }, '此欄位不屬於這個資料表'],
    ] as const;
    for (const [path, body, message] of tries) {
      const res = await save(gaa, path, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(await businessRow()).toEqual(before);
    expect((await audits()).length).toBe(n);
  });

  it('gaa-only fields are refused for eaa and si (spec 001 §2.1), open fields are not', async () => {
    for (const [path, table, key, value] of [
      ['account-sso', 'account_sso', 'shop_id', 'E-1'],
      ['accounts', 'both', 'name', '改名'],
      ['accounts', 'accounts', 'line_add_friend_url', 'https://lin.ee/x'],
    ] as const) {
      expect((await save(eaa, path, { table, key, value })).statusCode).toBe(403);
    }
    expect((await save(eaa, 'business', { table: 'business', key: 'code', value: 'E-1' })).statusCode).toBe(
      403,
    );
    expect((await save(si, 'business', { table: 'business', key: 'code', value: 'SI-1' })).statusCode).toBe(
      200,
    );
    expect(
      (await save(eaa, 'business', { table: 'business', key: 'phone', value: '02-1111-2222' })).statusCode,
    ).toBe(200);
    expect(
      (await save(eaa, 'business', { table: 'business', key: 'phone', value: '1' }, other.account.id))
        .statusCode,
    ).toBe(403);
    expect((await save(line, 'business', { table: 'business', key: 'phone', value: '1' })).statusCode).toBe(
      403,
    );
  });
});
