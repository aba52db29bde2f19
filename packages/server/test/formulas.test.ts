// /report/formulas: versioned rate formulas per contract plan; a change never rewrites the past.

import type { TFormulaInput } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecords, contractPlans, contracts, formulaVersions } from '../src/db/schema';
import { shopClock } from '../src/jobs/local-clock';
import { build } from './helpers';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

const API = '/console/apis/gaa/formulas';
const nextMonth = (today: string, ahead = 1) => {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const k = y * 12 + (m - 1) + ahead;
  return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}-01`;
};
const formula: TFormulaInput = {
  fixedMonthly: 49_900,
  perOrder: {
    mode: 'graduated',
    tiers: [
      { upTo: 1, price: 0 },
      { upTo: null, price: 1_000 },
    ],
  },
  percentOfSales: { mode: 'graduated', tiers: [{ upTo: null, price: 200 }] },
};

describe('rate formulas', async () => {
  const t = await build();
  const gaa = await t.signedIn('gaa');
  const eaa = await t.signedIn('eaa');
  const today = shopClock(new Date()).date;
  const month = today.slice(0, 7);
  const [plan] = await t.db.insert(contractPlans).values({ code: 'F-TEST', plan: '測試方案' }).returning();
  const post = (body: unknown, who: { headers: Record<string, string> } | null = gaa, planId = plan!.id) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/${planId}/versions`,
      headers: who?.headers ?? {},
      payload: body as Record<string, unknown>,
    });

  it('adds versions effective from a coming month, lists them newest first, and audits each', async () => {
    const first = nextMonth(today);
    const res = await post({ effectiveFrom: first, formula, note: '首版' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ version: 1, effectiveFrom: first, state: 'scheduled', note: '首版' });
    const second = await post({
      effectiveFrom: nextMonth(today, 3),
      formula: { ...formula, fixedMonthly: 0, perEinvoice: 50, perDelivery: 1_200 },
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().version).toBe(2);
    expect(second.json().formula).toMatchObject({ perEinvoice: 50, perDelivery: 1_200 });
    const negative = await post({
      effectiveFrom: nextMonth(today, 6),
      formula: { ...formula, perDelivery: -1 },
    });
    expect(negative.statusCode).toBe(400);

    const list = await t.app.inject({ method: 'GET', url: API, headers: gaa.headers });
    expect(list.statusCode).toBe(200);
    const mine = list.json().plans.find((p: { id: number }) => p.id === plan!.id);
    expect(mine.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    // the per-unit prices survive; a version sent without them reads as 0 (prices as before)
    expect(mine.versions[0].formula).toMatchObject({ perEinvoice: 50, perDelivery: 1_200 });
    expect(mine.versions[1].formula).toMatchObject({ perEinvoice: 0, perDelivery: 0 });
    expect(mine.earliestEffectiveFrom).toBe(nextMonth(today, 4));

    const audits = await t.db.select().from(auditRecords).where(eq(auditRecords.resourceCode, 'formulas'));
    expect(audits).toHaveLength(2);
    expect(audits[0]!.displayLog).toContain('測試方案 v1');
  });

  it('refuses a date that would rewrite a month that has begun, or that is not the 1st', async () => {
    const bad = async (effectiveFrom: string, text: string) => {
      const res = await post({ effectiveFrom, formula });
      expect(res.statusCode, effectiveFrom).toBe(400);
      expect(res.json().error.message).toBe(text);
    };
    await bad(`${month}-01`, '生效日須晚於今天：已開始的月份不可變更費率');
    await bad(`${nextMonth(today, 5).slice(0, 7)}-15`, '生效日須為每月 1 日');
    await bad(nextMonth(today, 2), '生效日須晚於目前最新版本的生效日');
  });

  it('keeps versions read-only: the database refuses to change or delete one', async () => {
    await expect(
      t.db.update(formulaVersions).set({ note: 'x' }).where(eq(formulaVersions.planId, plan!.id)),
    ).rejects.toThrow();
    await expect(t.db.delete(formulaVersions).where(eq(formulaVersions.planId, plan!.id))).rejects.toThrow();
  });

  it('refuses bad input with 4xx and other roles', async () => {
    expect((await post({ effectiveFrom: nextMonth(today, 9), formula }, null)).statusCode).toBe(401);
    expect((await post({ effectiveFrom: nextMonth(today, 9), formula }, eaa)).statusCode).toBe(403);
    expect((await post({ effectiveFrom: nextMonth(today, 9), formula }, gaa, 999_999)).statusCode).toBe(404);
    const badTiers = { ...formula, perOrder: { mode: 'graduated', tiers: [{ upTo: 5, price: 1 }] } };
    const r = await post({ effectiveFrom: nextMonth(today, 9), formula: badTiers });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe('最後一個級距不可設上限');
    for (const body of [
      {},
      { effectiveFrom: 'soon', formula },
      { effectiveFrom: nextMonth(today, 9), formula: { ...formula, fixedMonthly: -5 } },
    ])
      expect((await post(body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: API, headers: eaa.headers })).statusCode).toBe(403);
  });

  it('previews a shop’s month from its contract’s plan, the version in effect and its counted orders', async () => {
    // a version in effect since a past month, written before the rule (as the demo history is)
    const [past] = await t.db.insert(contractPlans).values({ code: 'F-PAST', plan: '既有方案' }).returning();
    await t.db.insert(formulaVersions).values({
      planId: past!.id,
      version: 1,
      effectiveFrom: `${month}-01`,
      formula,
      createdByName: 'seed',
    });
    const shop = await openShop(t, eaa);
    await t.db.insert(contracts).values({
      accountId: shop.accountId,
      planId: past!.id,
      startDate: `${month}-01`,
      endDate: nextMonth(today, 12),
      sysEndDate: nextMonth(today, 12),
    });
    let sales = 0;
    for (let k = 0; k < 3; k += 1) {
      const res = await postOrder(t, shop.accountId, orderBody(shop.productId));
      expect(res.statusCode, res.body).toBe(201);
      sales += res.json().order.total * 100;
    }
    const preview = async (q: string) =>
      t.app.inject({ method: 'GET', url: `${API}/preview?${q}`, headers: gaa.headers });
    const res = await preview(`accountId=${shop.accountId}&month=${month}`);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p.plan.code).toBe('F-PAST');
    expect(p.version).toMatchObject({ version: 1, state: 'current' });
    expect(p.usage).toEqual({ orders: 3, sales, einvoices: 0, deliveries: 0 });
    // 1 order free, 2 × NT$10; 2 % of sales, half up
    expect(p.charge).toEqual({
      fixed: 49_900,
      perOrder: 2_000,
      percent: Math.floor((sales * 200 * 2 + 10_000) / 20_000),
      einvoice: 0,
      delivery: 0,
      total: 49_900 + 2_000 + Math.floor((sales * 200 * 2 + 10_000) / 20_000),
    });
    // a month before the contract, and one before any version: a clear 400
    const before = (await preview(`accountId=${shop.accountId}&month=2020-01`)).json();
    expect(before.error.message).toBe('此商店在該月份沒有合約');
    for (const bad of [
      'accountId=x&month=2026-01',
      `accountId=${shop.accountId}&month=2026-13`,
      `accountId=${shop.accountId}`,
    ])
      expect((await preview(bad)).statusCode, bad).toBe(400);
    expect((await preview(`accountId=999999&month=${month}`)).statusCode).toBe(404);
  });
});
