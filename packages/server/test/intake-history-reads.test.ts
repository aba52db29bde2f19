// Reads of order intake whose cost must not grow with the orders table: each finds its rows through an index.
// - The order-limit count (order-store.ts countOrdersIn / countOrdersInSql; the key read's counts use the same
//   predicate): an order takes its place at its wanted time, else when it was placed, and a rejected or
//   canceled one gives it back (spec 001 §7 max_num_of_order). It finds the slot through
//   orders_account_meal_place_idx, so its cost is the slot's orders, not the shop's history
//   (docs/decisions/orders.md "The slot count read the shop's whole history").
// - A customer's earlier orders (order-pricing.ts priorOrdersSql, spec 002 §9 new members): by phone or
//   chat-app user id, each side of the `or` through its index (orders.md "The customer's earlier orders read
//   the whole table").
// Both drivers. The plans are read with sequential scans off: a test's tables are small enough for the planner
// to read them whole, which is not the question here.
import { eq, type SQL, sql, TransactionRollbackError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { orders } from '../src/db/schema';
import { priorOrdersSql } from '../src/features/marketing/promotions/order-pricing';
import { countOrdersIn, countOrdersInSql } from '../src/features/orders/storefront/order-store';
import { build } from './helpers';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

const t = await build();
const owner = await t.signedIn('eaa');
const shop = await openShop(t, owner);
const placed = await postOrder(t, shop.accountId, orderBody(shop.productId));
const [model] = await t.db.select().from(orders).where(eq(orders.id, placed.json().order.id));
const { id: _id, ...row } = model!;

// the slot [12:00, 13:00) Taipei of a day in the past
const from = new Date('2026-03-02T04:00:00Z');
const to = new Date('2026-03-02T05:00:00Z');
let serial = 100;
const add = (o: Partial<typeof orders.$inferInsert>) =>
  t.db.insert(orders).values({ ...row, serial: serial++, idempotencyKey: `count-${serial}`, ...o });

describe('the order-limit count', () => {
  it('counts the slot’s to-go orders by wanted time, else placed time, without rejected or canceled ones', async () => {
    const at = (iso: string) => new Date(iso);
    // placed in the slot, no wanted time: counted
    await add({ createdAt: at('2026-03-02T04:10:00Z'), wantedAt: null });
    // wanted in the slot, placed the day before: counted
    await add({ createdAt: at('2026-03-01T02:00:00Z'), wantedAt: at('2026-03-02T04:59:00Z') });
    // placed in the slot, wanted after it: not counted
    await add({ createdAt: at('2026-03-02T04:20:00Z'), wantedAt: at('2026-03-02T05:00:00Z') });
    // canceled or rejected in the slot: not counted
    await add({ createdAt: at('2026-03-02T04:30:00Z'), wantedAt: null, status: 'canceled' });
    await add({ createdAt: at('2026-03-02T04:31:00Z'), wantedAt: null, status: 'rejected' });
    // another meal type in the slot: not counted
    await add({ createdAt: at('2026-03-02T04:40:00Z'), wantedAt: null, mealType: 'delivery' });
    // the shop's history, before the slot: not counted
    for (let d = 1; d <= 20; d += 1)
      await add({ createdAt: new Date(from.getTime() - d * 86_400_000), wantedAt: null });
    expect(await countOrdersIn(t.db, shop.accountId, 'to_go', from, to)).toBe(2);
  });

  it('reads the slot through the place-time index, both bounds in its condition', async () => {
    const scans = await indexScans(sql`select ${countOrdersInSql(shop.accountId, 'to_go', from, to)} as n`);
    const place = scans.filter((n) => n['Index Name'] === 'orders_account_meal_place_idx');
    expect(place.length, JSON.stringify(scans)).toBeGreaterThan(0);
    const cond = place[0]!['Index Cond'] ?? '';
    expect(cond).toMatch(/COALESCE\(wanted_at, created_at\) >=/i);
    expect(cond).toMatch(/COALESCE\(wanted_at, created_at\) </i);
  });
});

describe('a customer’s earlier orders (new-member promotions)', () => {
  it('are found by phone and by chat-app user id, each through its index', async () => {
    // a test's few orders make the shop's own indexes the cheapest way in; on a real table they are a read of
    // the shop's whole history. Without them, the count must still be two index reads, not a table scan.
    const shopIndexes = [
      'orders_account_created_idx',
      'orders_account_meal_place_idx',
      'orders_account_open_idx',
      'orders_account_idempotency_unique',
      'orders_account_serial_day_unique',
    ];
    const scans = await indexScans(priorOrdersSql(shop.accountId, '0912345678', 'U4af4980629'), shopIndexes);
    const names = scans.map((n) => n['Index Name']);
    expect(names, JSON.stringify(scans)).toContain('orders_phone_created_idx');
    expect(names).toContain('orders_line_user_created_idx');
  });

  it('count the customer’s live orders at the shop, by phone or user id', async () => {
    const count = async (phone: string, lineUserId: string | null) =>
      (await queryRows<{ n: number }>(t.db, priorOrdersSql(shop.accountId, phone, lineUserId)))[0]!.n;
    await add({ customerPhone: '0922000111', lineUserId: 'U-prior-1', createdAt: new Date('2026-02-01') });
    await add({ customerPhone: '0922000222', lineUserId: 'U-prior-1', createdAt: new Date('2026-02-02') });
    await add({ customerPhone: '0922000111', lineUserId: null, status: 'canceled' });
    expect(await count('0922000111', null)).toBe(1);
    expect(await count('0922000111', 'U-prior-1')).toBe(2);
    expect(await count('0900000000', 'U-prior-1')).toBe(2);
    expect(await count('0900000000', null)).toBe(0);
  });
});

type PlanNode = { 'Index Name'?: string; 'Index Cond'?: string; Plans?: PlanNode[] };
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/**
 * The index scans of a statement's plan, sequential scans off and the indexes `without` dropped for the plan
 * (in a transaction rolled back: they come back).
 */
const indexScans = async (statement: SQL, without: string[] = []) => {
  let plan: [{ Plan: PlanNode }] | undefined;
  await t.db
    .transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      for (const name of without) await tx.execute(sql.raw(`drop index ${name}`));
      const [r] = await queryRows<{ 'QUERY PLAN': unknown }>(tx, sql`explain (format json) ${statement}`);
      const p = r!['QUERY PLAN'];
      plan = (typeof p === 'string' ? JSON.parse(p) : p) as [{ Plan: PlanNode }];
      tx.rollback();
    })
    .catch((e) => {
      if (!(e instanceof TransactionRollbackError)) throw e;
    });
  return nodes(plan![0].Plan).filter((n) => n['Index Name']);
};
