import {
  computeCharge,
  earliestEffectiveFrom,
  effectiveFromProblem,
  FORMULA_MESSAGES as M,
  type TFormulaState,
  type TFormulaVersion,
  versionForMonth,
  type ZCreateFormulaVersion,
} from '@shopdesk/contract';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../../db/client';
import { businesses, contractPlans, formulaVersions } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { shopClock } from '../../../jobs/local-clock';
import { inTx } from '../../menus/menus/menu-access';
import { isUniqueViolation } from '../../shops/table-qr/qrcode-store';
import { type AuditActor, writeAudit } from '../audit/write-audit';
import { monthUsage } from './month-usage';

type Row = typeof formulaVersions.$inferSelect;

/** Each version's state today: the latest one that has taken effect is current; older ones are past. */
const withStates = (rows: Row[], today: string): TFormulaVersion[] => {
  const current = [...rows]
    .filter((r) => r.effectiveFrom <= today)
    .sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? 1 : -1))[0];
  return rows.map((r) => {
    const state: TFormulaState =
      r.effectiveFrom > today ? 'scheduled' : r.id === current?.id ? 'current' : 'past';
    return {
      id: r.id,
      planId: r.planId,
      version: r.version,
      effectiveFrom: r.effectiveFrom,
      // a version stored before the per-unit prices existed charges 0 for them
      formula: { perEinvoice: 0, perDelivery: 0, ...r.formula },
      note: r.note,
      createdBy: r.createdByName,
      createdAt: r.createdAt.toISOString(),
      state,
    };
  });
};

export const listFormulas = async (db: Db, now = new Date()) => {
  const today = shopClock(now).date;
  const plans = await db.select().from(contractPlans).orderBy(asc(contractPlans.id));
  const rows = await db.select().from(formulaVersions).orderBy(desc(formulaVersions.version));
  return {
    today,
    plans: plans.map((p) => {
      const mine = rows.filter((r) => r.planId === p.id);
      return {
        id: p.id,
        code: p.code,
        plan: p.plan,
        versions: withStates(mine, today),
        earliestEffectiveFrom: earliestEffectiveFrom(today, mine[0]?.effectiveFrom ?? null),
      };
    }),
  };
};

const money = (cents: number) => `NT$${(cents / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

/** A new version of a plan's formula: effective from the 1st of a coming month, audited. */
export const createFormulaVersion = async (
  db: Db,
  actor: AuditActor,
  planId: number,
  body: z.output<typeof ZCreateFormulaVersion>,
  now = new Date(),
) =>
  inTx(db, async (tx) => {
    const [plan] = await tx.select().from(contractPlans).where(eq(contractPlans.id, planId));
    if (!plan) throw notFound(M.unknownPlan);
    const [latest] = await tx
      .select()
      .from(formulaVersions)
      .where(eq(formulaVersions.planId, planId))
      .orderBy(desc(formulaVersions.version))
      .limit(1);
    const today = shopClock(now).date;
    const problem = effectiveFromProblem(body.effectiveFrom, today, latest?.effectiveFrom ?? null);
    if (problem) throw badRequest(problem, 'effectiveFrom');
    let row: Row;
    try {
      [row] = (await tx
        .insert(formulaVersions)
        .values({
          planId,
          version: (latest?.version ?? 0) + 1,
          effectiveFrom: body.effectiveFrom,
          formula: body.formula,
          note: body.note,
          createdBy: typeof actor.id === 'number' ? actor.id : null,
          createdByName: actor.name,
        })
        .returning()) as [Row];
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(M.versionTaken);
      throw err;
    }
    const f = body.formula;
    await writeAudit(tx, actor, {
      accountId: null,
      resourceCode: 'formulas',
      action: 'create',
      displayName: `費率公式 ${plan.plan} v${row.version}`,
      displayLog: `新增費率版本：${plan.plan} v${row.version}，${body.effectiveFrom} 起，月費 ${money(f.fixedMonthly)}`,
      target: { table: 'formula_versions', id: row.id },
      newValue: { planId, ...body },
    });
    return withStates([row], today)[0]!;
  });

/** A shop's charge for a month: its contract's plan, the version in effect, its usage (`monthUsage`). */
export const previewCharge = async (db: Db, accountId: number, month: string, now = new Date()) => {
  const [shop] = await db
    .select({ name: businesses.name })
    .from(businesses)
    .where(eq(businesses.accountId, accountId));
  if (!shop) throw notFound();
  const first = `${month}-01`;
  const [contract] = await queryRows<{ planId: number }>(
    db,
    sql`select plan_id as "planId" from contracts where account_id = ${accountId} and status = 'normal'
        and start_date < (${first}::date + interval '1 month') and end_date >= ${first}::date
        order by start_date desc limit 1`,
  );
  if (!contract) throw badRequest(M.noContract, 'month');
  const [plan] = await db.select().from(contractPlans).where(eq(contractPlans.id, contract.planId));
  const all = withStates(
    await db.select().from(formulaVersions).where(eq(formulaVersions.planId, contract.planId)),
    shopClock(now).date,
  );
  const version = versionForMonth(all, month);
  if (!version || !plan) throw badRequest(M.noFormula, 'month');
  const use = (await monthUsage(db, [accountId], month)).get(accountId)!;
  return {
    accountId,
    shopName: shop.name,
    month,
    plan: { id: plan.id, code: plan.code, plan: plan.plan },
    version,
    usage: use,
    charge: computeCharge(version.formula, use),
  };
};
