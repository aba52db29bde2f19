import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { jobRuns } from '../db/schema';
import { inTx } from '../features/menus/menu-access';
import { auditMenu, SYSTEM_ACTOR } from '../features/menus/menu-audit';
import { restoreDailyStock } from '../features/menus/stock';
import { shopClock } from './local-clock';

export const STOCK_RESTORE_JOB = 'stock-restore';
/** First key of the advisory locks of this job; the second is the shop's account id. */
const LOCK_NAMESPACE = 727_006;
/** job_runs rows are kept this many days (enough to see what ran lately). */
const KEEP_DAYS = 30;

export const RUNNER_ID = `${hostname()}:${process.pid}`;

/**
 * The daily stock restore (issue 6; spec 001 §2.2 is_auto_restore_stock, reset_time). Every instance runs
 * it every minute; for each shop whose reset_time (Asia/Taipei) has passed today and that has no run
 * today, one transaction: try the shop's advisory lock (another instance on it → skip), claim
 * (job, shop, local date) in job_runs (already there → done today), restore, audit. The claim commits
 * with the restore, so a crash half-way leaves no claim and the next minute tries again.
 * A shop missed at its reset time (server down, switch turned on later in the day) is restored at the
 * next run that day. Returns the shops this call restored.
 */
export const runStockRestore = async (db: Db, now = new Date(), runner = RUNNER_ID): Promise<number[]> => {
  const { date, time } = shopClock(now);
  // An empty reset_time (allowed by spec 001 §5) reads as midnight.
  const due = await queryRows<{ id: number }>(
    db,
    sql`select b.id from businesses b
        where b.is_auto_restore_stock and left(b.reset_time, 5) <= ${time}
          and not exists (select 1 from job_runs j
            where j.job = ${STOCK_RESTORE_JOB} and j.account_id = b.id and j.local_date = ${date})
        order by b.id`,
  );
  const restored: number[] = [];
  for (const { id } of due) {
    const done = await inTx(db, async (tx) => {
      const [lock] = await queryRows<{ ok: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(${LOCK_NAMESPACE}, ${id}) as ok`,
      );
      if (!lock?.ok) return false;
      const claimed = await tx
        .insert(jobRuns)
        .values({ job: STOCK_RESTORE_JOB, accountId: id, localDate: date, runner })
        .onConflictDoNothing()
        .returning({ accountId: jobRuns.accountId });
      if (!claimed.length) return false;
      const result = await restoreDailyStock(tx, id);
      if (result.products.length || result.options.length)
        await auditMenu(tx, SYSTEM_ACTOR, {
          accountId: id,
          subject: 'menu',
          action: 'update',
          id,
          log: `每日庫存自動補滿（${date} ${time}）：${result.products.length} 個商品、${result.options.length} 個選項`,
          newValue: result,
        });
      return true;
    });
    if (done) restored.push(id);
  }
  await db.execute(
    sql`delete from job_runs where job = ${STOCK_RESTORE_JOB} and local_date < ${date}::date - ${KEEP_DAYS}::int`,
  );
  return restored;
};
