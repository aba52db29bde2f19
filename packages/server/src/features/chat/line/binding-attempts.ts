import { BINDING_ATTEMPTS } from '@shopdesk/contract';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { accounts, lineBindingFailures } from '../../../db/schema';

export type BindingVerdict = 'ok' | 'wrong' | 'expired' | 'locked';

const windowStart = (now: Date) => new Date(now.getTime() - BINDING_ATTEMPTS.windowMinutes * 60_000);

/**
 * Checks a binding code sent by `sender` (a LINE user id, or the group id when LINE gives no user) to a shop,
 * with the guessing caps of contract BINDING_ATTEMPTS counted in the database (every instance sees the same
 * count): the shop's account row is locked for the check, so two attempts at once are counted one after the
 * other. Over a cap every code is refused, the right one too; a wrong code is recorded (and the shop's rows
 * older than the window are pruned). An attempt refused as locked is not recorded: the window is not pushed on.
 */
export const checkBindingCode = async (
  db: Db,
  accountId: number,
  sender: string,
  code: string,
  now = new Date(),
): Promise<BindingVerdict> =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [acc] = await tx
      .select({ code: accounts.code, expires: accounts.codeExpiresAt })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('update');
    const since = windowStart(now);
    const [n] = await tx
      .select({
        shop: count(),
        sender: sql<number>`count(*) filter (where ${lineBindingFailures.lineId} = ${sender})`.mapWith(
          Number,
        ),
      })
      .from(lineBindingFailures)
      .where(and(eq(lineBindingFailures.accountId, accountId), gt(lineBindingFailures.createdAt, since)));
    if ((n?.sender ?? 0) >= BINDING_ATTEMPTS.perSender || (n?.shop ?? 0) >= BINDING_ATTEMPTS.perShop)
      return 'locked';
    if (!acc?.code || acc.code !== code) {
      await tx
        .delete(lineBindingFailures)
        .where(and(eq(lineBindingFailures.accountId, accountId), lt(lineBindingFailures.createdAt, since)));
      await tx.insert(lineBindingFailures).values({ accountId, lineId: sender, createdAt: now });
      return 'wrong';
    }
    if (!acc.expires || acc.expires.getTime() <= now.getTime()) return 'expired';
    return 'ok';
  });

/** The scheduled prune (jobs/runner.ts): wrong codes older than the window, at every shop. */
export const pruneBindingFailures = (db: Db, now = new Date()) =>
  db.delete(lineBindingFailures).where(lt(lineBindingFailures.createdAt, windowStart(now)));
