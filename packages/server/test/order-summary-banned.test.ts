// "block the customer" from the order drawer, the banned list (/sales/banned-list) and the
// storefront refusing a blocked customer.
import { ORDER_MESSAGES } from '@shopdesk/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecords, bannedCustomers } from '../src/db/schema';
import { build } from './helpers';
import { get, post, summaryCast, summaryUrl } from './order-summary-fixtures';
import { orderBody, postOrder } from './storefront-fixtures';

const t = await build();
const c = await summaryCast(t);
const bannedUrl = (type: string, rest = '') => `/console/apis/${type}/banned-customers${rest}`;
const customer = { name: '林小華', phone: '0955111222', lineUserId: 'Uabc' };
const order = await c.place(c.shopA.accountId, c.shopA.productId, { customer });

describe('block the customer of an order', () => {
  it('eaa blocks: the list shows them, the drawer says blocked, the storefront refuses them', async () => {
    const res = await post(t, summaryUrl('eaa', `/${order.id}/block`), c.eaa.headers, {
      reason: '多次未取餐',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().customer).toMatchObject({
      accountId: c.shopA.accountId,
      phone: '0955111222',
      lineUserId: 'Uabc',
      customerName: '林小華',
      reason: '多次未取餐',
      orderId: order.id,
      createdBy: `eaa:${c.eaa.user.name}`,
    });
    expect((await get(t, summaryUrl('eaa', `/${order.id}`), c.eaa.headers)).json().order.blocked).toBe(true);
    const list = await get(t, bannedUrl('eaa'), c.eaa.headers);
    expect(list.json().rows.map((r: { phone: string }) => r.phone)).toEqual(['0955111222']);
    // by phone, and by chat user id under another phone
    for (const cust of [customer, { ...customer, phone: '0900000001' }]) {
      const refused = await postOrder(t, c.shopA.accountId, orderBody(c.shopA.productId, { customer: cust }));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({ code: 'CUSTOMER_BLOCKED' });
    }
    // another shop still takes their orders
    const elsewhere = await postOrder(t, c.shopB.accountId, orderBody(c.shopB.productId, { customer }));
    expect(elsewhere.statusCode).toBe(201);
    const [audit] = await t.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.resourceCode, 'banned-customers'), eq(auditRecords.action, 'create')));
    expect(audit).toMatchObject({ accountId: c.shopA.accountId, consoleType: 'eaa' });
  });

  it('blocking again is 409 "already on the banned list"', async () => {
    const res = await post(t, summaryUrl('gaa', `/${order.id}/block`), c.gaa.headers, { reason: '再一次' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(ORDER_MESSAGES.alreadyBlocked.zh);
  });

  it('needs a reason; si and line may not block (403); another owner’s order is 404; no session 401', async () => {
    const o = await c.place(c.shopA.accountId, c.shopA.productId);
    expect(
      (await post(t, summaryUrl('eaa', `/${o.id}/block`), c.eaa.headers, { reason: ' ' })).statusCode,
    ).toBe(400);
    expect(
      (await post(t, summaryUrl('si', `/${o.id}/block`), c.si.headers, { reason: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await post(t, summaryUrl('line', `/${o.id}/block`), c.line.headers, { reason: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await post(t, summaryUrl('eaa', `/${o.id}/block`), c.otherEaa.headers, { reason: 'x' })).statusCode,
    ).toBe(404);
    expect((await post(t, summaryUrl('eaa', `/${o.id}/block`), undefined, { reason: 'x' })).statusCode).toBe(
      401,
    );
  });
});

describe('the banned list', () => {
  it('eaa adds by hand with a checked phone; duplicates are 409; another owner’s shop 403', async () => {
    const add = (headers: { cookie: string }, body: Record<string, unknown>, type = 'eaa') =>
      t.app.inject({ method: 'POST', url: bannedUrl(type), headers, payload: body });
    const ok = await add(c.eaa.headers, {
      accountId: c.shopA.accountId,
      phone: '+886 912-000-111',
      customerName: '張三',
      reason: '惡意訂單',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().customer.phone).toBe('+886912000111');
    const bad = await add(c.eaa.headers, { accountId: c.shopA.accountId, phone: '12345', reason: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('電話格式錯誤：手機為 09 開頭 10 碼');
    const dup = await add(c.eaa.headers, {
      accountId: c.shopA.accountId,
      phone: '+886912000111',
      reason: 'x',
    });
    expect(dup.statusCode).toBe(409);
    expect(
      (await add(c.eaa.headers, { accountId: c.shopB.accountId, phone: '0911222333', reason: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await add(c.si.headers, { accountId: c.shopA.accountId, phone: '0911222333', reason: 'x' }, 'si'))
        .statusCode,
    ).toBe(403);
  });

  it('lists by role and filters by shop and phone', async () => {
    await t.app.inject({
      method: 'POST',
      url: bannedUrl('eaa'),
      headers: c.otherEaa.headers,
      payload: { accountId: c.shopB.accountId, phone: '0277778888', reason: '測試' },
    });
    const phones = async (headers: { cookie: string }, type: string, qs = '') =>
      (await get(t, `${bannedUrl(type)}${qs}`, headers)).json().rows.map((r: { phone: string }) => r.phone);
    expect(await phones(c.eaa.headers, 'eaa')).toEqual(['+886912000111', '0955111222']);
    expect(await phones(c.otherEaa.headers, 'eaa')).toEqual(['0277778888']);
    expect(await phones(c.gaa.headers, 'gaa')).toEqual(['0277778888', '+886912000111', '0955111222']);
    expect(await phones(c.gaa.headers, 'gaa', `?shopId=${c.shopB.accountId}`)).toEqual(['0277778888']);
    expect(await phones(c.gaa.headers, 'gaa', '?phone=5111')).toEqual(['0955111222']);
    expect((await get(t, `${bannedUrl('eaa')}?shopId=${c.shopB.accountId}`, c.eaa.headers)).statusCode).toBe(
      403,
    );
    expect((await get(t, bannedUrl('gaa'))).statusCode).toBe(401);
  });

  it('unblocking removes the entry (audited) and the customer may order again; another’s entry is 404', async () => {
    const [row] = await t.db.select().from(bannedCustomers).where(eq(bannedCustomers.phone, '0955111222'));
    const del = (headers: { cookie: string }) =>
      t.app.inject({ method: 'DELETE', url: bannedUrl('eaa', `/${row!.id}`), headers });
    expect((await del(c.otherEaa.headers)).statusCode).toBe(404);
    expect((await del(c.eaa.headers)).statusCode).toBe(200);
    expect((await del(c.eaa.headers)).statusCode).toBe(404);
    const again = await postOrder(t, c.shopA.accountId, orderBody(c.shopA.productId, { customer }));
    expect(again.statusCode, again.body).toBe(201);
    const audits = await t.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.resourceCode, 'banned-customers'), eq(auditRecords.action, 'delete')));
    expect(audits).toHaveLength(1);
  });
});
