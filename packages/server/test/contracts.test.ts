import { CONTRACT_MESSAGES as M, systemExpired } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, auditRecords, contractPlans, jobRuns, registrationOrders } from '../src/db/schema';
import { runContractExpiry } from '../src/schedule/contract-expiry';
import { build } from './helpers';
import { openShop, orderBody, postOrder, someClient, storefrontUrl } from './storefront-fixtures';

const API = '/console/apis/gaa';

// spec 002 §2 screen 6, §4 Contract system status, §5 Contract, §7 Contracts, §8; the system
// switch is real (order intake refuses) and a daily job turns it off after the contracts run out.
describe('contracts', async () => {
  const t = await build();
  const gaa = await t.signedIn('gaa');
  const eaa = await t.signedIn('eaa');
  const si = await t.signedIn('si');
  const shop = await openShop(t, eaa);
  const [plan] = await t.db.insert(contractPlans).values({ code: 'STD', plan: '標準方案' }).returning();
  const [ro] = await t.db
    .insert(registrationOrders)
    .values({ accountId: shop.accountId, orderId: 'RO-2026-0001' })
    .returning();
  const post = (url: string, payload: Record<string, unknown>, who = gaa) =>
    t.app.inject({ method: 'POST', url: `${API}${url}`, headers: who.headers, payload });
  const get = (url: string, who = gaa) =>
    t.app.inject({ method: 'GET', url: `${API}${url}`, headers: who.headers });
  const body = (over: Record<string, unknown> = {}) => ({
    shopId: null,
    businessId: shop.accountId,
    start: '2026-01-01',
    end: '2027-01-01',
    plan: plan!.id,
    registrationOrderId: ro!.id,
    ...over,
  });

  it('401 without a session and 403 for every other user type, on every route', async () => {
    const calls = [
      { method: 'GET' as const, url: `${API}/shops/${shop.accountId}/contract?businessId=${shop.accountId}` },
      { method: 'GET' as const, url: `${API}/contract/plans` },
      { method: 'GET' as const, url: `${API}/shops/${shop.accountId}/registration-orders` },
      { method: 'POST' as const, url: `${API}/contract`, payload: body() },
      { method: 'POST' as const, url: `${API}/shops/sys/enabled`, payload: { accountId: shop.accountId } },
      { method: 'POST' as const, url: `${API}/shops/sys/disabled`, payload: { accountId: shop.accountId } },
    ];
    for (const c of calls) {
      expect((await t.app.inject(c)).statusCode, c.url).toBe(401);
      for (const who of [eaa, si])
        expect((await t.app.inject({ ...c, headers: who.headers })).statusCode, c.url).toBe(403);
    }
  });

  it('creates a contract: normal by default, system end = end + 7 days; lists it with plan and order number', async () => {
    const res = await post('/contract', body());
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().insertId as number;
    const list = await get(`/shops/${shop.accountId}/contract?businessId=${shop.accountId}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().contracts).toEqual([
      {
        id,
        startTime: '2026-01-01',
        endTime: '2027-01-01',
        sysEndTime: '2027-01-08',
        orderId: 'RO-2026-0001',
        registrationOrderId: ro!.id,
        planName: '標準方案',
        status: 'normal',
        sysClosed: false,
      },
    ]);
    expect((await get('/contract/plans')).json().plans).toEqual([
      { id: plan!.id, code: 'STD', plan: '標準方案' },
    ]);
    expect((await get(`/shops/${shop.accountId}/registration-orders`)).json().orders).toMatchObject([
      { id: ro!.id, orderId: 'RO-2026-0001' },
    ]);
  });

  it('refuses bad input with a clear 4xx', async () => {
    const msgOf = async (payload: Record<string, unknown>) => {
      const res = await post('/contract', payload);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error.message as string;
    };
    expect(await msgOf(body({ end: '2025-01-01' }))).toBe(M.startBeforeEnd.zh);
    expect(await msgOf(body({ sysEnd: '2026-06-01' }))).toBe(M.sysEndAfterEnd.zh);
    expect(await msgOf(body({ plan: 999_999 }))).toBe(M.unknownPlan.zh);
    expect(await msgOf(body({ start: 'tomorrow' }))).toBe(M.dateRequired.zh);
    // another shop's registration order
    const other = await openShop(t, eaa);
    expect(await msgOf(body({ businessId: other.accountId }))).toBe(M.unknownRegistrationOrder.zh);
    expect(
      (await post('/contract', body({ businessId: 999_999, registrationOrderId: null }))).statusCode,
    ).toBe(404);
    expect((await get(`/shops/${shop.accountId}/contract?businessId=${other.accountId}`)).statusCode).toBe(
      400,
    );
    expect((await post('/shops/sys/disabled', { accountId: 'x' })).statusCode).toBe(400);
  });

  it('system OFF: order intake and the availability check refuse with SYSTEM_CLOSED; ON takes orders again', async () => {
    const s = await openShop(t, eaa);
    expect((await post('/shops/sys/disabled', { accountId: s.accountId })).json()).toEqual({
      accountId: s.accountId,
      sysClosed: true,
    });
    const refused = await postOrder(t, s.accountId, orderBody(s.productId));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'SYSTEM_CLOSED',
      message: '商店系統已關閉（合約到期或停用），暫停接受訂單',
    });
    const avail = await t.app.inject({
      method: 'GET',
      url: storefrontUrl(s.accountId, '/availability?mealType=to_go'),
      remoteAddress: someClient(),
    });
    expect(avail.json().blocking.code).toBe('SYSTEM_CLOSED');
    expect((await get(`/shops/${s.accountId}/contract`)).json().sysClosed).toBe(true);

    await post('/shops/sys/enabled', { accountId: s.accountId });
    expect((await postOrder(t, s.accountId, orderBody(s.productId))).statusCode).toBe(201);
    const audits = await t.db.select().from(auditRecords).where(eq(auditRecords.accountId, s.accountId));
    expect(audits.filter((a) => a.displayName === '系統狀態').map((a) => a.newValue)).toEqual([true, false]);
  });

  it('the daily job turns the system off after the last system end date, once a day, audited', async () => {
    const s = await openShop(t, eaa);
    const later = await openShop(t, eaa);
    // s: ended 2026-03-01 (system end 2026-03-08); later: renewed by a second contract
    await post(
      '/contract',
      body({ businessId: s.accountId, registrationOrderId: null, start: '2025-03-01', end: '2026-03-01' }),
    );
    for (const [start, end] of [
      ['2025-03-01', '2026-03-01'],
      ['2026-03-01', '2027-03-01'],
    ])
      await post('/contract', body({ businessId: later.accountId, registrationOrderId: null, start, end }));

    // 2026-03-08 23:59 Taipei: still inside the system end date
    expect(await runContractExpiry(t.db, new Date('2026-03-08T15:59:00Z'), 'a')).not.toContain(s.accountId);
    // 2026-03-09 00:01 Taipei: two instances at once, only one turns it off
    const at = new Date('2026-03-08T16:01:00Z');
    const [a, b] = await Promise.all([runContractExpiry(t.db, at, 'a'), runContractExpiry(t.db, at, 'b')]);
    expect([...a, ...b].filter((id) => id === s.accountId)).toHaveLength(1);
    expect([...a, ...b]).not.toContain(later.accountId);
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, s.accountId));
    expect(row!.sysClosed).toBe(true);
    const claims = await t.db.select().from(jobRuns).where(eq(jobRuns.accountId, s.accountId));
    expect(claims).toHaveLength(1);
    const [audit] = (
      await t.db
        .select()
        .from(auditRecords)
        .where(eq(auditRecords.accountId, s.accountId))
        .orderBy(auditRecords.id)
    ).filter((r) => r.displayName === '系統狀態');
    expect(audit!.userName).toBe('系統排程');
    expect(audit!.displayLog).toContain('2026-03-08');
    expect((await postOrder(t, s.accountId, orderBody(s.productId))).json().error.code).toBe('SYSTEM_CLOSED');

    // gaa turns it on again: not overruled the same day
    await post('/shops/sys/enabled', { accountId: s.accountId });
    expect(await runContractExpiry(t.db, new Date('2026-03-09T03:00:00Z'), 'a')).toEqual([]);
  });

  it('systemExpired: off only when a system end has passed and nothing covers today (contract rule)', () => {
    const c = (startTime: string, sysEndTime: string, status: 'normal' | 'terminated' = 'normal') => ({
      startTime,
      sysEndTime,
      status,
    });
    expect(systemExpired([], '2026-05-01')).toBe(false);
    expect(systemExpired([c('2025-01-01', '2026-01-08')], '2026-01-08')).toBe(false);
    expect(systemExpired([c('2025-01-01', '2026-01-08')], '2026-01-09')).toBe(true);
    expect(systemExpired([c('2025-01-01', '2026-01-08'), c('2026-01-05', '2027-01-08')], '2026-01-09')).toBe(
      false,
    );
    // a later contract that has not started yet does not cover the gap
    expect(systemExpired([c('2025-01-01', '2026-01-08'), c('2026-02-01', '2027-01-08')], '2026-01-09')).toBe(
      true,
    );
    expect(
      systemExpired(
        [c('2025-01-01', '2026-01-08'), c('2026-01-01', '2027-01-08', 'terminated')],
        '2026-01-09',
      ),
    ).toBe(true);
  });
});
