import { systemExpired } from '@shopdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { contracts } from '../db/schema';
import { SYSTEM_ACTOR } from '../features/menus/menus/menu-audit';
import { setSystemClosed } from '../features/platform/contracts/contract-service';
import { notClaimedOn, RUNNER_ID, runDailyPerShop } from '../jobs/claim';
import { shopClock } from '../jobs/local-clock';

export const CONTRACT_EXPIRY_JOB = 'contract-expiry';
/** The second key of the advisory locks is the shop's account id. */
const JOB = { job: CONTRACT_EXPIRY_JOB, lockNamespace: 727_014 };

/**
 * The daily contract check. Every instance runs it every minute; a shop is looked at once per
 * local day (Asia/Taipei), claimed by `runDailyPerShop` (jobs/claim.ts): for each shop whose system is on
 * and whose contracts have all run out (a normal contract's system end date has passed and none covers
 * today, contract systemExpired), re-check with the contract function inside the claim and turn the system
 * off, audited as the scheduler. A gaa who turns the system on again that day is not overruled until the
 * next day.
 */
export const runContractExpiry = async (db: Db, now = new Date(), runner = RUNNER_ID): Promise<number[]> => {
  const { date } = shopClock(now);
  const due = await queryRows<{ id: number }>(
    db,
    sql`select a.id from accounts a
        where not a.sys_closed
          and exists (select 1 from contracts c
            where c.account_id = a.id and c.status = 'normal' and c.sys_end_date < ${date}::date)
          and not exists (select 1 from contracts c
            where c.account_id = a.id and c.status = 'normal'
              and c.start_date <= ${date}::date and c.sys_end_date >= ${date}::date)
          and ${notClaimedOn(CONTRACT_EXPIRY_JOB, date, sql`a.id`)}
        order by a.id`,
  );
  return runDailyPerShop(
    db,
    JOB,
    date,
    runner,
    due.map((r) => r.id),
    async (tx, id) => {
      const rows = await tx
        .select({
          startTime: contracts.startDate,
          sysEndTime: contracts.sysEndDate,
          status: contracts.status,
        })
        .from(contracts)
        .where(eq(contracts.accountId, id));
      if (!systemExpired(rows, date)) return false;
      const last = rows
        .map((r) => r.sysEndTime)
        .sort()
        .at(-1);
      await setSystemClosed(tx, SYSTEM_ACTOR, id, true, `合約系統結束日 ${last} 已過，無後續合約`);
      return true;
    },
  );
};
