// Record tab revert of every record kind (ours, not in the spec: docs/decisions/shops.md "Shop settings" Revert;
// the records are spec 001 §3 "Audit record", listed by spec 001 §2.8).
import { SHOP_SETTINGS_MESSAGES as M, ORDER_LIMIT_PAGE_DEFAULTS } from '@shopdesk/contract';
import { describe, expect, it } from 'vitest';
import { settingsFixture } from './shop-settings-fixture';

const { t, gaa, eaa, si, line, id, audits } = await settingsFixture();

type Who = { headers: Record<string, string> } | null;
const req = (who: Who, method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/console/apis${url}`, headers: who?.headers ?? {}, payload });
const revert = (recordId: number, who: Who = gaa) =>
  req(who, 'POST', `/console/${id}/record/${recordId}/revert`);
/** The newest audit record of a category. */
const last = async (resourceCode: string) =>
  (await audits()).filter((r) => r.resourceCode === resourceCode).at(-1)!;

/** A revert answers 200 and writes one audit record pointing at the reverted one. */
const expectReverted = async (recordId: number) => {
  const res = await revert(recordId);
  expect(res.statusCode, res.body).toBe(200);
  const written = (await audits()).filter((r) => r.revertOf === recordId);
  expect(written).toHaveLength(1);
  expect(res.json().auditIds).toContain(written[0]!.id);
  return written[0]!;
};
const expectRefused = async (recordId: number, message = M.revertChanged.zh) => {
  const res = await revert(recordId);
  expect(res.statusCode).toBe(409);
  expect(res.json().error.message).toBe(message);
};
const listed = async (recordId: number) =>
  (await req(gaa, 'GET', `/console/${id}/record?limit=100`))
    .json()
    .records.find((r: { id: number }) => r.id === recordId);

describe('shop edit page records (PUT /{type}/shops/{businessId})', () => {
  const shopData = async () => (await req(gaa, 'GET', `/gaa/shops/${id}`)).json().businessData;
  const setPhone = async (businessPhone: string) => {
    const res = await req(gaa, 'PUT', `/gaa/shops/${id}`, {
      businessData: { ...(await shopData()), businessPhone },
    });
    expect(res.statusCode, res.body).toBe(200);
    return last('business');
  };

  it('maps businesses.phone to the settings field and writes the old value back', async () => {
    const first = await setPhone('02-1111-2222');
    expect(first).toMatchObject({ targetTable: 'businesses', targetKey: 'phone' });
    const second = await setPhone('02-3333-4444');
    expect(await listed(second.id)).toMatchObject({ revertable: true });
    await expectRefused(first.id);
    const written = await expectReverted(second.id);
    expect(written).toMatchObject({ oldValue: '02-3333-4444', newValue: '02-1111-2222' });
    expect((await shopData()).businessPhone).toBe('02-1111-2222');
  });
});

describe('label printer (PATCH /{type}/accounts/{businessId}/label-printer)', () => {
  const setLabels = async (disabledLabel: string[]) => {
    expect((await req(gaa, 'PATCH', `/gaa/accounts/${id}/label-printer`, { disabledLabel })).statusCode).toBe(
      200,
    );
    return last('business');
  };

  it('writes the old meal types back, refused after a later change', async () => {
    const first = await setLabels(['togo']);
    const second = await setLabels(['togo', 'deliver']);
    await expectRefused(first.id);
    await expectReverted(second.id);
    expect((await req(gaa, 'GET', `/gaa/accounts/${id}/label-printer`)).json()).toEqual({
      disabledLabel: ['togo'],
    });
  });
});

describe('opening hours (PUT /{userType}/shops/{accountId}/opening-hours)', () => {
  const url = `/gaa/shops/${id}/opening-hours`;
  const period = (openDay: number, openTime: string, closeTime: string) => ({
    openDay,
    closeDay: openDay,
    openTime,
    closeTime,
  });
  const h1 = { general: [period(1, '1100', '1400')], togo: [], delivery: [] };
  const h2 = { general: [period(2, '0900', '1200')], togo: [period(3, '1000', '1100')], delivery: [] };

  it('writes the old three lists back, refused after a later change', async () => {
    await req(gaa, 'PUT', url, h1);
    const first = await last('opening-hours');
    await req(gaa, 'PUT', url, h2);
    const second = await last('opening-hours');
    await expectRefused(first.id);
    await expectReverted(second.id);
    const got = (await req(gaa, 'GET', url)).json();
    expect({ general: got.general, togo: got.togo, delivery: got.delivery }).toEqual(h1);
  });
});

describe('order limits', () => {
  // each limit on its own hours: two limits on the same slots are refused
  const bodies = new Map<number, object>();
  let made = 0;
  const create = async () => {
    made += 1;
    const start = `${String(made).padStart(2, '0')}:00`;
    const body = { account_id: id, ...ORDER_LIMIT_PAGE_DEFAULTS, time_session: { start, end: '23:00' } };
    const res = await req(gaa, 'POST', `/gaa/console/${id}/order-limits`, body);
    expect(res.statusCode).toBe(201);
    bodies.set(res.json().insertId, body);
    return { limitId: res.json().insertId as number, record: await last('order-limits') };
  };
  const update = async (limitId: number, max: number) => {
    const res = await req(gaa, 'PUT', `/console/${id}/order-limits/${limitId}`, {
      ...bodies.get(limitId),
      max_num_of_order: max,
    });
    expect(res.statusCode).toBe(200);
    return last('order-limits');
  };
  const limits = async () => (await req(gaa, 'GET', `/gaa/accounts/${id}/order-limits`)).json().orderLimits;

  it('revert of a create deletes the limit; refused once it was changed', async () => {
    const { limitId, record } = await create();
    expect(await listed(record.id)).toMatchObject({ revertable: true });
    await expectReverted(record.id);
    expect(await limits()).not.toContainEqual(expect.objectContaining({ id: limitId }));
    await expectRefused(record.id);

    const other = await create();
    await update(other.limitId, 7);
    await expectRefused(other.record.id);
  });

  it('revert of an update writes the old values back; refused after a later update', async () => {
    const { limitId } = await create();
    const first = await update(limitId, 5);
    const second = await update(limitId, 9);
    await expectRefused(first.id);
    await expectReverted(second.id);
    const row = (await limits()).find((l: { id: number }) => l.id === limitId);
    expect(row.max_num_of_order).toBe(5);
  });

  it('revert of a delete re-creates the limit once', async () => {
    const { limitId } = await create();
    await update(limitId, 3);
    expect((await req(gaa, 'DELETE', `/gaa/console/${id}/order-limits/${limitId}`)).statusCode).toBe(200);
    const removed = await last('order-limits');
    expect(removed.action).toBe('delete');
    const written = await expectReverted(removed.id);
    expect(written.action).toBe('create');
    expect(await limits()).toContainEqual(
      expect.objectContaining({ id: Number(written.targetId), max_num_of_order: 3 }),
    );
    await expectRefused(removed.id);
  });
});

describe('days off (opening-special)', () => {
  const url = `/gaa/shops/${id}/opening-special`;
  const add = async (date: string) => {
    const res = await req(gaa, 'POST', url, { date, closeDay: 100 });
    expect(res.json().created).toBe(true);
    return { dayId: res.json().specialDay.id as number, record: await last('opening-special') };
  };
  const dates = async () =>
    (await req(gaa, 'GET', url)).json().specialDays.map((d: { specialDate: string }) => d.specialDate);

  it('revert of an add deletes the day off; refused when already gone', async () => {
    const { record } = await add('2099-03-01');
    await expectReverted(record.id);
    expect(await dates()).not.toContain('2099-03-01');
    await expectRefused(record.id);
  });

  it('revert of a delete adds the day back; refused when the date is off again', async () => {
    const { dayId } = await add('2099-04-01');
    expect((await req(gaa, 'DELETE', `${url}/${dayId}`)).statusCode).toBe(200);
    const removed = await last('opening-special');
    await expectReverted(removed.id);
    expect(await dates()).toContain('2099-04-01');
    await expectRefused(removed.id);
  });
});

describe('records that stay non-revertable', () => {
  it('a binding code regeneration answers 409 這筆紀錄無法還原', async () => {
    expect((await req(gaa, 'POST', `/gaa/shops/${id}/code`)).statusCode).toBeLessThan(300);
    const record = await last('accounts');
    expect(record.targetKey).toBe('code');
    expect(await listed(record.id)).toMatchObject({ revertable: false });
    await expectRefused(record.id, M.revertUnsupported.zh);
  });
});

describe('who may revert', () => {
  it('gaa only: si and eaa get 403, no session 401, and nothing is written', async () => {
    const { id: recordId } = await last('opening-hours');
    const before = (await audits()).length;
    expect((await revert(recordId, si)).statusCode).toBe(403);
    expect((await revert(recordId, eaa)).statusCode).toBe(403);
    expect((await revert(recordId, line)).statusCode).toBe(403);
    expect((await revert(recordId, null)).statusCode).toBe(401);
    expect((await audits()).length).toBe(before);
  });
});
