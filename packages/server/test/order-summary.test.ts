// /summary/orders: the order query scoped by role, the date rules of spec 000 §5, the detail
// drawer with its status history, and the drawer's actions.
import { DATE_RULE_MESSAGES, ORDER_MESSAGES } from '@shopdesk/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecords, orders } from '../src/db/schema';
import { build } from './helpers';
import { daysAgo, get, post, summaryCast, summaryUrl, today } from './order-summary-fixtures';
import { openShop } from './storefront-fixtures';

const t = await build();
const c = await summaryCast(t);
const a1 = await c.place(c.shopA.accountId, c.shopA.productId);
const a2 = await c.place(c.shopA.accountId, c.shopA.productId, {
  customer: { name: '陳大文', phone: '0987654321', lineUserId: 'U1234' },
});
const b1 = await c.place(c.shopB.accountId, c.shopB.productId);

const ids = async (
  type: string,
  headers: { cookie: string },
  query: Record<string, string | number> = {},
) => {
  const res = await get(t, summaryUrl(type, '', query), headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().rows as { id: number }[]).map((r) => r.id);
};

describe('order query scoping', () => {
  it('gaa sees every shop’s orders, newest first', async () => {
    const res = await get(t, summaryUrl('gaa'), c.gaa.headers);
    expect(res.json()).toMatchObject({ total: 3, from: today(), to: today() });
    expect(res.json().rows.map((r: { id: number }) => r.id)).toEqual([b1.id, a2.id, a1.id]);
  });

  it('si sees its SI account’s shops, eaa its own, line its one shop', async () => {
    expect(await ids('si', c.si.headers)).toEqual([a2.id, a1.id]);
    expect(await ids('si', c.otherSi.headers)).toEqual([b1.id]);
    expect(await ids('eaa', c.eaa.headers)).toEqual([a2.id, a1.id]);
    expect(await ids('eaa', c.otherEaa.headers)).toEqual([b1.id]);
    expect(await ids('line', c.line.headers)).toEqual([a2.id, a1.id]);
  });

  it('?shopId= narrows to one shop; another’s shop is 403, a missing one 404', async () => {
    expect(await ids('gaa', c.gaa.headers, { shopId: c.shopB.accountId })).toEqual([b1.id]);
    expect(
      (await get(t, summaryUrl('eaa', '', { shopId: c.shopB.accountId }), c.eaa.headers)).statusCode,
    ).toBe(403);
    expect(
      (await get(t, summaryUrl('line', '', { shopId: c.shopB.accountId }), c.line.headers)).statusCode,
    ).toBe(403);
    expect((await get(t, summaryUrl('gaa', '', { shopId: 999999 }), c.gaa.headers)).statusCode).toBe(404);
  });

  it('no session is 401; another portal’s path is 403', async () => {
    expect((await get(t, summaryUrl('gaa'))).statusCode).toBe(401);
    expect((await get(t, summaryUrl('gaa'), c.eaa.headers)).statusCode).toBe(403);
  });
});

describe('filters', () => {
  it('by status, meal type, phone and order number', async () => {
    expect(await ids('gaa', c.gaa.headers, { status: 'new' })).toEqual([a2.id, a1.id]);
    expect(await ids('gaa', c.gaa.headers, { status: 'accepted' })).toEqual([b1.id]);
    expect(await ids('gaa', c.gaa.headers, { mealType: 'delivery' })).toEqual([]);
    expect(await ids('gaa', c.gaa.headers, { phone: '0987-654-321' })).toEqual([a2.id]);
    expect(await ids('eaa', c.eaa.headers, { serial: a1.serial })).toEqual([a1.id]);
  });

  it('pages with offset and limit and sorts by total', async () => {
    const res = await get(t, summaryUrl('gaa', '', { limit: 1, offset: 1 }), c.gaa.headers);
    expect(res.json().total).toBe(3);
    expect(res.json().rows.map((r: { id: number }) => r.id)).toEqual([a2.id]);
    expect(await ids('gaa', c.gaa.headers, { sort: 'createdAt' })).toEqual([a1.id, a2.id, b1.id]);
  });

  it('a day range without today’s orders is empty', async () => {
    expect(await ids('gaa', c.gaa.headers, { from: daysAgo(5), to: daysAgo(1) })).toEqual([]);
  });
});

describe('date rules (spec 000 §5)', () => {
  const refused = async (query: Record<string, string>) => {
    const res = await get(t, summaryUrl('eaa', '', query), c.eaa.headers);
    expect(res.statusCode).toBe(400);
    return res.json().error as { code: string; message: string; messageEn: string; field: string };
  };

  it('start later than today', async () => {
    expect(await refused({ from: daysAgo(-1), to: daysAgo(-1) })).toMatchObject({
      code: 'DATE_RULE',
      field: 'from',
      message: DATE_RULE_MESSAGES.startAfterToday.zh,
    });
  });

  it('start after end', async () => {
    expect(await refused({ from: daysAgo(1), to: daysAgo(2) })).toMatchObject({
      field: 'from',
      message: DATE_RULE_MESSAGES.startAfterEnd.zh,
    });
  });

  it('more than 31 days (31 pass)', async () => {
    expect(await refused({ from: daysAgo(31), to: today() })).toMatchObject({
      field: 'to',
      message: DATE_RULE_MESSAGES.queryRange.zh,
    });
    expect(
      (await get(t, summaryUrl('eaa', '', { from: daysAgo(30), to: today() }), c.eaa.headers)).statusCode,
    ).toBe(200);
  });

  it('a phone search older than 3 months', async () => {
    expect(await refused({ from: daysAgo(100), to: daysAgo(90), phone: '0912345678' })).toMatchObject({
      field: 'from',
      message: DATE_RULE_MESSAGES.phoneRange.zh,
    });
    // the same range without a phone passes
    expect(
      (await get(t, summaryUrl('eaa', '', { from: daysAgo(100), to: daysAgo(90) }), c.eaa.headers))
        .statusCode,
    ).toBe(200);
  });

  it('a day that does not exist', async () => {
    expect(await refused({ from: '2026-02-30', to: '2026-03-01' })).toMatchObject({
      field: 'from',
      message: DATE_RULE_MESSAGES.wrongDate.zh,
    });
  });
});

describe('order detail', () => {
  it('has items, amounts, customer and the history from the order feed', async () => {
    const res = await get(t, summaryUrl('line', `/${a2.id}`), c.line.headers);
    expect(res.statusCode, res.body).toBe(200);
    const { order } = res.json();
    expect(order).toMatchObject({
      serial: a2.serial,
      status: 'new',
      mealType: 'to_go',
      customerName: '陳大文',
      customerPhone: '0987654321',
      lineUserId: 'U1234',
      subtotal: 45,
      discount: 0,
      total: 45,
      blocked: false,
      items: [{ name: '滷肉飯', unitPrice: 45, quantity: 1, options: [], lineTotal: 45 }],
    });
    expect(order.history).toEqual([expect.objectContaining({ status: 'new', actor: 'customer' })]);
  });

  it('an order without events (old demo rows) gets its history from its timestamps', async () => {
    const [row] = await t.db.select().from(orders).where(eq(orders.id, a1.id));
    const { id: _id, ...rest } = row!;
    const [old] = await t.db
      .insert(orders)
      .values({
        ...rest,
        serial: 9000,
        idempotencyKey: 'old-row',
        status: 'canceled',
        createdAt: new Date('2026-01-05T03:00:00Z'),
        acceptedAt: new Date('2026-01-05T03:02:00Z'),
        canceledAt: new Date('2026-01-05T03:10:00Z'),
        statusReason: '顧客要求取消',
      })
      .returning({ id: orders.id });
    const res = await get(t, summaryUrl('eaa', `/${old!.id}`), c.eaa.headers);
    expect(res.json().order.history).toEqual([
      { at: '2026-01-05T03:00:00.000Z', status: 'new', reason: null, actor: null },
      { at: '2026-01-05T03:02:00.000Z', status: 'accepted', reason: null, actor: null },
      { at: '2026-01-05T03:10:00.000Z', status: 'canceled', reason: '顧客要求取消', actor: null },
    ]);
  });

  it('another shop’s order is 404 "order detail unavailable" for si, eaa and line', async () => {
    for (const [type, who] of [
      ['si', c.otherSi],
      ['eaa', c.otherEaa],
    ] as const) {
      const res = await get(t, summaryUrl(type, `/${a1.id}`), who.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(ORDER_MESSAGES.detailUnavailable.zh);
    }
    expect((await get(t, summaryUrl('line', `/${b1.id}`), c.line.headers)).statusCode).toBe(404);
    expect((await get(t, summaryUrl('gaa', `/${a1.id}`))).statusCode).toBe(401);
  });
});

describe('drawer actions', () => {
  it('line staff accept their shop’s order; eaa cancels it with a reason; both are audited', async () => {
    const o = await c.place(c.shopA.accountId, c.shopA.productId);
    const acc = await post(t, summaryUrl('line', `/${o.id}/accept`), c.line.headers);
    expect(acc.statusCode, acc.body).toBe(200);
    expect(acc.json().order.status).toBe('accepted');
    const noReason = await post(t, summaryUrl('eaa', `/${o.id}/cancel`), c.eaa.headers, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe(ORDER_MESSAGES.reasonRequired.zh);
    const cancel = await post(t, summaryUrl('eaa', `/${o.id}/cancel`), c.eaa.headers, {
      reason: '顧客要求取消',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().order).toMatchObject({ status: 'canceled', statusReason: '顧客要求取消' });
    expect(cancel.json().order.history.map((h: { status: string }) => h.status)).toEqual([
      'new',
      'accepted',
      'canceled',
    ]);
    expect(cancel.json().order.history[2]).toMatchObject({
      reason: '顧客要求取消',
      actor: `eaa:${c.eaa.user.name}`,
    });
    const audits = await t.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.accountId, c.shopA.accountId), eq(auditRecords.resourceCode, 'orders')));
    expect(audits.map((a) => [a.consoleType, a.newValue])).toEqual([
      ['line', 'accepted'],
      ['eaa', 'canceled'],
    ]);
  });

  it('an illegal move is 409 with the order’s current status', async () => {
    const o = await c.place(c.shopA.accountId, c.shopA.productId);
    const res = await post(t, summaryUrl('si', `/${o.id}/complete`), c.si.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('此訂單目前為「新訂單」，無法完成');
  });

  it('another shop’s order cannot be moved (404), nor without a session (401)', async () => {
    expect(
      (await post(t, summaryUrl('eaa', `/${b1.id}/reject`), c.eaa.headers, { reason: 'x' })).statusCode,
    ).toBe(404);
    expect((await post(t, summaryUrl('line', `/${b1.id}/complete`), c.line.headers)).statusCode).toBe(404);
    expect((await post(t, summaryUrl('eaa', `/${a1.id}/accept`))).statusCode).toBe(401);
    const [row] = await t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, b1.id));
    expect(row!.s).toBe('accepted');
  });
});

// docs/decisions/shops.md "Retail tree": the retail tree's pages ask for ?kind=retail, the console's for catering.
describe('?kind= keeps each tree to its kind of shop', () => {
  it('a retail shop’s orders and bans show with kind=retail, not with catering; without kind, every shop', async () => {
    const retail = await openShop(t, c.eaa, { kind: 'retail', siAccountId: c.quick.id });
    const r1 = await c.place(retail.accountId, retail.productId, {
      customer: { name: '李雜貨', phone: '0911222333' },
    });
    const page = { limit: 50 };
    const all = await ids('gaa', c.gaa.headers, page);
    const catering = await ids('gaa', c.gaa.headers, { ...page, kind: 'catering' });
    expect(await ids('gaa', c.gaa.headers, { ...page, kind: 'retail' })).toEqual([r1.id]);
    expect(catering).not.toContain(r1.id);
    expect(catering).toContain(a1.id);
    expect(all).toEqual([r1.id, ...catering]);
    // the totals (read from the statistics rollup) and the phone search (raw count) narrow the same way
    const total = async (query: Record<string, string | number>) =>
      (await get(t, summaryUrl('gaa', '', query), c.gaa.headers)).json().total as number;
    expect(await total({ kind: 'retail' })).toBe(1);
    expect(await total({ kind: 'catering' })).toBe(catering.length);
    expect(await total({})).toBe(all.length);
    expect(await total({ phone: '0911222333', kind: 'catering' })).toBe(0);
    expect(await total({ phone: '0911222333', kind: 'retail' })).toBe(1);
    // an owner of both kinds sees each under its tree
    expect(await ids('eaa', c.eaa.headers, { ...page, kind: 'retail' })).toEqual([r1.id]);
    expect(await ids('eaa', c.eaa.headers, { ...page, kind: 'catering' })).not.toContain(r1.id);

    const banned = `/console/apis/gaa/banned-customers`;
    for (const accountId of [retail.accountId, c.shopA.accountId]) {
      const res = await post(t, banned, c.gaa.headers, {
        accountId,
        phone: '0933444555',
        reason: '惡意訂單',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const bannedShops = async (kind?: string) =>
      (
        (await get(t, `${banned}${kind ? `?kind=${kind}` : ''}`, c.gaa.headers)).json().rows as {
          accountId: number;
        }[]
      ).map((r) => r.accountId);
    expect(await bannedShops('retail')).toEqual([retail.accountId]);
    expect(await bannedShops('catering')).toEqual([c.shopA.accountId]);
    expect(await bannedShops()).toEqual([c.shopA.accountId, retail.accountId]);
  });
});
