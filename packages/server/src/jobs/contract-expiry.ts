import { systemExpired } from '@shopdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { contracts, jobRuns } from '../db/schema';
import { setSystemClosed } from '../features/contracts/contract-service';
import { inTx } from '../features/menus/menu-access';
import { SYSTEM_ACTOR } from '../features/menus/menu-audit';
import { shopClock } from './local-clock';
import { RUNNER_ID } from './stock-restore';

export const CONTRACT_EXPIRY_JOB = 'contract-expiry';
/** First key of this job's advisory locks; the second is the shop's account id. */
const LOCK_NAMESPACE = 727_014;

/**
 * The daily contract check (issue 14). Every instance runs it every minute; a shop is looked at once per
 * local day (Asia/Taipei): for each shop whose system is on and whose contracts have all run out (a normal
 * contract's system end date has passed and none covers today, contract systemExpired), one transaction
 * takes the shop's advisory lock (another instance on it → skip), claims (job, shop, date) in job_runs
 * (already there → done today), re-checks with the contract function and turns the system off, audited as
 * the scheduler. A gaa who turns the system on again that day is not overruled until the next day.
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
          and not exists (select 1 from job_runs j
            where j.job = ${CONTRACT_EXPIRY_JOB} and j.account_id = a.id and j.local_date = ${date})
        order by a.id`,
  );
  const closed: number[] = [];
  for (const { id } of due) {
    const done = await inTx(db, async (tx) => {
      const [lock] = await queryRows<{ ok: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(${LOCK_NAMESPACE}, ${id}) as ok`,
      );
      if (!lock?.ok) return false;
      const claimed = await tx
        .insert(jobRuns)
        .values({ job: CONTRACT_EXPIRY_JOB, accountId: id, localDate: date, runner })
        .onConflictDoNothing()
        .returning({ accountId: jobRuns.accountId });
      if (!claimed.length) return false;
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
    });
    if (done) closed.push(id);
  }
  return closed;
};
