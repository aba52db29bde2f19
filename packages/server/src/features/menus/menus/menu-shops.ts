import type { ZMenuShopsQuery } from '@shopdesk/contract';
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { accounts, businesses } from '../../../db/schema';
import { forbidden } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { shopScopeCondition } from '../../../plugins/app/shop-access';

/** The shop picker of the menu editor: the caller's shops by name or account id, first `limit` by id. */
export const listMenuShops = async (
  db: Db,
  user: SessionUser,
  type: string,
  query: z.output<typeof ZMenuShopsQuery>,
) => {
  if (user.type !== type) throw forbidden();
  const q = query.q?.trim();
  const search: SQL | undefined = q
    ? or(
        ilike(businesses.name, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
        /^\d{1,9}$/.test(q) ? eq(accounts.id, Number(q)) : undefined,
      )
    : undefined;
  const where = and(shopScopeCondition(user), search, query.kind ? eq(accounts.kind, query.kind) : undefined);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accounts)
    .innerJoin(businesses, eq(businesses.id, accounts.id))
    .where(where);
  const rows = await db
    .select({ accountId: accounts.id, name: businesses.name })
    .from(accounts)
    .innerJoin(businesses, eq(businesses.id, accounts.id))
    .where(where)
    .orderBy(asc(accounts.id))
    .limit(query.limit);
  return { total: Number(total?.n ?? 0), rows };
};
