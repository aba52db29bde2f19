import {
  applyPromotions,
  localTime,
  msg,
  needsOrderTimes,
  SHOP_TIME_ZONE,
  type TMealType,
  type TPromotionPricing,
} from '@shopdesk/contract';
import { and, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';
import { rowsFromJson } from '../../../db/json-rows';
import { runPrepared } from '../../../db/prepared';
import { orderPromotions, promotions } from '../../../db/schema';
import { ApiError } from '../../../http/errors';
import type { StockFold } from '../../menus/menus/stock';
import { ruleOf, usageOf } from './promotion-store';

export const PROMOTION_RACE = msg(
  '優惠已被領完，請重新下單',
  'The promotion was just used up, please order again',
);

type PricingInput = {
  mealType: TMealType;
  items: readonly { unitPrice: number; quantity: number }[];
  phone: string;
  lineUserId: string | null;
};

/**
 * Prices an order with the shop's running promotions inside order intake's transaction. The running rows are
 * read FOR UPDATE, so the usage counts the engine sees stay true until commit. The caller takes `uses` (one
 * per applied promotion, with its total-usage limit; empty when nothing applied) in its own statement, in the
 * same transaction, by the conditional UPDATE of `promotionWritesSql` (used_count < limit, so even a writer
 * that skipped the lock could not take a last use twice), and passes the number of rows it took to
 * `checkUsesTaken` (order intake folds it into the order's insert: docs/decisions/orders.md "Order intake CPU").
 */
export const pricePromotions = async (
  tx: Db,
  accountId: number,
  input: PricingInput,
  now: Date,
  opts: {
    /** `anyEnabledSql` said false in the caller's earlier read: no running row to read or lock. */
    noneEnabled?: boolean;
    /** The running rows, read and locked already in the caller's statement (`runningPromotionsFold`). */
    rows?: PromotionRow[];
  } = {},
): Promise<{ pricing: TPromotionPricing; uses: TakenUse[] }> => {
  if (opts.noneEnabled) return { pricing: applyPromotions(input, [], { now, priorOrders: 0 }), uses: [] };
  const today = localTime(now, SHOP_TIME_ZONE).date;
  // built once, run by name (db/prepared.ts): the shop and the day are its only values
  const rows =
    opts.rows ??
    (await runPrepared<PromotionRow>(
      tx,
      'running_promotions_locked',
      (d) => d.select().from(promotions).where(runningWhere()).orderBy(promotions.id).for('update'),
      { accountId, today },
    ));
  if (rows.length === 0) return { pricing: applyPromotions(input, [], { now, priorOrders: 0 }), uses: [] };
  // without a phone the customer is unknown (no new-member or per-customer promotions)
  const anonymous = !input.phone;
  const rules = rows.map(ruleOf);
  // the new-member rule and the orderTimes compute module read the customer's earlier orders
  const forNewMembers = rules.some(
    (r) =>
      needsOrderTimes(r) ||
      Object.values(r.settings).some((s) => s?.checked && s.roleRestrictions.userType === 'new'),
  );
  const priorOrders =
    forNewMembers && !anonymous ? await countPriorOrders(tx, accountId, input.phone, input.lineUserId) : 0;
  const usage = await usageOf(tx, rows, input.phone);
  const pricing = applyPromotions(input, rules, { now, priorOrders, usage, anonymous });
  const uses = pricing.applied.map((a) => ({
    id: a.promotionId,
    lim: rules.find((r) => r.id === a.promotionId)?.settings[a.mealKey]?.general.totalUsage ?? null,
  }));
  return { pricing, uses };
};

type PromotionRow = typeof promotions.$inferSelect;

/** The shop's running promotions (placeholders `accountId` and `today`, the shop's date). */
const runningWhere = () => {
  const day = sql.placeholder('today') as unknown as string;
  return and(
    eq(promotions.accountId, sql.placeholder('accountId') as unknown as number),
    eq(promotions.enabled, true),
    lte(promotions.startDate, day),
    gt(promotions.endDate, day),
  );
};

/**
 * The running promotions' locked read as a fold of order intake's stock statement (menus/stock.ts StockFold):
 * the same rows, FOR UPDATE in id order, read after the stock UPDATE (lock order accounts → products →
 * promotions), so a promoted order sends no statement more than a plain one. `promotionRowsOf` reads its answer.
 */
export const runningPromotionsFold = (accountId: number, now: Date): StockFold => ({
  name: 'running_promotions',
  build: (taken) =>
    sql`select * from ${promotions} where ${runningWhere()} and ${taken} order by ${promotions.id} for update`,
  values: { accountId, today: localTime(now, SHOP_TIME_ZONE).date },
});

/** The rows of `runningPromotionsFold` (json of each row), mapped as drizzle maps the table, in id order. */
export const promotionRowsOf = (json: string): PromotionRow[] =>
  rowsFromJson(promotions, JSON.parse(json) as Record<string, unknown>[]).sort((a, b) => a.id - b.id);

/** A use of an applied promotion to take: the promotion and its total-usage limit (null: none). */
export type TakenUse = { id: number | null; lim: number | null };

/**
 * The uses UPDATE (CTE `uses`, one row per use taken) and the order_promotions insert (CTE `op`, with the order
 * id `orderId` of the caller's statement) for a statement built once (db/prepared.ts `runPreparedSql`):
 * their rows come as the json placeholders `uses` and `op` (`promotionWritesValues`); empty, they write nothing.
 */
export const promotionWritesSql = (
  orderId: SQL,
) => sql`uses as (update promotions p set used_count = p.used_count + 1
      from json_to_recordset(${sql.placeholder('uses')}::json) as v(id int, lim int)
      where p.id = v.id and (v.lim is null or p.used_count < v.lim)
      returning p.id),
    op as (insert into ${orderPromotions} (order_id, promotion_id, account_id, customer_phone, name, meal_key, discount)
      select ${orderId}, x.promotion_id, x.account_id, x.customer_phone, x.name, x.meal_key, x.discount
      from json_to_recordset(${sql.placeholder('op')}::json) as x(promotion_id int, account_id int,
        customer_phone text, name text, meal_key text, discount int))`;

/** The values of `promotionWritesSql`: the uses to take and the order's order_promotions rows. */
export const promotionWritesValues = (
  order: { accountId: number; phone: string },
  pricing: TPromotionPricing,
  uses: TakenUse[],
) => ({
  uses: JSON.stringify(uses),
  op: JSON.stringify(
    pricing.applied.map((a) => ({
      promotion_id: a.promotionId,
      account_id: order.accountId,
      customer_phone: order.phone,
      name: a.name,
      meal_key: a.mealKey,
      discount: a.discount,
    })),
  ),
});

/**
 * Whether the shop has any enabled promotion (running or not), as an SQL boolean a caller folds into its own
 * read: false, `pricePromotions` needs no read (order intake asks it in its shop read).
 */
export const anyEnabledSql = (accountId: number) =>
  sql<boolean>`exists (select 1 from ${promotions} where ${promotions.accountId} = ${accountId} and ${promotions.enabled})`;

/** Fewer uses taken than the engine applied: refused (409) rather than sold at a discount no longer given. */
export const checkUsesTaken = (taken: number, pricing: TPromotionPricing) => {
  if (taken !== pricing.applied.length) throw new ApiError(409, 'PROMOTION_USED_UP', PROMOTION_RACE);
};

/** spec 002 §9 member restriction: earlier orders of this customer at this shop (not rejected or canceled). */
const countPriorOrders = async (tx: Db, accountId: number, phone: string, lineUserId: string | null) => {
  const [row] = await queryRows<{ n: number }>(tx, priorOrdersSql(accountId, phone, lineUserId));
  return Number(row?.n ?? 0);
};

/**
 * `countPriorOrders`'s statement. Each side of the `or` has its index (orders_phone_created_idx,
 * orders_line_user_created_idx): without the second, a customer with a chat-app user id made it read the whole
 * orders table (docs/decisions/orders.md "The customer's earlier orders read the whole table").
 */
export const priorOrdersSql = (accountId: number, phone: string, lineUserId: string | null) =>
  sql`select count(*)::int as n from orders
      where account_id = ${accountId} and status not in ('rejected', 'canceled')
        and (customer_phone = ${phone} ${lineUserId ? sql`or line_user_id = ${lineUserId}` : sql``})`;

export const recordOrderPromotions = async (
  tx: Db,
  order: { id: number; accountId: number; phone: string },
  pricing: TPromotionPricing,
) => {
  const insert = orderPromotionsInsert(tx, order, pricing);
  return insert ? insert.returning() : [];
};

/**
 * The order_promotions insert of an order, unrun (null: nothing applied): order intake embeds it in the
 * order's statement, with the order id the statement's order insert returns (`id` as SQL).
 */
export const orderPromotionsInsert = (
  tx: Db,
  order: { id: number | SQL; accountId: number; phone: string },
  pricing: TPromotionPricing,
) => {
  if (pricing.applied.length === 0) return null;
  return tx.insert(orderPromotions).values(
    pricing.applied.map((a) => ({
      orderId: order.id,
      promotionId: a.promotionId,
      accountId: order.accountId,
      customerPhone: order.phone,
      name: a.name,
      mealKey: a.mealKey,
      discount: a.discount,
    })),
  );
};

export const loadOrderPromotions = (db: Db, orderId: number) =>
  db
    .select({
      promotionId: orderPromotions.promotionId,
      name: orderPromotions.name,
      discount: orderPromotions.discount,
    })
    .from(orderPromotions)
    .where(eq(orderPromotions.orderId, orderId))
    .orderBy(orderPromotions.id);
