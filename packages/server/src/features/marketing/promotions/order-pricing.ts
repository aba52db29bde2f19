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
import { runPrepared } from '../../../db/prepared';
import { orderPromotions, promotions } from '../../../db/schema';
import { ApiError } from '../../../http/errors';
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
 * Prices an order with the shop's running promotions inside order intake's transaction. The
 * running rows are read FOR UPDATE, so the usage counts the engine sees stay true until commit; the uses are
 * then taken by ONE conditional UPDATE (used_count < limit), so even a writer that skipped the lock could not
 * take a last use twice: if it takes fewer rows than the engine applied, the order is refused (409) rather
 * than sold at a discount the shop no longer gives.
 */
export const priceWithPromotions = async (
  tx: Db,
  accountId: number,
  input: PricingInput,
  now: Date,
): Promise<TPromotionPricing> => {
  const { pricing, takeUses } = await pricePromotions(tx, accountId, input, now);
  if (takeUses) checkUsesTaken((await queryRows<{ id: number }>(tx, takeUses)).length, pricing);
  return pricing;
};

/**
 * `priceWithPromotions` without taking the uses: the caller runs `takeUses` (the conditional UPDATE, one
 * row per use taken; null when nothing applied) in its own statement, in the same transaction, and passes
 * the number of rows to `checkUsesTaken` (order intake folds it into the order's insert:
 * docs/decisions/orders.md "Order intake CPU").
 */
export const pricePromotions = async (
  tx: Db,
  accountId: number,
  input: PricingInput,
  now: Date,
  /** `anyEnabledSql` said false in the caller's earlier read: no running row to read or lock. */
  opts: { noneEnabled?: boolean } = {},
): Promise<{ pricing: TPromotionPricing; takeUses: SQL | null }> => {
  if (opts.noneEnabled)
    return { pricing: applyPromotions(input, [], { now, priorOrders: 0 }), takeUses: null };
  const today = localTime(now, SHOP_TIME_ZONE).date;
  // built once, run by name (db/prepared.ts): the shop and the day are its only values
  const rows = await runPrepared<typeof promotions.$inferSelect>(
    tx,
    'running_promotions_locked',
    (d) => {
      const day = sql.placeholder('today') as unknown as string;
      return d
        .select()
        .from(promotions)
        .where(
          and(
            eq(promotions.accountId, sql.placeholder('accountId') as unknown as number),
            eq(promotions.enabled, true),
            lte(promotions.startDate, day),
            gt(promotions.endDate, day),
          ),
        )
        .orderBy(promotions.id)
        .for('update');
    },
    { accountId, today },
  );
  if (rows.length === 0)
    return { pricing: applyPromotions(input, [], { now, priorOrders: 0 }), takeUses: null };
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
  if (pricing.applied.length === 0) return { pricing, takeUses: null };
  const values = pricing.applied.map((a) => {
    const limit = rules.find((r) => r.id === a.promotionId)?.settings[a.mealKey]?.general.totalUsage ?? null;
    return sql`(${a.promotionId}::int, ${limit}::int)`;
  });
  const takeUses = sql`update promotions p set used_count = p.used_count + 1
      from (values ${sql.join(values, sql`, `)}) as v(id, lim)
      where p.id = v.id and (v.lim is null or p.used_count < v.lim)
      returning p.id`;
  return { pricing, takeUses };
};

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
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from orders
        where account_id = ${accountId} and status not in ('rejected', 'canceled')
          and (customer_phone = ${phone} ${lineUserId ? sql`or line_user_id = ${lineUserId}` : sql``})`,
  );
  return Number(row?.n ?? 0);
};

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
