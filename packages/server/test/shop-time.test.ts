// Service time, days off and business timing (spec 001 §2.3, §3, §5, §7, §8).
import { makePeriod, OPENING_MESSAGES, SHOP_PROFILE_MESSAGES, TIMING_MESSAGES } from '@shopdesk/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecords } from '../src/db/schema';
import { build } from './helpers';

const t = await build();
const si = await t.createSiAccount('quickclick');
const owner = await t.createUser({ type: 'eaa', email: 'time-owner@test.local' });
const shop = (await t.createShop({ name: '阿嬤牛肉麵', siAccountId: si.id, ownerUserId: owner.id })).account
  .id;
const other = (await t.createShop({ name: '老王便當' })).account.id;
const gaa = await t.signedIn('gaa');
const eaa = await t.signIn('time-owner@test.local', 'eaa', 'demo-password');

const call = (method: string, url: string, headers?: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method: method as 'GET', url: `/console/apis${url}`, headers, payload: payload as object });
const audits = (resourceCode: string, accountId = shop) =>
  t.db
    .select()
    .from(auditRecords)
    .where(and(eq(auditRecords.accountId, accountId), eq(auditRecords.resourceCode, resourceCode)));

describe('opening hours (spec 001 §7 GET/PUT /{userType}/shops/{accountId}/opening-hours)', () => {
  const url = `/gaa/shops/${shop}/opening-hours`;

  it('a shop that never saved is open all day, every day', async () => {
    const res = await call('GET', url, gaa.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().savedAt).toBeNull();
    expect(res.json().general).toHaveLength(7);
    expect(res.json().general[0]).toEqual({ openDay: 0, closeDay: 1, openTime: '0000', closeTime: '0000' });
  });

  it('round-trips the three lists, with a period past midnight and custom vs same as default', async () => {
    const hours = {
      general: [makePeriod(5, '2200', '0200'), makePeriod(1, '1100', '1400')],
      togo: [makePeriod(1, '1100', '1300')], // custom
      delivery: [], // same as default
    };
    const put = await call('PUT', url, gaa.headers, hours);
    expect(put.statusCode).toBe(200);
    const got = (await call('GET', url, gaa.headers)).json();
    // stored by weekday, then time
    expect(got.general).toEqual([
      { openDay: 1, closeDay: 1, openTime: '1100', closeTime: '1400' },
      { openDay: 5, closeDay: 6, openTime: '2200', closeTime: '0200' },
    ]);
    expect(got.togo).toEqual(hours.togo);
    expect(got.delivery).toEqual([]);
    expect(got.savedAt).not.toBeNull();

    const [row] = await audits('opening-hours');
    expect(row).toMatchObject({ action: 'create', userName: gaa.user.name });
    expect((row!.newValue as { togo: unknown }).togo).toEqual(hours.togo);
    expect(row!.displayLog).toContain('五 22:00-02:00(隔天)');
  });

  it('an update is audited with the old and new lists', async () => {
    const before = (await call('GET', url, gaa.headers)).json();
    await call('PUT', url, gaa.headers, { general: before.general, togo: [], delivery: [] });
    const rows = await audits('opening-hours');
    const last = rows.at(-1)!;
    expect(last.action).toBe('update');
    expect((last.oldValue as { togo: unknown[] }).togo).toHaveLength(1);
    expect((last.newValue as { togo: unknown[] }).togo).toEqual([]);
  });

  it('refuses bad periods with the rule’s message', async () => {
    const bad = async (general: unknown[]) =>
      (await call('PUT', url, gaa.headers, { general, togo: [], delivery: [] })).json().error;
    expect((await bad([{ openDay: 1, closeDay: 1, openTime: '2500', closeTime: '1000' }])).message).toBe(
      OPENING_MESSAGES.timeFormat.zh,
    );
    expect((await bad([{ openDay: 1, closeDay: 1, openTime: '2200', closeTime: '0200' }])).message).toBe(
      OPENING_MESSAGES.closeDay.zh,
    );
    const overlap = await bad([makePeriod(1, '2200', '0300'), makePeriod(2, '0100', '0500')]);
    expect(overlap).toMatchObject({ message: OPENING_MESSAGES.overlap.zh, field: 'general.1.openTime' });
  });

  it('the path type must be the caller’s own portal', async () => {
    expect((await call('GET', `/eaa/shops/${shop}/opening-hours`, gaa.headers)).statusCode).toBe(403);
  });
});

describe('days off (spec 001 §7 opening-special)', () => {
  const url = `/eaa/shops/${shop}/opening-special`;

  it('adds, lists and deletes a day off (closeDay 100)', async () => {
    const add = await call('POST', url, eaa, { date: '2099-01-02', closeDay: 100 });
    expect(add.statusCode).toBe(200);
    expect(add.json()).toMatchObject({
      created: true,
      specialDay: { specialDate: '2099-01-02', closeDay: 100 },
    });
    await call('POST', url, eaa, { date: '2099-01-01' });
    const list = (await call('GET', url, eaa)).json().specialDays;
    expect(list.map((d: { specialDate: string }) => d.specialDate)).toEqual(['2099-01-01', '2099-01-02']);

    const id = add.json().specialDay.id;
    expect((await call('DELETE', `${url}/${id}`, eaa)).json()).toEqual({ affectedRows: 1 });
    expect((await call('GET', url, eaa)).json().specialDays).toHaveLength(1);
    expect((await call('DELETE', `${url}/${id}`, eaa)).statusCode).toBe(404);

    const rows = await audits('opening-special');
    expect(rows.map((r) => r.action)).toEqual(['create', 'create', 'delete']);
    expect(rows[2]).toMatchObject({ oldValue: { specialDate: '2099-01-02', closeDay: 100 }, newValue: null });
  });

  it('adding a date that is already off changes nothing', async () => {
    const again = await call('POST', url, eaa, { date: '2099-01-01' });
    expect(again.json()).toMatchObject({ created: false, specialDay: { specialDate: '2099-01-01' } });
    expect((await call('GET', url, eaa)).json().specialDays).toHaveLength(1);
  });

  it('a special day needs a chosen, real, coming date (spec 001 §5)', async () => {
    for (const date of ['', '2099-02-30', undefined])
      expect((await call('POST', url, eaa, { date })).json().error.message).toBe('請選擇日期');
    expect((await call('POST', url, eaa, { date: '2001-01-01' })).json().error.message).toBe(
      '不能選擇已過去的日期',
    );
    expect((await call('POST', url, eaa, { date: '2099-03-01', closeDay: 3 })).statusCode).toBe(400);
  });

  it('a day off of another shop cannot be deleted through this one', async () => {
    const theirs = (
      await call('POST', `/gaa/shops/${other}/opening-special`, gaa.headers, { date: '2099-05-05' })
    ).json();
    const res = await call(
      'DELETE',
      `/gaa/shops/${shop}/opening-special/${theirs.specialDay.id}`,
      gaa.headers,
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('business timing (PUT /{userType}/shops/{accountId}/timing, spec 001 §5)', () => {
  const url = `/gaa/shops/${shop}/timing`;
  const base = {
    eat_in_waiting_time: 10,
    to_go_waiting_time: 15,
    delivery_waiting_time: 40,
    time_sector_days: 2,
    time_sector_length: 15,
  };
  const save = (over: object) => call('PUT', url, gaa.headers, { ...base, ...over });

  it('saves preparation minutes, days and interval, audited field by field', async () => {
    const res = await save({});
    expect(res.statusCode).toBe(200);
    expect((await call('GET', url, gaa.headers)).json()).toMatchObject({
      ...base,
      time_obj_sectors: [{ start: '00:00', end: '23:59' }],
    });
    const rows = await audits('business');
    const days = rows.find((r) => r.targetKey === 'time_sector_days')!;
    expect(days).toMatchObject({ oldValue: 1, newValue: 2, action: 'update' });
  });

  it('interval 0 is refused', async () => {
    const res = await save({ time_sector_length: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      message: SHOP_PROFILE_MESSAGES.intervalPositive.zh,
      field: 'time_sector_length',
    });
  });
  it('31 reservable days are refused; 0 and 30 are taken', async () => {
    expect((await save({ time_sector_days: 31 })).json().error.message).toBe(TIMING_MESSAGES.daysMax.zh);
    expect((await save({ time_sector_days: -1 })).json().error.message).toBe(
      SHOP_PROFILE_MESSAGES.daysNonNegative.zh,
    );
    expect((await save({ time_sector_days: 30, time_sector_length: 60 })).statusCode).toBe(200);
    expect((await save({ time_sector_days: 0, time_sector_length: null })).statusCode).toBe(200);
    // immediate only keeps the last interval for later
    expect((await call('GET', url, gaa.headers)).json()).toMatchObject({
      time_sector_days: 0,
      time_sector_length: 60,
    });
    expect((await save({ time_sector_days: 1, time_sector_length: null })).json().error.message).toBe(
      SHOP_PROFILE_MESSAGES.intervalRequired.zh,
    );
  });
  it('slots × days: 3367 is taken, 3368 refused', async () => {
    // 00:00–21:30 every 5 minutes = 259 options; × 13 days = 3367.
    const ok = await save({
      time_sector_length: 5,
      time_sector_days: 13,
      time_obj_sectors: [{ start: '00:00', end: '21:30' }],
    });
    expect(ok.statusCode).toBe(200);
    // 00:00–23:59 at 5 minutes = 288 options, 10:02–21:02 adds 133 off that grid: 421 × 8 days = 3368.
    const tooMany = await save({
      time_sector_length: 5,
      time_sector_days: 8,
      time_obj_sectors: [
        { start: '00:00', end: '23:59' },
        { start: '10:02', end: '21:02' },
      ],
    });
    expect(tooMany.json().error).toMatchObject({
      message: SHOP_PROFILE_MESSAGES.tooDense.zh,
      field: 'time_obj_sectors',
    });
  });
});

describe('who may touch service time', () => {
  it('no session is 401', async () => {
    expect((await call('GET', `/gaa/shops/${shop}/opening-hours`)).statusCode).toBe(401);
    expect(
      (await call('POST', `/eaa/shops/${shop}/opening-special`, undefined, { date: '2099-01-01' }))
        .statusCode,
    ).toBe(401);
  });
  it('eaa of another shop is 403', async () => {
    expect((await call('GET', `/eaa/shops/${other}/opening-hours`, eaa)).statusCode).toBe(403);
    const timing = {
      eat_in_waiting_time: 5,
      to_go_waiting_time: 5,
      delivery_waiting_time: 5,
      time_sector_days: 1,
      time_sector_length: 15,
    };
    expect((await call('PUT', `/eaa/shops/${other}/timing`, eaa, timing)).statusCode).toBe(403);
    expect(
      (await call('PUT', `/eaa/shops/${other}/opening-hours`, eaa, { general: [], togo: [], delivery: [] }))
        .statusCode,
    ).toBe(403);
  });
  it('line is 403', async () => {
    const line = await t.signedIn('line', { shopAccountId: shop });
    expect((await call('GET', `/line/shops/${shop}/opening-special`, line.headers)).statusCode).toBe(403);
  });
  it('si reaches the shops of its SI account only', async () => {
    const mine = await t.signedIn('si', { siAccountId: si.id });
    expect((await call('GET', `/si/shops/${shop}/timing`, mine.headers)).statusCode).toBe(200);
    expect((await call('GET', `/si/shops/${other}/timing`, mine.headers)).statusCode).toBe(403);
  });
  it('an unknown shop is 404', async () => {
    expect((await call('GET', '/gaa/shops/987654/opening-hours', gaa.headers)).statusCode).toBe(404);
  });
});
