import { addDays, defaultSysEnd, describePromotion, type TPromotionInput, toRule } from '@shopdesk/contract';
import type { Db } from '../db/client';
import { contractPlans, contracts, promotions, registrationOrders } from '../db/schema';
import { shopClock } from '../jobs/local-clock';
import { inBatches } from './batches';
import { seedFormulas } from './formulas';

const PLANS = [
  { code: 'BASIC', plan: '基本方案' },
  { code: 'STD', plan: '標準方案' },
  { code: 'PRO', plan: '進階方案' },
];

/** Demo promotions: a simple 9折 over NT$300, a first-order NT$50 off, buy 3 pay 2 on eat-in. */
const demoPromotions = (today: string): TPromotionInput[] => {
  const end = addDays(today, 30);
  const setting = (over: Partial<TPromotionInput & { form: 'config' }>['settings']) => over;
  return [
    {
      form: 'simple',
      displayName: '滿 300 打九折',
      class: 'common',
      roundingType: 0,
      content: { type: 'percentage', target: 'amount', th: 300, value: 10, start: addDays(today, -7), end },
    },
    {
      form: 'config',
      displayName: '新會員首單折 50',
      class: 'common',
      duration: { start: addDays(today, -7), end },
      formulas: { condition: null, discount: null },
      computeModules: [],
      settings: setting({
        all: {
          checked: true,
          general: { discountType: 'fixed', amount: 50, totalUsage: 500, carryMethod: 'floor' },
          usageRestrctions: { restrictionType: 'amount', value: 200 },
          roleRestrictions: { userType: 'new' },
          usageLimits: { limitPerUser: 1 },
        },
      })!,
    },
    {
      form: 'config',
      displayName: '內用買三送一',
      class: 'common',
      duration: { start: today, end: addDays(today, 90) },
      formulas: { condition: null, discount: null },
      computeModules: [],
      settings: setting({
        eatIn: {
          checked: true,
          general: { discountType: 'discountPerItemsLow', amount: 1, totalUsage: null, carryMethod: 'floor' },
          usageRestrctions: { restrictionType: 'perItems', value: 4 },
          roleRestrictions: { userType: 'none' },
          usageLimits: { limitPerUser: null },
        },
      })!,
    },
  ];
};

/**
 * Contracts for every demo shop: the plans, one registration order and one current contract a
 * shop (so the daily contract job leaves the demo shops on), an earlier ended contract for every fifth shop;
 * and the demo promotions on `promotionShops` (on: the first two; the third is created off, as the console
 * creates them).
 */
export const seedContractsAndPromotions = async (
  db: Db,
  shopIds: readonly number[],
  promotionShops: readonly number[],
  now = new Date(),
) => {
  const { date: today } = shopClock(now);
  const plans = await db.insert(contractPlans).values(PLANS).returning();
  await seedFormulas(db, plans, now);
  const year = today.slice(0, 4);
  // one statement for 100,000 shops overflowed the stack in Drizzle's insert builder
  const orders = await inBatches(shopIds, (batch) =>
    db
      .insert(registrationOrders)
      .values(batch.map((id) => ({ accountId: id, orderId: `RO${year}${String(id).padStart(6, '0')}` })))
      .returning(),
  );
  const rows = orders.flatMap((o, i) => {
    const start = addDays(today, -((o.accountId * 37) % 300) - 1);
    const end = addDays(start, 365);
    const current = {
      accountId: o.accountId,
      planId: plans[i % plans.length]!.id,
      registrationOrderId: o.id,
      startDate: start,
      endDate: end,
      sysEndDate: defaultSysEnd(end),
      status: 'normal' as const,
    };
    if (i % 5 !== 0) return [current];
    const earlier = addDays(start, -365);
    return [
      {
        ...current,
        registrationOrderId: null,
        startDate: earlier,
        endDate: start,
        sysEndDate: defaultSysEnd(start),
      },
      current,
    ];
  });
  await inBatches(rows, async (batch) => {
    await db.insert(contracts).values(batch);
  });
  const promos = promotionShops.flatMap((accountId) =>
    demoPromotions(today).map((p, i) => {
      const rule = toRule(0, p);
      return {
        accountId,
        form: p.form,
        displayName: p.displayName,
        description: describePromotion(rule),
        enabled: i < 2,
        roundingType: p.form === 'simple' ? p.roundingType : null,
        content: p.form === 'simple' ? p.content : null,
        settings: p.form === 'config' ? p.settings : null,
        startDate: rule.start,
        endDate: rule.end,
      };
    }),
  );
  if (promos.length) await db.insert(promotions).values(promos);
};
