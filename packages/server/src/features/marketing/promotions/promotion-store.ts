import {
  localTime,
  SHOP_TIME_ZONE,
  type TMealSetting,
  type TPromotion,
  type TPromotionInput,
  type TPromotionRule,
  toRule,
} from '@shopdesk/contract';
import { and, count, desc, eq, gt, ilike, lte, or, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';
import { promotions } from '../../../db/schema';

type Row = typeof promotions.$inferSelect;

export const presentPromotion = (r: Row): TPromotion => ({
  id: r.id,
  businessId: r.accountId,
  form: r.form,
  displayName: r.displayName,
  description: r.description,
  class: 'common',
  enabled: r.enabled,
  roundingType: r.roundingType,
  content: r.content ?? null,
  settings: (r.settings as Record<string, TMealSetting> | null) ?? null,
  duration: { start: r.startDate, end: r.endDate },
  formulas: r.formulas ?? null,
  computeModules: r.computeModules,
  usedCount: r.usedCount,
  createdAt: r.createdAt.toISOString(),
});

/** The stored row as the engine's rule (both forms normalised by the contract's toRule). */
export const ruleOf = (r: Row): TPromotionRule =>
  r.form === 'simple'
    ? toRule(r.id, {
        form: 'simple',
        displayName: r.displayName,
        class: 'common',
        roundingType: r.roundingType === 1 ? 1 : 0,
        content: r.content!,
      })
    : {
        id: r.id,
        name: r.displayName,
        start: r.startDate,
        end: r.endDate,
        settings: (r.settings ?? {}) as TPromotionRule['settings'],
        formulas: r.formulas ?? null,
        computeModules: r.computeModules,
      };

export const listPromotionRows = async (
  db: Db,
  accountId: number,
  q: { keyword?: string; offset: number; limit: number },
) => {
  const like = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(promotions.accountId, accountId),
    like ? or(ilike(promotions.displayName, like), ilike(promotions.description, like)) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(promotions).where(where);
  const rows = await db
    .select()
    .from(promotions)
    .where(where)
    .orderBy(desc(promotions.id))
    .offset(q.offset)
    .limit(q.limit);
  return { total: Number(total?.n ?? 0), rows };
};

export const insertPromotion = async (db: Db, accountId: number, p: TPromotionInput, description: string) => {
  const rule = toRule(0, p);
  const [row] = await db
    .insert(promotions)
    .values({
      accountId,
      form: p.form,
      displayName: p.displayName,
      description,
      class: p.class,
      // spec 002 §4: created disabled
      enabled: false,
      roundingType: p.form === 'simple' ? p.roundingType : null,
      content: p.form === 'simple' ? p.content : null,
      settings: p.form === 'config' ? p.settings : null,
      formulas: p.form === 'config' && (p.formulas.condition || p.formulas.discount) ? p.formulas : null,
      computeModules: p.form === 'config' ? p.computeModules : [],
      startDate: rule.start,
      endDate: rule.end,
    })
    .returning();
  return row!;
};

export const findPromotion = async (db: Db, accountId: number, id: number) =>
  (
    await db
      .select()
      .from(promotions)
      .where(and(eq(promotions.accountId, accountId), eq(promotions.id, id)))
  )[0];

export const updateEnabled = async (db: Db, id: number, enabled: boolean) =>
  db.update(promotions).set({ enabled, updatedAt: new Date() }).where(eq(promotions.id, id));

export const removePromotion = async (db: Db, id: number) =>
  db.delete(promotions).where(eq(promotions.id, id));

/**
 * The promotions running for a shop at `now`: enabled, and today (Asia/Taipei) inside [start, end). The
 * engine re-checks the period; this only narrows the read.
 */
export const runningPromotionRows = async (db: Db, accountId: number, now: Date) => {
  const today = localTime(now, SHOP_TIME_ZONE).date;
  return db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.accountId, accountId),
        eq(promotions.enabled, true),
        lte(promotions.startDate, today),
        gt(promotions.endDate, today),
      ),
    )
    .orderBy(promotions.id);
};

/** Per promotion: uses so far in total and by this customer (spec 002 §3 usageLimits.limitPerUser). */
export const usageOf = async (db: Db, rows: Row[], phone: string) => {
  const usage = new Map<number, { used: number; mine: number }>();
  for (const r of rows) usage.set(r.id, { used: r.usedCount, mine: 0 });
  const limited = rows.filter((r) => hasPerUserLimit(r)).map((r) => r.id);
  if (limited.length) {
    const mine = await queryRows<{ promotion_id: number; n: number }>(
      db,
      // a rejected or canceled order gave its use back (promotion-release)
      sql`select op.promotion_id, count(*)::int as n from order_promotions op
          join orders o on o.id = op.order_id and o.status not in ('rejected', 'canceled')
          where op.customer_phone = ${phone} and op.promotion_id in (${sql.join(
            limited.map((id) => sql`${id}`),
            sql`, `,
          )}) group by op.promotion_id`,
    );
    for (const m of mine) usage.get(Number(m.promotion_id))!.mine = Number(m.n);
  }
  return usage;
};

const hasPerUserLimit = (r: Row) =>
  r.form === 'config' &&
  Object.values(r.settings ?? {}).some((s) => s?.checked && s.usageLimits.limitPerUser !== null);
