import {
  parseSort,
  SI_SHOP_SORT_KEYS,
  type TEaaShopRow,
  type TShopKind,
  type TSiShopRow,
} from '@shopdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';
import type { SessionUser } from '../../../identity/session-store';
import { shopScopeCondition } from '../../../plugins/app/shop-access';
import { cachedCount, containsPattern, direction, whereAll } from './sql-helpers';

type Paging = { offset: number; limit: number; sort?: string };
type Caller = Pick<SessionUser, 'id' | 'type' | 'siAccountId' | 'shopAccountId'>;

/** The caller's shops of one kind: the one access rule of plugins/app/shop-access, as SQL. */
const scoped = (user: Caller, kind: TShopKind): SQL[] => {
  const scope = shopScopeCondition(user);
  return [sql`accounts.kind = ${kind}`, ...(scope ? [scope] : [])];
};

const SI_SORT: Record<(typeof SI_SHOP_SORT_KEYS)[number], SQL> = {
  accountId: sql`accounts.id`,
  name: sql`b.name`,
  shopId: sql`accounts.shop_id`,
  invoice: sql`b.invoice`,
};

/** spec 002 §2 screen 2: the si list, its search box matching id, name, SHOP ID or tax id. */
export const querySiShops = async (
  db: Db,
  user: Caller,
  input: Paging & { keyword?: string; kind: TShopKind },
): Promise<{ total: number; shops: TSiShopRow[] }> => {
  const conds = scoped(user, input.kind);
  if (input.keyword) {
    const p = containsPattern(input.keyword);
    const byId = /^\d{1,9}$/.test(input.keyword) ? sql`accounts.id = ${Number(input.keyword)} or ` : sql``;
    conds.push(sql`(${byId}b.name ilike ${p} or accounts.shop_id ilike ${p} or b.invoice ilike ${p})`);
  }
  const sort = parseSort(input.sort, SI_SHOP_SORT_KEYS, { key: 'accountId', desc: true });
  const dir = direction(sort.desc);
  const order = sql`${SI_SORT[sort.key]} ${dir}, accounts.id ${dir}`;
  const where = whereAll(conds);
  const from = sql`from accounts join businesses b on b.id = accounts.id`;
  const rows = queryRows<{
    id: number;
    name: string;
    store_info: string | null;
    si_name: string | null;
    si_account_id: number | null;
    shop_id: string | null;
    invoice: string | null;
  }>(
    db,
    sql`select accounts.id, b.name, b.store_info, s.display_name as si_name, accounts.si_account_id,
      accounts.shop_id, b.invoice ${from} left join si_accounts s on s.id = accounts.si_account_id
      ${where} order by ${order} limit ${input.limit} offset ${input.offset}`,
  );
  const total = cachedCount(
    db,
    JSON.stringify(['si', user.siAccountId, input.kind, input.keyword]),
    async () =>
      Number((await queryRows<{ n: number }>(db, sql`select count(*)::int as n ${from} ${where}`))[0]!.n),
  );
  const [list, n] = await Promise.all([rows, total]);
  return {
    total: n,
    shops: list.map((r) => ({
      id: r.id,
      accountId: r.id,
      name: r.name,
      storeInfo: r.store_info,
      siAccountName: r.si_name,
      siAccountId: r.si_account_id,
      shopId: r.shop_id,
      invoice: r.invoice,
    })),
  };
};

/** spec 002 §2 screen 3: the eaa list, newest shop first. */
export const queryEaaShops = async (
  db: Db,
  user: Caller,
  input: Paging & { kind: TShopKind },
): Promise<{ total: number; shops: TEaaShopRow[] }> => {
  const where = whereAll(scoped(user, input.kind));
  const from = sql`from accounts join businesses b on b.id = accounts.id`;
  const [rows, count] = await Promise.all([
    queryRows<{ id: number; name: string; invoice: string | null; is_enabled: boolean }>(
      db,
      sql`select accounts.id, b.name, b.invoice, b.is_enabled ${from} ${where}
        order by accounts.id desc limit ${input.limit} offset ${input.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n ${from} ${where}`),
  ]);
  return {
    total: Number(count[0]!.n),
    shops: rows.map((r) => ({
      accountId: r.id,
      businessId: r.id,
      name: r.name,
      invoice: r.invoice,
      isEnabled: r.is_enabled,
    })),
  };
};
