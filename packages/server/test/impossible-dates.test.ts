// an impossible date (2026-02-30, month 13) answers 400 on every route that takes one, never 5xx.
// The rule is the contract's one date-string schema (common/dates.ts).
import { describe, expect, it } from 'vitest';
import { contractPlans } from '../src/db/schema';
import { build } from './helpers';
import { openShop } from './storefront-fixtures';

const API = '/console/apis';
const t = await build();
const gaa = await t.signedIn('gaa');
const eaa = await t.signedIn('eaa');
const quick = await t.createSiAccount('quickclick');
const si = await t.signedIn('si', { siAccountId: quick.id });
const shop = await openShop(t, eaa, { siAccountId: quick.id });
const [plan] = await t.db.insert(contractPlans).values({ code: 'DATES', plan: '日期方案' }).returning();

const BAD = ['2026-02-30', '2026-13-01'] as const;
type Who = { headers: { cookie: string } };
type Call = {
  name: string;
  who: Who;
  method: 'GET' | 'POST';
  url: (d: string) => string;
  body?: (d: string) => object;
};

const promotion = (d: string) => ({
  businessId: shop.accountId,
  promotion: {
    form: 'config',
    displayName: '日期測試',
    duration: { start: d, end: '2026-12-31' },
    settings: {
      all: {
        checked: true,
        general: { discountType: 'percentage', amount: 10, totalUsage: null, carryMethod: 'floor' },
        usageRestrctions: { restrictionType: 'none', value: 0 },
        roleRestrictions: { userType: 'none' },
        usageLimits: { limitPerUser: null },
      },
    },
  },
});

const CALLS: Call[] = [
  { name: 'stored-funds deposits', who: gaa, method: 'GET', url: (d) => `/gaa/vas/deposits?from=${d}` },
  { name: 'stored-funds transactions', who: gaa, method: 'GET', url: (d) => `/gaa/vas/transactions?to=${d}` },
  {
    name: 'stored-funds transactions export',
    who: gaa,
    method: 'GET',
    url: (d) => `/gaa/vas/transactions/export?from=${d}`,
  },
  {
    name: 'promotion (configuration form)',
    who: eaa,
    method: 'POST',
    url: () => `/eaa/shops/${shop.accountId}/promotions`,
    body: promotion,
  },
  {
    name: 'promotion (simple form)',
    who: eaa,
    method: 'POST',
    url: () => `/eaa/shops/${shop.accountId}/promotions`,
    body: (d) => ({
      businessId: shop.accountId,
      promotion: {
        form: 'simple',
        content: { type: 'percentage', target: 'amount', th: 100, value: 20, start: '2026-01-01', end: d },
      },
    }),
  },
  {
    name: 'contract',
    who: gaa,
    method: 'POST',
    url: () => '/gaa/contract',
    body: (d) => ({ shopId: null, businessId: shop.accountId, start: d, end: '2027-12-31', plan: plan!.id }),
  },
  {
    name: 'coupon campaign',
    who: si,
    method: 'POST',
    url: () => '/si/coupon-campaigns',
    body: (d) => ({
      name: '日期測試',
      duration: { start: '2026-01-01', end: d },
      discount: { discountType: 'fixed', amount: 10 },
      totalCount: 100,
    }),
  },
];

describe('impossible dates answer 400, never 5xx', () => {
  for (const c of CALLS)
    for (const d of BAD)
      it(`${c.name} with ${d}: 400 naming the date`, async () => {
        const res = await t.app.inject({
          method: c.method,
          url: `${API}${c.url(d)}`,
          headers: c.who.headers,
          ...(c.body ? { payload: c.body(d) } : {}),
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error.field).toMatch(/start|end|from|to/);
      });

  it('real dates still pass those routes (the rule refuses only impossible ones)', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: `${API}/gaa/vas/deposits?from=2024-02-29&to=2026-12-31`,
      headers: gaa.headers,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
