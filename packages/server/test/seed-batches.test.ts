import { getTableName, sql, type Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../src/db/client';
import { SEED_BATCH } from '../src/seed/batches';
import { seedContractsAndPromotions } from '../src/seed/contracts-promotions';
import { seedDemo } from '../src/seed/seed';
import { build } from './helpers';

/** The database, recording how many rows each INSERT built with Drizzle's builder carries. */
const spyInserts = (db: Db) => {
  const sizes: { table: string; rows: number }[] = [];
  const wrap = (target: Db): Db =>
    new Proxy(target, {
      get(t, prop) {
        if (prop === 'insert')
          return (table: Table) => {
            const builder = t.insert(table);
            const values = builder.values.bind(builder);
            builder.values = ((rows: unknown) => {
              sizes.push({ table: getTableName(table), rows: Array.isArray(rows) ? rows.length : 1 });
              return values(rows as never);
            }) as typeof builder.values;
            return builder;
          };
        if (prop === 'transaction')
          return (fn: (tx: Db) => Promise<unknown>, config?: never) =>
            t.transaction((tx) => fn(wrap(tx as unknown as Db)), config);
        const v = Reflect.get(t, prop, t);
        return typeof v === 'function' ? v.bind(t) : v;
      },
    });
  return { db: wrap(db), sizes };
};

const largest = (sizes: { table: string; rows: number }[]) =>
  sizes.reduce((a, b) => (b.rows > a.rows ? b : a), { table: '', rows: 0 });

// `npm run seed -- --shops 100000 --orders 0` overflowed the stack in Drizzle's insert builder (the
// contracts step wrote one registration order per shop in one statement). Every seed step now batches.
describe('seed steps batch their INSERTs', async () => {
  const t = await build();

  it('the contracts step writes 20,000 shops in slices of SEED_BATCH rows', async () => {
    // 20,000 bare shops straight in SQL (the whole demo seed of 20,000 shops takes minutes on PGlite)
    const ids = (
      await queryRows<{ id: number }>(
        t.db,
        sql`insert into accounts (kind) select 'catering' from generate_series(1, 20000) returning id`,
      )
    ).map((r) => r.id);
    const spy = spyInserts(t.db);
    await seedContractsAndPromotions(spy.db, ids, ids.slice(6, 9));
    const big = largest(spy.sizes);
    expect(big.rows, `${big.table}: ${big.rows} rows in one INSERT`).toBeLessThanOrEqual(SEED_BATCH);
    const [row] = await queryRows<{ ros: number; current: number }>(
      t.db,
      sql`select (select count(*)::int from registration_orders) as ros,
                 (select count(distinct account_id)::int from contracts where registration_order_id is not null) as current`,
    );
    expect(row).toEqual({ ros: 20_000, current: 20_000 });
    await t.db.execute(sql`truncate accounts, contract_plans restart identity cascade`);
  }, 120_000);

  it('the whole demo seed of 1,200 shops: no INSERT carries more than SEED_BATCH rows', async () => {
    const spy = spyInserts(t.db);
    await seedDemo(spy.db, { shops: 1_200, orders: 0 });
    const big = largest(spy.sizes);
    expect(big.rows, `${big.table}: ${big.rows} rows in one INSERT`).toBeLessThanOrEqual(SEED_BATCH);
    const [row] = await queryRows<{ shops: number; menus: number; current: number }>(
      t.db,
      sql`select (select count(*)::int from businesses) as shops,
                 (select count(distinct account_id)::int from products) as menus,
                 (select count(distinct account_id)::int from contracts where registration_order_id is not null) as current`,
    );
    expect(row).toEqual({ shops: 1_200, menus: 1_200, current: 1_200 });
  }, 180_000);
});
