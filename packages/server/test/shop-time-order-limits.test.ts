// Order limits through every path the spec names (api-calls.tsv; spec 000 §7, 001 §7, 002 §5, §7, §8).
import { ORDER_LIMIT_MESSAGES as M, ORDER_LIMIT_PAGE_DEFAULTS } from '@shopdesk/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecords } from '../src/db/schema';
import { build } from './helpers';

const t = await build();
const si = await t.createSiAccount('quickclick');
const owner = await t.createUser({ type: 'eaa', email: 'limit-owner@test.local' });
const shop = (await t.createShop({ name: '阿嬤牛肉麵', siAccountId: si.id, ownerUserId: owner.id })).account
  .id;
const other = (await t.createShop({ name: '老王便當' })).account.id;
const gaa = (await t.signedIn('gaa')).headers;
const sih = (await t.signedIn('si', { siAccountId: si.id })).headers;
const eaa = await t.signIn('limit-owner@test.local', 'eaa', 'demo-password');

const call = (method: string, url: string, headers?: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method: method as 'GET', url: `/console/apis${url}`, headers, payload: payload as object });
const body = { account_id: shop, ...ORDER_LIMIT_PAGE_DEFAULTS };
const list = async (headers = gaa) =>
  (await call('GET', `/gaa/accounts/${shop}/order-limits`, headers)).json().orderLimits;

describe('create (spec 001 §7 POST /gaa/console/{accountId}/order-limits, 000 §7 POST /{type}/accounts/{id}/order-limit)', () => {
  it('gaa creates through the console path and gets insertId', async () => {
    const res = await call('POST', `/gaa/console/${shop}/order-limits`, gaa, body);
    expect(res.statusCode).toBe(201);
    const { insertId } = res.json();
    expect(insertId).toBeGreaterThan(0);
    const [row] = await list();
    expect(row).toEqual({ id: insertId, ...body, period_session: [0, 1, 2, 3, 4, 5, 6] });
  });
  it('si and eaa create through /{type}/accounts/{id}/order-limit', async () => {
    for (const [type, headers] of [
      ['si', sih],
      ['eaa', eaa],
    ] as const) {
      const res = await call('POST', `/${type}/accounts/${shop}/order-limit`, headers, {
        ...body,
        meal_type: 'to_go',
        session_time: type === 'si' ? 15 : 30,
      });
      expect(res.statusCode).toBe(201);
    }
    expect(await list()).toHaveLength(3);
  });
  it('the gaa console path is for gaa', async () => {
    expect((await call('POST', `/gaa/console/${shop}/order-limits`, eaa, body)).statusCode).toBe(403);
  });
  it('account_id must name the path’s shop', async () => {
    const res = await call('POST', `/gaa/console/${shop}/order-limits`, gaa, { ...body, account_id: other });
    expect(res.json().error).toMatchObject({ message: M.accountMismatch.zh, field: 'account_id' });
  });
});

describe('two limits on the same slots', () => {
  it('a second identical limit is refused with 409 and nothing is added', async () => {
    const before = await list();
    const res = await call('POST', `/gaa/console/${shop}/order-limits`, gaa, body);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(M.duplicate.zh);
    // the maximum aside, same slots: still the same limit; the weekdays in another order too
    const reordered = { ...body, max_num_of_order: 9, period_session: [6, 5, 4, 3, 2, 1, 0] };
    expect((await call('POST', `/eaa/accounts/${shop}/order-limit`, eaa, reordered)).statusCode).toBe(409);
    expect(await list()).toEqual(before);
  });
  it('an update that would copy another limit is refused; updating a limit onto itself is fine', async () => {
    const rows = await list();
    const toGo30 = rows.find(
      (r: { meal_type: string; session_time: number }) => r.meal_type === 'to_go' && r.session_time === 30,
    );
    const copy = { ...body, meal_type: 'to_go', session_time: 15 };
    const res = await call('PUT', `/console/${shop}/order-limits/${toGo30.id}`, eaa, copy);
    expect(res.statusCode).toBe(409);
    const same = { ...body, meal_type: 'to_go', session_time: 30, max_num_of_order: 7 };
    expect((await call('PUT', `/console/${shop}/order-limits/${toGo30.id}`, eaa, same)).statusCode).toBe(200);
  });
});

describe('validation (spec 002 §5) answers each rule’s message', () => {
  const refused = async (over: object) => {
    const res = await call('POST', `/gaa/console/${shop}/order-limits`, gaa, { ...body, ...over });
    expect(res.statusCode).toBe(400);
    return res.json().error;
  };
  it('at least one weekday', async () => {
    expect(await refused({ period_session: [] })).toMatchObject({
      message: M.weekdayRequired.zh,
      field: 'period_session',
    });
  });
  it('start, end and interval are required', async () => {
    expect(await refused({ time_session: { start: '', end: '18:00' } })).toMatchObject({
      message: '必填',
      field: 'time_session.start',
    });
    expect(await refused({ time_session: { start: '12:00', end: '' } })).toMatchObject({
      message: '必填',
      field: 'time_session.end',
    });
    expect(await refused({ session_time: null })).toMatchObject({ message: '必填', field: 'session_time' });
    expect(await refused({ session_time: 45 })).toMatchObject({ message: '必填', field: 'session_time' });
  });
  it('per-slot count required and greater than 0', async () => {
    expect(await refused({ max_num_of_order: 0 })).toMatchObject({
      message: M.positive.zh,
      field: 'max_num_of_order',
    });
    expect(await refused({ max_num_of_order: null })).toMatchObject({ message: M.positive.zh });
  });
  it('start before end', async () => {
    expect(await refused({ time_session: { start: '18:00', end: '12:00' } })).toMatchObject({
      message: M.startBeforeEnd.zh,
      field: 'time_session.end',
    });
  });
  it('refused writes leave nothing behind', async () => {
    expect(await list()).toHaveLength(3);
  });
});

describe('read and update through each path', () => {
  it('GET /console/{accountId}/order-limits and /order-limits/{id}', async () => {
    const all = (await call('GET', `/console/${shop}/order-limits`, eaa)).json().orderLimits;
    expect(all).toHaveLength(3);
    const one = await call('GET', `/console/${shop}/order-limits/${all[0].id}`, eaa);
    expect(one.json().orderLimit).toEqual(all[0]);
  });
  it('PATCH /{type}/accounts/{accountId}/order-limits/{id}', async () => {
    const [first] = await list();
    const res = await call('PATCH', `/si/accounts/${shop}/order-limits/${first.id}`, sih, {
      ...body,
      max_num_of_order: 8,
    });
    expect(res.json()).toMatchObject({ affectedRows: 1, orderLimit: { id: first.id, max_num_of_order: 8 } });
  });
  it('PUT /console/{accountId}/order-limits/{id}', async () => {
    const [first] = await list();
    const res = await call('PUT', `/console/${shop}/order-limits/${first.id}`, eaa, {
      ...body,
      period_session: [6, 0],
      time_session: { start: '11:00', end: '14:00' },
    });
    expect(res.json().orderLimit).toMatchObject({
      period_session: [0, 6],
      time_session: { start: '11:00', end: '14:00' },
    });
  });
  it('PUT /console/{accountId}/order-limits with the id in the body', async () => {
    const [first] = await list();
    const res = await call('PUT', `/console/${shop}/order-limits`, gaa, {
      ...body,
      id: first.id,
      session_time: 60,
    });
    expect(res.json()).toMatchObject({ affectedRows: 1, orderLimit: { session_time: 60 } });
    expect((await call('PUT', `/console/${shop}/order-limits`, gaa, body)).json().error.field).toBe('id');
  });
  it('an update is validated like a create', async () => {
    const [first] = await list();
    const res = await call('PATCH', `/gaa/accounts/${shop}/order-limits/${first.id}`, gaa, {
      ...body,
      period_session: [],
    });
    expect(res.json().error.message).toBe(M.weekdayRequired.zh);
  });
  it('an unknown id, or one of another shop, is 404', async () => {
    const theirs = (
      await call('POST', `/gaa/console/${other}/order-limits`, gaa, { ...body, account_id: other })
    ).json();
    expect(
      (await call('PATCH', `/gaa/accounts/${shop}/order-limits/${theirs.insertId}`, gaa, body)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/console/${shop}/order-limits/999999`, gaa)).statusCode).toBe(404);
  });
});

describe('delete through each path', () => {
  it('DELETE /{type}/accounts/{accountId}/order-limits/{id} and /gaa/console/{accountId}/order-limits/{id}', async () => {
    const [a, b] = await list();
    expect((await call('DELETE', `/eaa/accounts/${shop}/order-limits/${a.id}`, eaa)).json()).toEqual({
      affectedRows: 1,
    });
    expect((await call('DELETE', `/gaa/console/${shop}/order-limits/${b.id}`, eaa)).statusCode).toBe(403);
    expect((await call('DELETE', `/gaa/console/${shop}/order-limits/${b.id}`, gaa)).json()).toEqual({
      affectedRows: 1,
    });
    expect((await call('DELETE', `/gaa/console/${shop}/order-limits/${b.id}`, gaa)).statusCode).toBe(404);
    expect(await list()).toHaveLength(1);
  });
});

describe('audit', () => {
  it('every write is recorded with old and new values', async () => {
    const rows = await t.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.accountId, shop), eq(auditRecords.resourceCode, 'order-limits')));
    expect(rows.map((r) => r.action).sort()).toEqual(
      ['create', 'create', 'create', 'update', 'update', 'update', 'update', 'delete', 'delete'].sort(),
    );
    const patch = rows.find(
      (r) => (r.newValue as { max_num_of_order?: number } | null)?.max_num_of_order === 8,
    )!;
    expect(patch.oldValue).toMatchObject({ max_num_of_order: 5 });
    expect(patch.newValue).toMatchObject({ max_num_of_order: 8 });
    expect(rows.find((r) => r.action === 'delete')!.newValue).toBeNull();
  });
});

describe('who may touch order limits', () => {
  it('no session is 401', async () => {
    expect((await call('GET', `/gaa/accounts/${shop}/order-limits`)).statusCode).toBe(401);
    expect((await call('POST', `/gaa/console/${shop}/order-limits`, undefined, body)).statusCode).toBe(401);
    expect((await call('GET', `/console/${shop}/order-limits`)).statusCode).toBe(401);
  });
  it('eaa of another shop is 403', async () => {
    expect((await call('GET', `/eaa/accounts/${other}/order-limits`, eaa)).statusCode).toBe(403);
    expect((await call('GET', `/console/${other}/order-limits`, eaa)).statusCode).toBe(403);
    expect((await call('POST', `/eaa/accounts/${other}/order-limit`, eaa, body)).statusCode).toBe(403);
  });
  it('line is 403', async () => {
    const line = (await t.signedIn('line', { shopAccountId: shop })).headers;
    expect((await call('GET', `/console/${shop}/order-limits`, line)).statusCode).toBe(403);
    expect((await call('GET', `/line/accounts/${shop}/order-limits`, line)).statusCode).toBe(403);
  });
  it('the {type} segment must be the caller’s portal', async () => {
    expect((await call('GET', `/gaa/accounts/${shop}/order-limits`, eaa)).statusCode).toBe(403);
  });
});
