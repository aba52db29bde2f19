import {
  BILLING_MESSAGES as BM,
  computeCharge,
  type TBillingLine,
  type TFormulaInput,
  versionForMonth,
  ZERO_CHARGE,
} from '@shopdesk/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';
import { billingLines, billingRuns, type TBillingUsage } from '../../../db/schema';
import { badRequest } from '../../../http/errors';
import { shopClock } from '../../../jobs/local-clock';
import { inTx } from '../../menus/menus/menu-access';
import { type AuditActor, writeAudit } from '../../platform/audit/write-audit';
import { monthBounds, monthUsage } from '../../platform/formulas/month-usage';
import { platformAccounts, post, walletRows } from './ledger-store';

type TComputed = Omit<TBillingLine, 'state' | 'transactionId' | 'available'> & {
  formulaVersionId: number | null;
};

/**
 * Each wallet's line for the month, computed now: the plan of the shop's `normal` contract
 * overlapping the month (the latest start wins, as in /report/formulas), the formula version in effect on the
 * month's 1st (`versionForMonth`: versions only ever take effect in coming months, so a past month always
 * reads the same version), and the month's usage. Wallets of shops without a contract that month are left out.
 */
const computeLines = async (db: Db, month: string): Promise<TComputed[]> => {
  const b = monthBounds(month);
  const rows = await queryRows<{
    accountId: number;
    shopId: number;
    shopName: string;
    planId: number;
    planName: string;
  }>(
    db,
    sql`select a.id as "accountId", a.shop_account_id as "shopId", coalesce(bz.name, '') as "shopName",
          c.plan_id as "planId", p.plan as "planName"
        from ledger_accounts a
        left join businesses bz on bz.account_id = a.shop_account_id
        join lateral (
          select plan_id from contracts where account_id = a.shop_account_id and status = 'normal'
            and start_date < (${b.first}::date + interval '1 month') and end_date >= ${b.first}::date
          order by start_date desc limit 1
        ) c on true
        join contract_plans p on p.id = c.plan_id
        where a.kind = 'wallet' order by a.shop_account_id`,
  );
  if (!rows.length) return [];
  const usage = await monthUsage(
    db,
    rows.map((r) => r.shopId),
    month,
  );
  const versions = await queryRows<{
    id: number;
    planId: number;
    version: number;
    effectiveFrom: string;
    formula: TFormulaInput;
  }>(
    db,
    sql`select id, plan_id as "planId", version, effective_from::text as "effectiveFrom", formula
        from formula_versions`,
  );
  return rows.map((r) => {
    const use: TBillingUsage = usage.get(r.shopId)!;
    const v = versionForMonth(
      versions.filter((x) => x.planId === r.planId),
      month,
    );
    const charge = v ? computeCharge(v.formula, use) : ZERO_CHARGE;
    return {
      accountId: r.accountId,
      shopId: r.shopId,
      shopName: r.shopName,
      plan: r.planName,
      formulaVersion: v?.version ?? null,
      formulaVersionId: v?.id ?? null,
      usage: use,
      charge,
    };
  });
};

type LineRow = typeof billingLines.$inferSelect;

/** A posted line exactly as it was charged: never priced again (a later formula version changes nothing). */
const fromStored = (l: LineRow, shopId: number, shopName: string): TComputed => {
  const { charged, ...usage } = l.usage;
  return {
    accountId: l.ledgerAccountId,
    shopId,
    shopName,
    plan: l.planName,
    formulaVersion: l.formulaVersion,
    formulaVersionId: l.formulaVersionId,
    usage,
    charge: {
      fixed: l.fixed,
      perOrder: l.perOrder,
      percent: l.percent,
      einvoice: charged?.einvoice ?? 0,
      delivery: charged?.delivery ?? 0,
      total: l.total,
    },
  };
};

const monthIsOver = (month: string, now: Date) => month < shopClock(now).date.slice(0, 7);

/** The month's lines: posted ones as they were charged (frozen), the others as they would be charged now. */
export const billingPreview = async (db: Db, month: string, now = new Date()) => {
  const computed = await computeLines(db, month);
  const stored = await db.select().from(billingLines).where(eq(billingLines.month, month));
  const wallets = await walletRows(db);
  const shops = new Map(wallets.map((w) => [w.id, w]));
  const byAccount = new Map(computed.map((c) => [c.accountId, c]));
  for (const s of stored) {
    const w = shops.get(s.ledgerAccountId);
    if (s.state === 'posted' && w) byAccount.set(s.ledgerAccountId, fromStored(s, w.shopId, w.shopName));
  }
  const rows: TBillingLine[] = [...byAccount.values()]
    .sort((a, b) => a.shopId - b.shopId)
    .map(({ formulaVersionId: _, ...c }) => {
      const s = stored.find((x) => x.ledgerAccountId === c.accountId);
      const state =
        s?.state === 'posted'
          ? 'posted'
          : c.formulaVersion === null
            ? 'no_formula'
            : c.charge.total === 0
              ? 'zero'
              : (s?.state ?? 'pending');
      return {
        ...c,
        state,
        transactionId: s?.transactionId ?? null,
        available: shops.get(c.accountId)?.available ?? 0,
      };
    });
  const [run] = await db
    .select()
    .from(billingRuns)
    .where(eq(billingRuns.month, month))
    .orderBy(desc(billingRuns.ranAt))
    .limit(1);
  return {
    month,
    billable: monthIsOver(month, now),
    lastRun: run ? { at: run.ranAt.toISOString(), by: run.ranByName } : null,
    rows,
    totals: {
      charge: rows.reduce((s, r) => s + r.charge.total, 0),
      posted: rows.filter((r) => r.state === 'posted').reduce((s, r) => s + r.charge.total, 0),
    },
  };
};

/**
 * Runs a month's billing: each line in its own transaction, the wallet locked first; a line
 * already posted is skipped, and the posting key `billing:<month>:<wallet>` makes a second charge
 * impossible even so. A line the balance and credit cannot cover is kept as `insufficient` and retried by
 * the next run; one run never fails as a whole for one shop.
 */
export const runBilling = async (db: Db, actor: AuditActor, month: string, now = new Date()) => {
  if (!monthIsOver(month, now)) throw badRequest(BM.monthNotOver, 'month');
  const lines = await computeLines(db, month);
  const { revenue } = await platformAccounts(db);
  const out = { month, posted: 0, alreadyPosted: 0, insufficient: 0, zero: 0, amountPosted: 0 };
  for (const line of lines) {
    await inTx(db, async (tx) => {
      await tx.execute(sql`select id from ledger_accounts where id = ${line.accountId} for update`);
      const [prior] = await tx
        .select()
        .from(billingLines)
        .where(sql`${billingLines.month} = ${month} and ${billingLines.ledgerAccountId} = ${line.accountId}`);
      if (prior?.state === 'posted') {
        out.alreadyPosted += 1;
        return;
      }
      let state: LineRow['state'] = 'zero';
      let transactionId: number | null = null;
      if (line.formulaVersion === null) state = 'no_formula';
      else if (line.charge.total > 0) {
        try {
          const posted = await tx.transaction(async (sp) =>
            post(sp as unknown as Db, actor, {
              kind: 'charge',
              key: `billing:${month}:${line.accountId}`,
              memo: `${month} ${line.plan ?? ''} v${line.formulaVersion}`,
              billingMonth: month,
              entries: [
                { accountId: line.accountId, amount: -line.charge.total },
                { accountId: revenue, amount: line.charge.total },
              ],
            }),
          );
          state = 'posted';
          transactionId = posted.transactionId;
        } catch (err) {
          if ((err as { code?: string }).code !== 'INSUFFICIENT_FUNDS') throw err;
          state = 'insufficient';
        }
      }
      if (state === 'posted') {
        out.posted += 1;
        out.amountPosted += line.charge.total;
      } else if (state === 'insufficient') out.insufficient += 1;
      else out.zero += 1;
      const values = {
        month,
        ledgerAccountId: line.accountId,
        planName: line.plan,
        formulaVersionId: line.formulaVersionId,
        formulaVersion: line.formulaVersion,
        usage: { ...line.usage, charged: { einvoice: line.charge.einvoice, delivery: line.charge.delivery } },
        fixed: line.charge.fixed,
        perOrder: line.charge.perOrder,
        percent: line.charge.percent,
        total: line.charge.total,
        state,
        transactionId,
        updatedAt: new Date(),
      };
      await tx
        .insert(billingLines)
        .values(values)
        .onConflictDoUpdate({ target: [billingLines.month, billingLines.ledgerAccountId], set: values });
    });
  }
  await inTx(db, async (tx) => {
    await tx.insert(billingRuns).values({
      month,
      posted: out.posted,
      amountPosted: out.amountPosted,
      ranBy: typeof actor.id === 'number' ? actor.id : null,
      ranByName: actor.name,
    });
    await writeAudit(tx, actor, {
      accountId: null,
      resourceCode: 'ledger',
      action: 'create',
      displayName: `月結 ${month}`,
      displayLog: `月結 ${month}：扣款 ${out.posted} 筆，先前已扣 ${out.alreadyPosted} 筆，餘額不足 ${out.insufficient} 筆`,
      target: { table: 'billing_runs', key: month },
      newValue: out,
    });
  });
  return out;
};
