// one data-minimisation rule per role (contract customerDataFor, docs/decisions/foundation.md "Proxy,
// CSRF, throttling, data minimisation"), applied to the order summary list and drawer, the banned list and
// the POS board as to the sales query: an integrator (si) never sees who the customer is.
import { describe, expect, it } from 'vitest';
import { build } from './helpers';
import { get, post, summaryCast, summaryUrl } from './order-summary-fixtures';

const t = await build();
const c = await summaryCast(t);
const order = await c.place(c.shopA.accountId, c.shopA.productId, {
  customer: { name: '陳大文', phone: '0987654321', lineUserId: 'U1234abcd' },
});

const row = async (type: string, headers: { cookie: string }) => {
  const res = await get(t, summaryUrl(type), headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows.find((r: { id: number }) => r.id === order.id);
};
const detail = async (type: string, headers: { cookie: string }) => {
  const res = await get(t, summaryUrl(type, `/${order.id}`), headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order;
};

describe('customer data by role', () => {
  it('si: the order list and the drawer mask the phone and the name and withhold the LINE id', async () => {
    expect(await row('si', c.si.headers)).toMatchObject({
      customerName: '陳**',
      customerPhone: '0987***321',
    });
    const d = await detail('si', c.si.headers);
    expect(d).toMatchObject({ customerName: '陳**', customerPhone: '0987***321', lineUserId: null });
    expect(JSON.stringify(d)).not.toContain('0987654321');
    expect(JSON.stringify(d)).not.toContain('U1234abcd');
  });

  it('si: a phone search still finds the order (exact match) but answers it masked', async () => {
    const res = await get(t, summaryUrl('si', '', { phone: '0987-654-321' }), c.si.headers);
    expect(res.json().rows.map((r: { customerPhone: string }) => r.customerPhone)).toEqual(['0987***321']);
  });

  it.each(['gaa', 'eaa', 'line'] as const)('%s sees the customer in full', async (type) => {
    const who = c[type];
    expect(await row(type, who.headers)).toMatchObject({
      customerName: '陳大文',
      customerPhone: '0987654321',
    });
    expect(await detail(type, who.headers)).toMatchObject({ lineUserId: 'U1234abcd' });
  });

  it('the banned list (gaa, eaa) shows what it keeps; blocking still uses the stored values', async () => {
    const blocked = await post(t, summaryUrl('eaa', `/${order.id}/block`), c.eaa.headers, {
      reason: '惡意訂單',
    });
    expect(blocked.statusCode, blocked.body).toBe(201);
    const list = await get(t, '/console/apis/eaa/banned-customers', c.eaa.headers);
    expect(list.json().rows[0]).toMatchObject({ phone: '0987654321', lineUserId: 'U1234abcd' });
    // The si's drawer still knows the customer is blocked, without seeing who.
    expect(await detail('si', c.si.headers)).toMatchObject({ blocked: true, customerPhone: '0987***321' });
  });

  it('the record tab lists blocking records (which name the customer) to gaa and eaa, not to the si', async () => {
    const records = async (headers: { cookie: string }, extra = '') => {
      const res = await get(t, `/console/apis/console/${c.shopA.accountId}/record${extra}`, headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const eaa = await records(c.eaa.headers);
    expect(eaa.resourceCodes).toContain('banned-customers');
    expect(JSON.stringify(eaa.records)).toContain('0987654321');
    const si = await records(c.si.headers);
    expect(si.resourceCodes).not.toContain('banned-customers');
    expect(JSON.stringify(si)).not.toContain('0987654321');
    const byResource = await records(c.si.headers, '-resource?resourceCode=banned-customers');
    expect(byResource.total).toBe(0);
  });
});
