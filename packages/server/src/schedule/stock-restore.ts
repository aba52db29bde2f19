import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { auditMenu, SYSTEM_ACTOR } from '../features/menus/menus/menu-audit';
import { restoreDailyStock } from '../features/menus/menus/stock';
import { notClaimedOn, RUNNER_ID, runDailyPerShop } from '../jobs/claim';
import { shopClock } from '../jobs/local-clock';

export const STOCK_RESTORE_JOB = 'stock-restore';
/** The second key of the advisory locks is the shop's account id. */
const JOB = { job: STOCK_RESTORE_JOB, lockNamespace: 727_006 };
/** job_runs rows are kept this many days (enough to see what ran lately). */
const KEEP_DAYS = 30;

/**
 * The daily stock restore (spec 001 §2.2 is_auto_restore_stock, reset_time). Every instance runs
 * it every minute; each shop whose reset_time (Asia/Taipei) has passed today and that has no run today is
 * restored and audited once, claimed by `runDailyPerShop` (jobs/claim.ts).
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
          and ${notClaimedOn(STOCK_RESTORE_JOB, date, sql`b.id`)}
        order by b.id`,
  );
  const restored = await runDailyPerShop(
    db,
    JOB,
    date,
    runner,
    due.map((r) => r.id),
    async (tx, id) => {
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
    },
  );
  await db.execute(
    sql`delete from job_runs where job = ${STOCK_RESTORE_JOB} and local_date < ${date}::date - ${KEEP_DAYS}::int`,
  );
  return restored;
};
