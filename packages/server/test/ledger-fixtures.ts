import { randomUUID } from 'node:crypto';
import type { TFormulaInput } from '@shopdesk/contract';
import { contractPlans, contracts, deliveries, formulaVersions, invoices, orders } from '../src/db/schema';
import { shopClock } from '../src/jobs/local-clock';
import type { build } from './helpers';

type T = Awaited<ReturnType<typeof build>>;
export const VAS = '/console/apis/gaa/vas';
export const ACCT = '/console/apis/gaa/acct';

/** YYYY-MM of `ahead` months from this one (negative: past), Asia/Taipei. */
export const monthFrom = (ahead: number, now = new Date()) => {
  const [y, m] = shopClock(now).date.split('-').map(Number) as [number, number];
  const k = y * 12 + (m - 1) + ahead;
  return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
};

export const FIXED_ONLY: TFormulaInput = {
  fixedMonthly: 49_900,
  perOrder: { mode: 'graduated', tiers: [{ upTo: null, price: 0 }] },
  percentOfSales: { mode: 'graduated', tiers: [{ upTo: null, price: 0 }] },
};

/** A plan whose formula (v1) took effect a year ago, and a shop on it since then, with its wallet opened. */
export const billedShop = async (
  t: T,
  gaa: { headers: Record<string, string> },
  formula: TFormulaInput = FIXED_ONLY,
) => {
  const code = `L-${randomUUID().slice(0, 8)}`;
  const [plan] = await t.db
    .insert(contractPlans)
    .values({ code, plan: `帳務方案 ${code}` })
    .returning();
  await t.db.insert(formulaVersions).values({
    planId: plan!.id,
    version: 1,
    effectiveFrom: `${monthFrom(-12)}-01`,
    formula,
    createdByName: 'test',
  });
  const { account } = await t.createShop({ name: `帳 ${code.slice(2, 8)}` });
  await t.db.insert(contracts).values({
    accountId: account.id,
    planId: plan!.id,
    startDate: `${monthFrom(-12)}-01`,
    endDate: `${monthFrom(12)}-01`,
    sysEndDate: `${monthFrom(12)}-01`,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `${VAS}/accounts`,
    headers: gaa.headers,
    payload: { shopId: account.id },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return { shopId: account.id, walletId: res.json().id as number, planId: plan!.id };
};

export const key = () => `k-${randomUUID()}`;

/**
 * A shop's platform usage in a month: `einvoices` issued e-invoices and `deliveries` courier deliveries, each on
 * an order of its own made now (so not one of that month's counted orders), plus a voided e-invoice and a
 * cancelled delivery in the month, which must not count.
 */
export const platformUsage = async (
  t: T,
  shopId: number,
  month: string,
  n: { einvoices: number; deliveries: number },
) => {
  const at = new Date(`${month}-15T12:00:00+08:00`);
  const order = async () => {
    const [o] = await t.db
      .insert(orders)
      .values({
        accountId: shopId,
        serial: Math.floor(Math.random() * 1e9),
        status: 'completed',
        mealType: 'delivery',
        paymentMethod: 'cash',
        customerName: '王小明',
        customerPhone: '0912345678',
        subtotal: 100,
        total: 100,
        itemCount: 1,
        idempotencyKey: `usage-${randomUUID()}`,
      })
      .returning({ id: orders.id });
    return o!.id;
  };
  const invoice = async (status: 'issued' | 'voided') =>
    t.db.insert(invoices).values({
      accountId: shopId,
      orderId: await order(),
      number: `ZZ${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      status,
      amount: 100,
      issuedAt: at,
    });
  const delivery = async (vendorStatus: string) =>
    t.db.insert(deliveries).values({
      accountId: shopId,
      orderId: await order(),
      vendor: 'lalamove',
      vendorOrderId: `v-${randomUUID()}`,
      vendorStatus,
      createdAt: at,
    });
  for (let k = 0; k < n.einvoices; k += 1) await invoice('issued');
  for (let k = 0; k < n.deliveries; k += 1) await delivery('COMPLETED');
  await invoice('voided');
  await delivery('CANCELED');
};
