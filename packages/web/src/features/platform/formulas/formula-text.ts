import type { TFormula, TTier } from '@shopdesk/contract';

/** Cents as NT$ text (two decimals only when there are cents). */
export const ntd = (cents: number) =>
  `NT$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: cents % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;
/** Basis points as a percentage. */
export const pct = (bp: number) => `${(bp / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

/** "≤300: NT$0 · >300: NT$0.5" */
export const tiersText = (
  tiers: readonly TTier[],
  upTo: (n: number) => string,
  price: (n: number) => string,
) => {
  if (tiers.length === 1) return price(tiers[0]!.price);
  return tiers
    .map((t, k) => {
      const before = k > 0 ? tiers[k - 1]!.upTo : null;
      const range = t.upTo === null ? `> ${upTo(before ?? 0)}` : `≤ ${upTo(t.upTo)}`;
      return `${range}: ${price(t.price)}`;
    })
    .join(' · ');
};

/** The form's shape: NT$ and % as a person types them; converted to cents and basis points on save. */
export type TFormulaForm = {
  effectiveFrom: string;
  note: string;
  fixedMonthly: number;
  perOrderMode: TFormula['perOrder']['mode'];
  perOrderTiers: { upTo: number | null; price: number }[];
  percentMode: TFormula['percentOfSales']['mode'];
  percentTiers: { upTo: number | null; price: number }[];
  perEinvoice: number;
  perDelivery: number;
};

const cents = (n: number) => Math.round(n * 100);

export const toForm = (f: TFormula, effectiveFrom: string): TFormulaForm => ({
  effectiveFrom,
  note: '',
  fixedMonthly: f.fixedMonthly / 100,
  perOrderMode: f.perOrder.mode,
  perOrderTiers: f.perOrder.tiers.map((t) => ({ upTo: t.upTo, price: t.price / 100 })),
  percentMode: f.percentOfSales.mode,
  percentTiers: f.percentOfSales.tiers.map((t) => ({
    upTo: t.upTo === null ? null : t.upTo / 100,
    price: t.price / 100,
  })),
  perEinvoice: f.perEinvoice / 100,
  perDelivery: f.perDelivery / 100,
});

export const fromForm = (v: TFormulaForm): TFormula => ({
  fixedMonthly: cents(v.fixedMonthly ?? 0),
  perOrder: {
    mode: v.perOrderMode,
    tiers: (v.perOrderTiers ?? []).map((t) => ({ upTo: t.upTo ?? null, price: cents(t.price ?? 0) })),
  },
  percentOfSales: {
    mode: v.percentMode,
    // NT$ bounds → cents, % → basis points
    tiers: (v.percentTiers ?? []).map((t) => ({
      upTo: t.upTo === null || t.upTo === undefined ? null : cents(t.upTo),
      price: Math.round((t.price ?? 0) * 100),
    })),
  },
  perEinvoice: cents(v.perEinvoice ?? 0),
  perDelivery: cents(v.perDelivery ?? 0),
});

export const EMPTY_FORMULA: TFormula = {
  fixedMonthly: 0,
  perOrder: { mode: 'graduated', tiers: [{ upTo: null, price: 0 }] },
  percentOfSales: { mode: 'graduated', tiers: [{ upTo: null, price: 0 }] },
  perEinvoice: 0,
  perDelivery: 0,
};

/** The 1st of each of the `count` months from `from` (a YYYY-MM-01). */
export const monthsFrom = (from: string, count: number) => {
  const [y, m] = from.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, k) => {
    const i = y * 12 + (m - 1) + k;
    return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`;
  });
};
