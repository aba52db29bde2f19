import { hostname } from 'node:os';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { jobRuns } from '../db/schema';
import { inTx } from '../db/transaction';

/** Who claimed a run (job_runs.runner): host and process. */
export const RUNNER_ID = `${hostname()}:${process.pid}`;

/** A once-a-day-per-shop job: its job_runs name and the first key of its advisory locks. */
export type DailyShopJob = { job: string; lockNamespace: number };

/** SQL condition for a due-shop query: `shop` (e.g. sql`a.id`) has no claim of `job` on local `date`. */
export const notClaimedOn = (job: string, date: string, shop: SQL): SQL =>
  sql`not exists (select 1 from job_runs j
        where j.job = ${job} and j.account_id = ${shop} and j.local_date = ${date})`;

/**
 * Runs `work` once per shop and local day, safe on every instance at once. Per shop, one transaction: try
 * the shop's advisory lock (another instance on it → skip), claim (job, shop, date) in job_runs (already
 * there → done today), then `work`. The claim commits with the work, so a crash half-way leaves no claim
 * and the next run tries again. Returns the shops for which `work` answered true.
 */
export const runDailyPerShop = async (
  db: Db,
  job: DailyShopJob,
  date: string,
  runner: string,
  shops: readonly number[],
  work: (tx: Db, shop: number) => Promise<boolean>,
): Promise<number[]> => {
  const done: number[] = [];
  for (const id of shops) {
    const ok = await inTx(db, async (tx) => {
      const [lock] = await queryRows<{ ok: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(${job.lockNamespace}, ${id}) as ok`,
      );
      if (!lock?.ok) return false;
      const claimed = await tx
        .insert(jobRuns)
        .values({ job: job.job, accountId: id, localDate: date, runner })
        .onConflictDoNothing()
        .returning({ accountId: jobRuns.accountId });
      if (!claimed.length) return false;
      return work(tx, id);
    });
    if (ok) done.push(id);
  }
  return done;
};
