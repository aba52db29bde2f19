// The order-limit count (order-store.ts countOrdersIn / countOrdersInSql; the key read's counts use the same
// predicate): an order takes its place at its wanted time, else when it was placed, and a rejected or
// canceled one gives it back (spec 001 §7 max_num_of_order). The count finds the slot through
// orders_account_meal_place_idx, so its cost is the slot's orders, not the shop's history
// (docs/decisions/orders.md "The slot count read the shop's whole history"). Both drivers.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { orders } from '../src/db/schema';
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
    const plan = await t.db.transaction(async (tx) => {
      // a test's orders table is small enough for the planner to read it whole: that is not the question here
      await tx.execute(sql`set local enable_seqscan = off`);
      const [r] = await queryRows<{ 'QUERY PLAN': unknown }>(
        tx,
        sql`explain (format json) select ${countOrdersInSql(shop.accountId, 'to_go', from, to)} as n`,
      );
      const p = r!['QUERY PLAN'];
      return (typeof p === 'string' ? JSON.parse(p) : p) as [{ Plan: PlanNode }];
    });
    const scans = nodes(plan[0].Plan).filter((n) => n['Index Name'] === 'orders_account_meal_place_idx');
    expect(scans.length, JSON.stringify(plan)).toBeGreaterThan(0);
    const cond = scans[0]!['Index Cond'] ?? '';
    expect(cond).toMatch(/COALESCE\(wanted_at, created_at\) >=/i);
    expect(cond).toMatch(/COALESCE\(wanted_at, created_at\) </i);
  });
});

type PlanNode = { 'Index Name'?: string; 'Index Cond'?: string; Plans?: PlanNode[] };
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
