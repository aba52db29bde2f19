// spec 002 §2 screen 4, §3 "Weekly report request", §5 (BCCs split and trimmed, one recipient),
// §6 (gaa only), §7 POST /gaa/report/{accountId}/send-email, §8 (報表稍後將寄出。), §9 (previous ISO week).
import { describePeriod, previousIsoWeek } from '@shopdesk/contract';
import { describe, expect, it, vi } from 'vitest';
import { orders } from '../src/db/schema';
import { weeklyFigures } from '../src/features/reports/weekly-report/weekly-figures';
import { createShop, createUser } from '../src/seed/factories';
import { build } from './helpers';

const t = await build();
const si = await t.createSiAccount('quickclick');
const owner = await t.createUser({ type: 'eaa', email: 'owner@test.local' });
const shop = await t.createShop({
  name: '老王便當',
  email: 'wang@test.local',
  siAccountId: si.id,
  ownerUserId: owner.id,
});
const gaa = await t.signedIn('gaa');
const siUser = await t.signedIn('si', { siAccountId: si.id });
const eaa = await t.signIn('owner@test.local', 'eaa', 'demo-password').catch(() => null);

// 2025-01-13 (Mon) 00:00 to 2025-01-19 (Sun) 23:59:59 in Asia/Taipei: ISO week 2025-W03
const WEEK = { from: 1736697600, to: 1737302399 };

const send = (body: object, headers: Record<string, string> | null = gaa.headers, id = shop.account.id) =>
  t.app.inject({
    method: 'POST',
    url: `/console/apis/gaa/report/${id}/send-email`,
    headers: headers ?? undefined,
    payload: body,
  });

const outbox = async () =>
  (
    await t.app.inject({ method: 'GET', url: '/console/apis/gaa/dev/mail-outbox', headers: gaa.headers })
  ).json();

describe('weekly report period', () => {
  it('defaults to the previous ISO week, Monday to Sunday in Taipei (spec 002 §9)', () => {
    // Monday 2025-01-20 01:30 in Taipei (still Sunday in UTC)
    expect(previousIsoWeek(new Date('2025-01-19T17:30:00Z'))).toEqual(WEEK);
    expect(describePeriod(WEEK.from, WEEK.to)).toEqual({
      fromDate: '2025-01-13',
      toDate: '2025-01-19',
      isoWeek: '2025-W03',
    });
  });
});

describe('POST /gaa/report/{accountId}/send-email', () => {
  it('answers at once and sends the mail: shop name and week in the subject, figures in a table', async () => {
    const res = await send({
      ...WEEK,
      recipient: 'boss@test.local',
      bccs: [' a@test.local ', 'b@test.local'],
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ queued: true });
    const mail = await vi.waitFor(
      async () => {
        const m = (await outbox()).mails.find((x: { to: string }) => x.to === 'boss@test.local');
        if (!m) throw new Error('not sent yet');
        return m;
      },
      { timeout: 5000, interval: 50 },
    );
    expect(mail.bcc).toEqual(['a@test.local', 'b@test.local']);
    expect(mail.subject).toBe('【週報】老王便當 2025-W03 (2025-01-13 ~ 2025-01-19)');
    expect(mail.text).toContain('期間 Period: 2025-W03 (2025-01-13 ~ 2025-01-19), Asia/Taipei');
    // No orders table exists yet: the figures are zero and the mail says so in words.
    expect(mail.text).toContain('訂單數 Orders: 0');
    expect(mail.text).toContain('營業額 Revenue: NT$ 0');
    expect(mail.text).toContain('no orders recorded in this period');
    expect(mail.html).toContain('<table');
    expect(mail.html).toContain('老王便當');
  });

  it('counts the period’s orders by SQL: canceled and rejected ones and orders outside the week do not count', async () => {
    const other = await t.createShop({ name: '阿嬤牛肉麵' });
    const at = (unix: number) => new Date(unix * 1000);
    const order = (
      serial: number,
      status: 'completed' | 'canceled' | 'rejected',
      total: number,
      createdAt: Date,
    ) => ({
      accountId: other.account.id,
      serial,
      status,
      mealType: 'to_go' as const,
      paymentMethod: 'cash' as const,
      customerName: '王小明',
      customerPhone: '0912-000-000',
      subtotal: total,
      total,
      itemCount: 1,
      idempotencyKey: `wk-${serial}`,
      createdAt,
    });
    await t.db
      .insert(orders)
      .values([
        order(1, 'completed', 180, at(WEEK.from)),
        order(2, 'completed', 45, at(WEEK.to)),
        order(3, 'canceled', 999, at(WEEK.from + 3600)),
        order(4, 'rejected', 999, at(WEEK.from + 7200)),
        order(5, 'completed', 500, at(WEEK.to + 1)),
        order(6, 'completed', 500, at(WEEK.from - 1)),
      ]);
    expect(await weeklyFigures(t.db, other.account.id, at(WEEK.from), at(WEEK.to))).toEqual({
      orderCount: 2,
      revenue: 225,
    });
  });

  it('validates the recipient (exactly one valid e-mail)', async () => {
    const res = await send({ ...WEEK, recipient: 'nope', bccs: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ field: 'recipient', message: '電子郵件格式錯誤' });
    expect((await send({ ...WEEK, recipient: ['a@test.local', 'b@test.local'], bccs: [] })).statusCode).toBe(
      400,
    );
  });

  it('validates each BCC after trimming', async () => {
    const res = await send({ ...WEEK, recipient: 'boss@test.local', bccs: ['ok@test.local', ' bad '] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ field: 'bccs.1', message: '密件副本的電子郵件格式錯誤' });
  });

  it('refuses a start after the end, and a range over 31 days', async () => {
    const late = await send({ from: WEEK.to, to: WEEK.from, recipient: 'boss@test.local', bccs: [] });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toMatchObject({ field: 'from', message: '開始日期不可晚於結束日期' });
    const long = await send({ from: WEEK.from, to: WEEK.from + 40 * 86400, recipient: 'boss@test.local' });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.field).toBe('to');
  });

  it('is gaa only (spec 002 §6): 401 without a session, 403 for si and eaa', async () => {
    const body = { ...WEEK, recipient: 'boss@test.local', bccs: [] };
    expect((await send(body, null)).statusCode).toBe(401);
    expect((await send(body, siUser.headers)).statusCode).toBe(403);
    expect(eaa).not.toBeNull();
    expect((await send(body, eaa!)).statusCode).toBe(403);
  });

  it('a failed send after the answer is logged (spec 002 §8: failure only logged)', async () => {
    const lines: string[] = [];
    const { app, db, close, signIn } = await build({
      logger: { level: 'error', stream: { write: (l: string) => void lines.push(l) } },
      manualClose: true,
    });
    try {
      const s = await createShop(db, { name: '失敗小吃' });
      await createUser(db, { type: 'gaa', email: 'g@test.local', password: 'pw-123456' });
      const headers = await signIn('g@test.local', 'gaa', 'pw-123456');
      app.mailer.send = async () => {
        throw new Error('SMTP down');
      };
      const res = await app.inject({
        method: 'POST',
        url: `/console/apis/gaa/report/${s.account.id}/send-email`,
        headers,
        payload: { ...WEEK, recipient: 'boss@test.local' },
      });
      expect(res.statusCode).toBe(202);
      await vi.waitFor(() => expect(lines.join('')).toContain('weekly report could not be sent'), {
        timeout: 5000,
      });
      expect(lines.join('')).toContain('SMTP down');
    } finally {
      await close();
    }
  });

  it('an unknown shop is 404', async () => {
    expect((await send({ ...WEEK, recipient: 'boss@test.local' }, gaa.headers, 987654)).statusCode).toBe(404);
  });
});
