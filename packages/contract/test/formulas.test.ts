// /report/formulas (the spec names the route only; rules are ours: docs/decisions/platform.md):
// a month's charge from a formula version and usage, tiers, and the "never rewrites the past" date rule.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeCharge,
  earliestEffectiveFrom,
  effectiveFromProblem,
  FORMULA_LIMITS,
  FORMULA_MESSAGES as M,
  type TFormulaInput,
  type TTier,
  tieredSum,
  versionForMonth,
  ZFormula,
} from '../src';

/** A formula as versions stored before the per-unit prices were written it: no perEinvoice, no perDelivery. */
const formula = (over: Partial<TFormulaInput> = {}): TFormulaInput => ({
  fixedMonthly: 99_900,
  perOrder: {
    mode: 'graduated',
    tiers: [
      { upTo: 300, price: 0 },
      { upTo: null, price: 50 },
    ],
  },
  percentOfSales: {
    mode: 'graduated',
    tiers: [
      { upTo: 10_000_000, price: 150 },
      { upTo: null, price: 100 },
    ],
  },
  ...over,
});

describe('tiered prices', () => {
  const tiers: TTier[] = [
    { upTo: 100, price: 10 },
    { upTo: 200, price: 5 },
    { upTo: null, price: 1 },
  ];
  it('graduated: each slice at its own tier', () => {
    expect(tieredSum(0, 'graduated', tiers)).toBe(0);
    expect(tieredSum(100, 'graduated', tiers)).toBe(1000);
    expect(tieredSum(150, 'graduated', tiers)).toBe(1000 + 250);
    expect(tieredSum(250, 'graduated', tiers)).toBe(1000 + 500 + 50);
  });
  it('volume: the whole usage at the tier it reaches', () => {
    expect(tieredSum(100, 'volume', tiers)).toBe(1000);
    expect(tieredSum(101, 'volume', tiers)).toBe(505);
    expect(tieredSum(250, 'volume', tiers)).toBe(250);
  });

  const zTiers = fc
    .uniqueArray(fc.integer({ min: 1, max: 100_000 }), { minLength: 0, maxLength: 4 })
    .chain((limits) =>
      fc
        .array(fc.integer({ min: 0, max: 1000 }), {
          minLength: limits.length + 1,
          maxLength: limits.length + 1,
        })
        .map((prices) => {
          const ups = [...limits].sort((a, b) => a - b);
          return prices.map((price, k) => ({ upTo: ups[k] ?? null, price }));
        }),
    );
  it('graduated never decreases as usage grows, and one open tier is quantity × price', () => {
    fc.assert(
      fc.property(zTiers, fc.nat(200_000), fc.nat(1000), (t, q, extra) => {
        expect(tieredSum(q + extra, 'graduated', t)).toBeGreaterThanOrEqual(tieredSum(q, 'graduated', t));
      }),
    );
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1000), (q, p) => {
        const one = [{ upTo: null, price: p }];
        expect(tieredSum(q, 'graduated', one)).toBe(q * p);
        expect(tieredSum(q, 'volume', one)).toBe(q * p);
      }),
    );
  });
  it('graduated equals the sum of its slices priced one by one', () => {
    fc.assert(
      fc.property(zTiers, fc.nat(5_000), (t, q) => {
        let sum = 0;
        for (let unit = 1; unit <= q; unit += 1)
          sum += t.find((x) => x.upTo === null || unit <= x.upTo)!.price;
        expect(tieredSum(q, 'graduated', t)).toBe(sum);
      }),
    );
  });
});

const none = { orders: 0, sales: 0, einvoices: 0, deliveries: 0 };

describe('a month’s charge', () => {
  it('adds the fixed fee, the orders and the share of sales, in cents', () => {
    // 400 orders: 300 free, 100 × NT$0.5; sales NT$150,000: 100,000 × 1.5 % + 50,000 × 1 %
    const c = computeCharge(formula(), { orders: 400, sales: 15_000_000, einvoices: 0, deliveries: 0 });
    expect(c).toEqual({
      fixed: 99_900,
      perOrder: 5_000,
      percent: 150_000 + 50_000,
      einvoice: 0,
      delivery: 0,
      total: 304_900,
    });
  });
  it('rounds the percentage once, half up, to the cent', () => {
    const f = formula({ percentOfSales: { mode: 'graduated', tiers: [{ upTo: null, price: 150 }] } });
    expect(computeCharge(f, { ...none, sales: 33 }).percent).toBe(0); // 0.495 cents
    expect(computeCharge(f, { ...none, sales: 34 }).percent).toBe(1); // 0.51 cents
    expect(computeCharge(f, { ...none, sales: 100 }).percent).toBe(2); // 1.5 cents → 2
  });
  it('a formula stored without per-unit prices charges nothing for e-invoices and deliveries', () => {
    // a formula change never rewrites a past bill, so an old version prices exactly as before
    const before = computeCharge(formula(), { orders: 400, sales: 15_000_000, einvoices: 0, deliveries: 0 });
    const c = computeCharge(formula(), { orders: 400, sales: 15_000_000, einvoices: 380, deliveries: 42 });
    expect(c).toEqual(before);
    expect(c.total).toBe(304_900);
    // parsing an old version gives 0 for both
    const parsed = ZFormula.parse(formula());
    expect([parsed.perEinvoice, parsed.perDelivery]).toEqual([0, 0]);
  });
  it('prices each e-invoice and each platform delivery at its own rate', () => {
    const f = formula({ perEinvoice: 50, perDelivery: 1_500 }); // NT$0.5 an e-invoice, NT$15 a delivery
    const c = computeCharge(f, { orders: 0, sales: 0, einvoices: 380, deliveries: 42 });
    expect(c.einvoice).toBe(19_000);
    expect(c.delivery).toBe(63_000);
    expect(c.total).toBe(99_900 + 19_000 + 63_000);
  });

  const zUsage = fc.record({
    orders: fc.nat(1_000_000),
    sales: fc.nat(2_000_000_000),
    einvoices: fc.nat(1_000_000),
    deliveries: fc.nat(100_000),
  });
  const zPerUnit = fc.record({
    perEinvoice: fc.nat(FORMULA_LIMITS.perUnitMax),
    perDelivery: fc.nat(FORMULA_LIMITS.perUnitMax),
  });
  it('total is the sum of its parts, never negative, for any usage', () => {
    fc.assert(
      fc.property(zUsage, zPerUnit, (usage, units) => {
        const c = computeCharge(formula(units), usage);
        expect(c.total).toBe(c.fixed + c.perOrder + c.percent + c.einvoice + c.delivery);
        expect(c.percent).toBeGreaterThanOrEqual(0);
        expect(c.einvoice).toBe(usage.einvoices * units.perEinvoice);
        expect(c.delivery).toBe(usage.deliveries * units.perDelivery);
        expect(Number.isInteger(c.total)).toBe(true);
      }),
    );
  });
  it('the total never decreases when any usage grows (graduated tiers)', () => {
    fc.assert(
      fc.property(zUsage, zUsage, zPerUnit, (usage, more, units) => {
        const f = formula(units);
        const grown = {
          orders: usage.orders + (more.orders % 1000),
          sales: usage.sales + (more.sales % 1_000_000),
          einvoices: usage.einvoices + (more.einvoices % 1000),
          deliveries: usage.deliveries + (more.deliveries % 1000),
        };
        expect(computeCharge(f, grown).total).toBeGreaterThanOrEqual(computeCharge(f, usage).total);
      }),
    );
  });
});

describe('the formula schema', () => {
  it('accepts a well-formed formula and refuses bad tiers with their messages', () => {
    expect(ZFormula.safeParse(formula()).success).toBe(true);
    const bad = (tiers: TTier[]) =>
      ZFormula.safeParse(formula({ perOrder: { mode: 'graduated', tiers } })).error?.issues[0]?.message;
    expect(bad([])).toBe(M.tiersRequired.zh);
    expect(bad([{ upTo: 10, price: 1 }])).toBe(M.lastTierOpen.zh);
    expect(
      bad([
        { upTo: null, price: 1 },
        { upTo: null, price: 1 },
      ]),
    ).toBe(M.onlyLastOpen.zh);
    expect(
      bad([
        { upTo: 10, price: 1 },
        { upTo: 10, price: 1 },
        { upTo: null, price: 1 },
      ]),
    ).toBe(M.tiersIncreasing.zh);
    expect(ZFormula.safeParse(formula({ fixedMonthly: -1 })).success).toBe(false);
    expect(ZFormula.safeParse(formula({ perEinvoice: -1 })).success).toBe(false);
    expect(ZFormula.safeParse(formula({ perDelivery: FORMULA_LIMITS.perUnitMax + 1 })).success).toBe(false);
    expect(ZFormula.safeParse(formula({ perDelivery: 1.5 })).success).toBe(false);
    expect(
      ZFormula.safeParse(
        formula({ percentOfSales: { mode: 'volume', tiers: [{ upTo: null, price: 10_001 }] } }),
      ).success,
    ).toBe(false);
  });
});

describe('versions: a change never rewrites the past', () => {
  it('takes effect on the 1st of a month after today and after the latest version', () => {
    expect(effectiveFromProblem('2026-12-01', '2026-11-25', '2026-08-01')).toBeNull();
    expect(effectiveFromProblem('2026-12-15', '2026-11-25', null)).toBe(M.effectiveFromFirstOfMonth);
    expect(effectiveFromProblem('2026-11-01', '2026-11-25', null)).toBe(M.effectiveFromFuture);
    expect(effectiveFromProblem('2026-11-01', '2026-11-01', null)).toBe(M.effectiveFromFuture);
    expect(effectiveFromProblem('2027-01-01', '2026-11-25', '2027-01-01')).toBe(M.effectiveFromAfterLatest);
    expect(effectiveFromProblem('2026-13-01', '2026-11-25', null)).toBe(M.effectiveFromRequired);
  });
  it('the earliest allowed date is allowed, and any date before it is not', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }),
        fc.boolean(),
        (d, scheduled) => {
          const today = d.toISOString().slice(0, 10);
          // a plan without versions, or one with a version already scheduled for next month
          const latest = scheduled ? earliestEffectiveFrom(today, null) : null;
          const at = earliestEffectiveFrom(today, latest);
          expect(effectiveFromProblem(at, today, latest)).toBeNull();
          expect(at > today).toBe(true);
          expect(effectiveFromProblem(`${today.slice(0, 7)}-01`, today, latest)).not.toBeNull();
        },
      ),
    );
  });
  it('a month reads the latest version that took effect on or before its 1st', () => {
    const v = [
      { id: 1, effectiveFrom: '2026-01-01' },
      { id: 2, effectiveFrom: '2026-08-01' },
      { id: 3, effectiveFrom: '2027-01-01' },
    ];
    expect(versionForMonth(v, '2025-12')).toBeNull();
    expect(versionForMonth(v, '2026-07')?.id).toBe(1);
    expect(versionForMonth(v, '2026-08')?.id).toBe(2);
    expect(versionForMonth(v, '2026-12')?.id).toBe(2);
    expect(versionForMonth(v, '2027-03')?.id).toBe(3);
    // adding a later version never changes the version of a month before it
    expect(versionForMonth([...v, { id: 4, effectiveFrom: '2027-06-01' }], '2027-03')?.id).toBe(3);
  });
});
