import { addDays, type TFormulaInput } from '@shopdesk/contract';
import type { Db } from '../db/client';
import { formulaVersions } from '../db/schema';
import { shopClock } from '../jobs/local-clock';

/** The 1st of the month `back` months before today's (YYYY-MM-01). */
const monthStart = (today: string, back: number) => {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const k = y * 12 + (m - 1) - back;
  return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}-01`;
};

const open = (price: number) => [{ upTo: null, price }];

/**
 * Demo rate formulas: each plan's history, in cents and basis points. BASIC and STD are stored as
 * versions were before e-invoices and deliveries had a price (no perEinvoice / perDelivery: they cost 0).
 */
const history = (code: string): { back: number; note: string; formula: TFormulaInput }[] => {
  if (code === 'BASIC')
    return [
      {
        back: 12,
        note: '基本方案：月費 NT$499，每筆訂單 NT$1',
        formula: {
          fixedMonthly: 49_900,
          perOrder: { mode: 'graduated', tiers: open(100) },
          percentOfSales: { mode: 'graduated', tiers: open(0) },
        },
      },
    ];
  if (code === 'STD')
    return [
      {
        back: 12,
        note: '標準方案首版：月費 NT$999，營業額 1.5%',
        formula: {
          fixedMonthly: 99_900,
          perOrder: { mode: 'graduated', tiers: open(0) },
          percentOfSales: { mode: 'graduated', tiers: open(150) },
        },
      },
      {
        back: 3,
        note: '改為級距費率：營業額 10 萬以內 1.5%，超過部分 1%；前 300 筆訂單免費，之後每筆 NT$0.5',
        formula: {
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
        },
      },
    ];
  return [
    {
      back: 6,
      note: '進階方案：月費 NT$2,990，訂單量級距（整月以達到的級距計），每張電子發票 NT$0.5，每筆平台外送 NT$10',
      formula: {
        fixedMonthly: 299_000,
        perOrder: {
          mode: 'volume',
          tiers: [
            { upTo: 500, price: 200 },
            { upTo: 2000, price: 150 },
            { upTo: null, price: 100 },
          ],
        },
        percentOfSales: { mode: 'graduated', tiers: open(50) },
        perEinvoice: 50,
        perDelivery: 1_000,
      },
    },
  ];
};

/** Seeds every plan's formula versions; the past ones were "written" on their effective dates. */
export const seedFormulas = async (
  db: Db,
  plans: readonly { id: number; code: string }[],
  now = new Date(),
) => {
  const today = shopClock(now).date;
  const rows = plans.flatMap((p) =>
    history(p.code).map((h, i) => {
      const effectiveFrom = monthStart(today, h.back);
      return {
        planId: p.id,
        version: i + 1,
        effectiveFrom,
        formula: h.formula,
        note: h.note,
        createdByName: '平台管理員',
        createdAt: new Date(`${addDays(effectiveFrom, -10)}T10:00:00+08:00`),
      };
    }),
  );
  if (rows.length) await db.insert(formulaVersions).values(rows);
};
