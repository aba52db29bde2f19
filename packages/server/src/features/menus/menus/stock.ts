import { and, eq, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { runPrepared, runPreparedSql } from '../../../db/prepared';
import { options, products } from '../../../db/schema';

export type StockItem = { productId: number; qty: number };

export type TakeStockResult =
  | {
      ok: true;
      taken: { productId: number; qty: number; stockLeft: number | null }[];
      /** The fold's rows (StockFold) as json text, when it was run in the stock statement. */
      folded?: string;
    }
  | {
      ok: false;
      /** The first product (by id) that could not be served. */
      productId: number;
      reason: 'not_found' | 'sold_out' | 'not_enough';
      /** What is left of it now (null = unlimited). */
      stockLeft: number | null;
    };

class Shortage extends Error {
  constructor(readonly result: Extract<TakeStockResult, { ok: false }>) {
    super('stock shortage');
  }
}

/**
 * A locking read of another feature folded into the stock statement of a one-product order (order intake's
 * running promotions, FOR UPDATE: docs/decisions/orders.md "Intake statements: the cuts"), so it costs no round trip of its own.
 * `build` gives a select built once with `sql.placeholder(…)` for `values`; it must put `taken` (true when the
 * stock UPDATE took its row) in its WHERE: the UPDATE then runs first, so the shop's lock order (products,
 * then what the fold locks) holds, and nothing is locked when the stock was short. Its rows come back as a
 * json array (`folded`). `name` names the statement (one text per name).
 */
export type StockFold = { name: string; build: (taken: SQL) => SQL; values: Record<string, unknown> };

/**
 * Takes stock for an order, inside the caller's transaction.
 *
 * Each product is one `UPDATE … WHERE stock_left >= qty`: PostgreSQL re-checks the condition on the
 * newest row version after waiting for a concurrent order's lock, so stock never goes below zero (and a
 * CHECK constraint guards it too). Products are taken in id order so two orders never wait on each other
 * in a cycle. All or nothing: the updates run in a savepoint, and when one product runs out the savepoint
 * is rolled back and the result names that product; the caller's transaction stays usable.
 * Unlimited products (no daily stock) only need to be live and not sold out.
 */
export const takeStock = async (
  tx: Db,
  items: StockItem[],
  /** `fold`: with `accountId`, run in the statement of a one-product order (else the caller reads it). */
  opts: { accountId?: number; fold?: StockFold } = {},
): Promise<TakeStockResult> => {
  const wanted = new Map<number, number>();
  for (const { productId, qty } of items) {
    if (!Number.isInteger(qty) || qty <= 0) throw new Error(`takeStock: bad quantity ${qty}`);
    wanted.set(productId, (wanted.get(productId) ?? 0) + qty);
  }
  const ordered = [...wanted.entries()].sort(([a], [b]) => a - b);
  if (ordered.length === 1 && opts.fold && opts.accountId !== undefined) {
    const [[productId, qty]] = ordered as [[number, number]];
    return takeOneFolded(tx, { productId, qty, accountId: opts.accountId }, opts.fold);
  }
  // One product needs no savepoint: its one conditional UPDATE changes nothing when it fails (two round
  // trips fewer for the usual order; docs/decisions/orders.md "Order intake: round trips").
  const run = <T>(fn: (sp: Db) => Promise<T>) =>
    ordered.length === 1 ? fn(tx) : tx.transaction((sp) => fn(sp as unknown as Db));
  try {
    return await run(async (sp) => {
      const taken: { productId: number; qty: number; stockLeft: number | null }[] = [];
      for (const [productId, qty] of ordered) {
        // built once per process and run by name (db/prepared.ts) when the shop is given (order intake)
        const [row] =
          opts.accountId === undefined
            ? await takeOne(sp, { productId, qty })
            : await runPrepared<{ stockLeft: number | null }>(
                sp,
                'take_stock',
                (d) =>
                  takeOne(d, {
                    productId: sql.placeholder('productId'),
                    qty: sql.placeholder('qty'),
                    accountId: sql.placeholder('accountId'),
                  }),
                { productId, qty, accountId: opts.accountId },
              );
        if (!row) throw new Shortage(await whyShort(sp, productId, opts.accountId));
        taken.push({ productId, qty, stockLeft: row.stockLeft });
      }
      return { ok: true as const, taken };
    });
  } catch (err) {
    if (err instanceof Shortage) return err.result;
    throw err;
  }
};

type Value = number | Placeholder;

/**
 * One product's conditional UPDATE: its stock (unlimited stays null), only while it is live, not sold out and
 * has enough, and of the shop when one is given. Values or placeholders (`runPrepared`).
 */
const takeOne = (db: Db, v: { productId: Value; qty: Value; accountId?: Value }) => {
  const n = (x: Value) => x as unknown as number;
  return db
    .update(products)
    .set({
      stockLeft: sql`case when ${products.stockLeft} is null then null else ${products.stockLeft} - ${v.qty}::int end`,
    })
    .where(
      and(
        eq(products.id, n(v.productId)),
        v.accountId === undefined ? undefined : eq(products.accountId, n(v.accountId)),
        eq(products.archived, false),
        eq(products.soldOut, false),
        or(sql`${products.stockLeft} is null`, sql`${products.stockLeft} >= ${v.qty}::int`),
      ),
    )
    .returning({ stockLeft: products.stockLeft });
};

/**
 * One product's conditional UPDATE (`takeOne`) with a fold after it, one statement built once per fold name
 * (db/prepared.ts `runPreparedSql`): CTE `st` is the UPDATE, `f` the fold, which reads only when `st` took
 * its row (an InitPlan run before any row of `f` is locked).
 */
const takeOneFolded = async (
  tx: Db,
  v: { productId: number; qty: number; accountId: number },
  fold: StockFold,
): Promise<TakeStockResult> => {
  const [row] = await runPreparedSql<{ taken: boolean; stock_left: number | null; folded: string }>(
    tx,
    `take_stock_${fold.name}`,
    () => {
      const update = takeOne(tx, {
        productId: sql.placeholder('productId'),
        qty: sql.placeholder('qty'),
        accountId: sql.placeholder('accountId'),
      }).getSQL();
      return sql`with st as (${update}), f as (${fold.build(sql`exists (select 1 from st)`)})
        select exists (select 1 from st) as taken, (select stock_left from st) as stock_left,
          (select coalesce(json_agg(row_to_json(f)), '[]')::text from f) as folded`;
    },
    { ...fold.values, productId: v.productId, qty: v.qty, accountId: v.accountId },
  );
  if (!row?.taken) return whyShort(tx, v.productId, v.accountId);
  const stockLeft = row.stock_left === null ? null : Number(row.stock_left);
  return { ok: true, taken: [{ productId: v.productId, qty: v.qty, stockLeft }], folded: row.folded };
};

const whyShort = async (
  db: Db,
  productId: number,
  accountId: number | undefined,
): Promise<Extract<TakeStockResult, { ok: false }>> => {
  const [row] = await db
    .select({
      accountId: products.accountId,
      archived: products.archived,
      soldOut: products.soldOut,
      stockLeft: products.stockLeft,
    })
    .from(products)
    .where(eq(products.id, productId));
  if (!row || row.archived || (accountId !== undefined && row.accountId !== accountId))
    return { ok: false, productId, reason: 'not_found', stockLeft: null };
  if (row.soldOut) return { ok: false, productId, reason: 'sold_out', stockLeft: row.stockLeft };
  return { ok: false, productId, reason: 'not_enough', stockLeft: row.stockLeft };
};

/**
 * A new day's stock (spec 001 §2.2 is_auto_restore_stock / reset_time): every live product back
 * to its daily stock, and the sold-out marks of products and options cleared (docs/decisions/menus.md "Menus").
 * Returns how many products and options changed. Run it inside a transaction with its audit row.
 */
export const restoreDailyStock = async (db: Db, accountId: number) => {
  const restored = await db
    .update(products)
    .set({ stockLeft: sql`${products.dailyStock}`, soldOut: false, updatedAt: new Date() })
    .where(
      and(
        eq(products.accountId, accountId),
        eq(products.archived, false),
        or(eq(products.soldOut, true), sql`${products.stockLeft} is distinct from ${products.dailyStock}`),
      ),
    )
    .returning({ id: products.id, stockLeft: products.stockLeft });
  const reopened = await db
    .update(options)
    .set({ soldOut: false })
    .where(and(eq(options.accountId, accountId), eq(options.soldOut, true)))
    .returning({ id: options.id });
  return { products: restored, options: reopened.map((o) => o.id) };
};
