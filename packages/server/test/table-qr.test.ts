// Table QR codes: generate, list, delete and who may (spec 000 §2 "Table QR code screen", §5 QR, §7 Shops).
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecords } from '../src/db/schema';
import { build } from './helpers';

const t = await build();
const quick = await t.createSiAccount('quickclick');
const life = await t.createSiAccount('lifeplus');
const owner = await t.signedIn('eaa');
const shop = await t.createShop({ name: '阿嬤牛肉麵', siAccountId: quick.id, ownerUserId: owner.user.id });
const other = await t.createShop({ name: '老王便當', siAccountId: life.id });
const gaa = await t.signedIn('gaa');
const id = shop.account.id;

const post = (body: unknown, headers = gaa.headers, type = 'gaa', shopId = id) =>
  t.app.inject({
    method: 'POST',
    url: `/console/apis/${type}/shops/${shopId}/qrcode`,
    headers,
    payload: body as object,
  });
const list = async (headers = gaa.headers, type = 'gaa', shopId = id) =>
  t.app.inject({ method: 'GET', url: `/console/apis/${type}/shops/${shopId}/qrcode`, headers });
const del = (qrId: number, headers = gaa.headers, type = 'gaa') =>
  t.app.inject({ method: 'DELETE', url: `/console/apis/${type}/qrcode/${qrId}`, headers });

describe('generate and list (spec 000 §7 Shops)', () => {
  it('creates eat-in and to-go codes with their links and insert ids', async () => {
    const res = await post([
      { tableNumber: 'A1', qrType: 'eatIn', webVersion: 2 },
      { tableNumber: '5', qrType: 'toGo', webVersion: 1 },
    ]);
    expect(res.statusCode).toBe(201);
    const { results } = res.json();
    expect(results).toHaveLength(2);
    expect(results[0]).toMatchObject({ tableNumber: 'A1', qrType: 'eatIn', webVersion: 2, accountId: id });
    expect(results[0].insertQrcodeRes.insertId).toEqual(expect.any(Number));
    expect(results[0].endpoint).toBe(`http://localhost:80/shop/${id}/menu`);
    expect(results[0].link).toBe(`http://localhost:80/shop/${id}/menu?mealType=eat_in&table=A1&v=2`);
    expect(results[1].link).toContain('mealType=to_go&table=5&v=1');
  });

  it('lists the codes with id, table number, type, web version, endpoint, account and link', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const rows = res.json().results;
    expect(rows.map((r: { tableNumber: string }) => r.tableNumber)).toEqual(['A1', '5']);
    expect(Object.keys(rows[0]).sort()).toEqual(
      ['accountId', 'endpoint', 'id', 'link', 'qrType', 'tableNumber', 'webVersion'].sort(),
    );
  });

  it('the retail page sends only the table number: an eat-in code for web version 2 (spec 000 §2)', async () => {
    const res = await post([{ tableNumber: 'R7' }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().results[0]).toMatchObject({ tableNumber: 'R7', qrType: 'eatIn', webVersion: 2 });
  });

  it('audits every created code', async () => {
    const rows = await t.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.accountId, id), eq(auditRecords.resourceCode, 'qrcode')));
    expect(rows.filter((r) => r.action === 'create')).toHaveLength(3);
    expect(rows[0]!.displayLog).toContain('桌號 A1');
    expect(rows[0]!.newValue).toEqual({ tableNumber: 'A1', qrType: 'eatIn', webVersion: 2 });
  });
});

describe('rules (spec 000 §5 QR)', () => {
  it('refuses a table number already used in the same mode: 桌號重複', async () => {
    const res = await post([{ tableNumber: 'A1', qrType: 'eatIn', webVersion: 1 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ message: '桌號重複', messageEn: expect.any(String) });
  });

  it('refuses the same table twice in one request: 桌號重複', async () => {
    const res = await post([{ tableNumber: 'B1' }, { tableNumber: ' B1 ' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('桌號重複');
    expect((await list()).json().results.some((r: { tableNumber: string }) => r.tableNumber === 'B1')).toBe(
      false,
    );
  });

  it('accepts the same table number in the other mode', async () => {
    const res = await post([{ tableNumber: 'A1', qrType: 'toGo', webVersion: 2 }]);
    expect(res.statusCode).toBe(201);
  });

  it('refuses an empty table number: 桌號不能空白', async () => {
    for (const tableNumber of ['', '   ']) {
      const res = await post([{ tableNumber, qrType: 'eatIn', webVersion: 2 }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        message: '桌號不能空白',
        messageEn: 'Table number is required',
      });
    }
    const missing = await post([{ qrType: 'eatIn', webVersion: 2 }]);
    expect(missing.json().error.message).toBe('桌號不能空白');
  });

  it('refuses an unknown web version or mode', async () => {
    expect((await post([{ tableNumber: 'X', webVersion: 3 }])).statusCode).toBe(400);
    expect((await post([{ tableNumber: 'X', qrType: 'delivery' }])).statusCode).toBe(400);
  });
});

describe('delete (spec 000 §7 DELETE /{type}/qrcode/{id})', () => {
  it('deletes a code, audits it, and it is gone from the list', async () => {
    const created = (await post([{ tableNumber: 'D1' }])).json().results[0].insertQrcodeRes.insertId;
    const res = await del(created);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: created });
    expect((await list()).json().results.map((r: { id: number }) => r.id)).not.toContain(created);
    const [audit] = await t.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.targetId, String(created)), eq(auditRecords.action, 'delete')));
    expect(audit).toMatchObject({
      accountId: id,
      oldValue: { tableNumber: 'D1', qrType: 'eatIn', webVersion: 2 },
    });
  });

  it('an unknown code is 404', async () => {
    expect((await del(987654)).statusCode).toBe(404);
  });
});

describe('who may (spec 000 §6; shop access rule)', () => {
  const someCode = async () => (await list()).json().results[0].id as number;

  it('no session is 401', async () => {
    expect((await list({} as never)).statusCode).toBe(401);
    expect((await post([{ tableNumber: 'Z' }], {} as never)).statusCode).toBe(401);
    expect((await del(await someCode(), {} as never)).statusCode).toBe(401);
  });

  it('line users are 403 (the QR page is gaa, si and eaa)', async () => {
    const line = await t.signedIn('line', { shopAccountId: id });
    expect((await list(line.headers, 'line')).statusCode).toBe(403);
    expect((await post([{ tableNumber: 'Z' }], line.headers, 'line')).statusCode).toBe(403);
    expect((await del(await someCode(), line.headers, 'line')).statusCode).toBe(403);
  });

  it('si of the shop’s SI may; si of another SI is 403', async () => {
    const mine = await t.signedIn('si', { siAccountId: quick.id });
    expect((await list(mine.headers, 'si')).statusCode).toBe(200);
    const theirs = await t.signedIn('si', { siAccountId: life.id });
    expect((await list(theirs.headers, 'si')).statusCode).toBe(403);
    expect((await post([{ tableNumber: 'Z' }], theirs.headers, 'si')).statusCode).toBe(403);
    expect((await del(await someCode(), theirs.headers, 'si')).statusCode).toBe(403);
    expect((await list(theirs.headers, 'si', other.account.id)).statusCode).toBe(200);
  });

  it('eaa owner may; eaa of another owner is 403', async () => {
    const me = owner.headers;
    expect((await post([{ tableNumber: 'E1' }], me, 'eaa')).statusCode).toBe(201);
    const stranger = await t.signedIn('eaa');
    expect((await list(stranger.headers, 'eaa')).statusCode).toBe(403);
    expect((await post([{ tableNumber: 'Z' }], stranger.headers, 'eaa')).statusCode).toBe(403);
    expect((await del(await someCode(), stranger.headers, 'eaa')).statusCode).toBe(403);
  });

  it('the path type must be the caller’s own portal', async () => {
    const me = owner.headers;
    expect((await list(me, 'gaa')).statusCode).toBe(403);
  });

  it('an unknown shop is 404', async () => {
    expect((await list(gaa.headers, 'gaa', 987654)).statusCode).toBe(404);
  });
});

describe('contract', () => {
  it('the OpenAPI document lists the calls of the spec (api-calls.tsv, area table-qr)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/console/apis/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/console/apis/{type}/shops/{id}/qrcode',
        '/console/apis/{type}/qrcode/{id}',
        '/console/apis/{type}/qrcode-example',
        '/console/apis/excel-upload',
        '/console/apis/excel-json/{id}',
      ]),
    );
  });
});
