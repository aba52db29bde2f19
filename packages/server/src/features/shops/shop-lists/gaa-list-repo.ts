import {
  GAA_PAGE_SIZES,
  GAA_SHOP_DEFAULT_SORT,
  GAA_SHOP_SORT_KEYS,
  parseSort,
  type TGaaShopRow,
  type TGaaShopSortKey,
  type TShopKind,
  type TShopQuery,
} from '@shopdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';
import { cachedCount, containsPattern, direction, queryPrepared, whereAll } from './sql-helpers';

export type GaaListInput = {
  kind: TShopKind;
  query: TShopQuery;
  tagNames: string[];
  offset: number;
  limit: number;
  sort?: string;
};

// spec 002 §9: sort keys map to account id, name, initialised status, EAA name, tax id and SI name.
// `tie` orders equal values by id (b.id is accounts.id: the tax-id sort then walks businesses (invoice, id)).
const SORT_COLUMN: Record<TGaaShopSortKey, { expr: SQL; tie: SQL; join?: 'b' | 'u' | 's' }> = {
  accountId: { expr: sql`accounts.id`, tie: sql`` },
  name: { expr: sql`b.name`, tie: sql`b.id`, join: 'b' },
  isInitialized: { expr: sql`accounts.is_initialized`, tie: sql`accounts.id` },
  eaaName: { expr: sql`u.name`, tie: sql`accounts.id`, join: 'u' },
  invoice: { expr: sql`b.invoice`, tie: sql`b.id`, join: 'b' },
  siName: { expr: sql`s.display_name`, tie: sql`accounts.id`, join: 's' },
};

const JOIN: Record<'b' | 'u' | 's', SQL> = {
  b: sql`join businesses b on b.id = accounts.id`,
  u: sql`left join users u on u.id = accounts.owner_user_id`,
  s: sql`left join si_accounts s on s.id = accounts.si_account_id`,
};

/** The filters of the `query` and `queryByTag` parameters as SQL on `accounts` (docs in shop-query.ts). */
const filterConditions = (input: GaaListInput): { conds: SQL[]; needsB: boolean } => {
  const q = input.query;
  // the kind in the text (one of two contract values): the partial index of the kind's ids then serves a
  // prepared page query's cached plan too (docs/decisions/incoming-shop-list-speed.md "Prepared page query")
  const conds: SQL[] = [sql.raw(`accounts.kind = '${input.kind === 'retail' ? 'retail' : 'catering'}'`)];
  if (q.id) conds.push(sql`accounts.id = ${Number(q.id)}`);
  if (q.name) conds.push(sql`b.name ilike ${containsPattern(q.name)}`);
  if (q.tag)
    conds.push(sql`accounts.id in (select at.account_id from account_tags at
      join tags t on t.id = at.tag_id where t.name ilike ${containsPattern(q.tag)})`);
  // Every selected tag chip narrows the list: a shop must carry all of them (an unknown name matches no
  // shop). By name in the page query itself: no round trip to look the ids up first.
  for (const name of input.tagNames)
    conds.push(sql`accounts.id in (select at.account_id from account_tags at
      where at.tag_id = (select t.id from tags t where t.name = ${name}))`);
  if (q.siName) {
    const p = containsPattern(q.siName);
    conds.push(sql`accounts.si_account_id in
      (select id from si_accounts where name ilike ${p} or display_name ilike ${p})`);
  }
  if (q.eaaName) {
    const p = containsPattern(q.eaaName);
    conds.push(sql`accounts.owner_user_id in
      (select id from users where type = 'eaa' and (name ilike ${p} or email ilike ${p}))`);
  }
  return { conds, needsB: Boolean(q.name) };
};

type Row = {
  id: number;
  name: string;
  email: string;
  invoice: string | null;
  si_account_id: number | null;
  si_name: string | null;
  eaa_name: string | null;
  eaa_email: string | null;
  is_initialized: boolean;
  is_oa_disabled: boolean;
  tags: string | null;
};

const toRow = (r: Row): TGaaShopRow => ({
  id: r.id,
  accountId: r.id,
  name: r.name,
  email: r.email,
  invoice: r.invoice,
  siAccountId: r.si_account_id,
  siAccountName: r.si_name,
  eaaAccountName: r.eaa_name,
  eaaAccountEmail: r.eaa_email,
  isInitialized: r.is_initialized,
  isOaDisabled: r.is_oa_disabled,
  // spec 002 §3: tags arrive as a comma string and turn into a list.
  tags: r.tags ? r.tags.split(',') : [],
});

/**
 * One page of the gaa list. The page's ids are found first, joining only what the filters and the sort
 * need (a deep page then skips index entries, not joined rows); the 15–50 rows are joined afterwards.
 */
export const queryGaaShops = async (db: Db, input: GaaListInput) => {
  const { conds, needsB } = filterConditions(input);
  const sort = parseSort(input.sort, GAA_SHOP_SORT_KEYS, GAA_SHOP_DEFAULT_SORT);
  const col = SORT_COLUMN[sort.key];
  const dir = direction(sort.desc);
  // PostgreSQL's own null order (nulls sort as the largest value) lets a btree index serve both directions.
  const order =
    sort.key === 'accountId' ? sql`accounts.id ${dir}` : sql`${col.expr} ${dir}, ${col.tie} ${dir}`;
  const pageJoins = new Set<'b' | 'u' | 's'>(needsB ? ['b'] : []);
  if (col.join) pageJoins.add(col.join);
  const where = whereAll(conds);
  // Page 1 of a standard page size with at most two filters is a named prepared statement whose plan
  // PostgreSQL can keep: its limit and offset are in the text (a plan is never kept over a LIMIT/OFFSET
  // parameter), and the bound on filters bounds the statements each connection holds
  // (docs/decisions/incoming-shop-list-speed.md "Prepared page query").
  const prepared =
    input.offset === 0 && (GAA_PAGE_SIZES as readonly number[]).includes(input.limit) && conds.length <= 3;
  const paging = prepared
    ? sql.raw(`limit ${input.limit} offset 0`)
    : sql`limit ${input.limit} offset ${input.offset}`;

  const page = queryPrepared<Row>(
    db,
    prepared ? 'gaa_shops' : undefined,
    sql`with page as (
      select accounts.id from accounts ${sql.join(
        [...pageJoins].map((j) => JOIN[j]),
        sql` `,
      )}
      ${where} order by ${order} ${paging}
    )
    select accounts.id, b.name, b.email, b.invoice, accounts.si_account_id, s.display_name as si_name,
      u.name as eaa_name, u.email as eaa_email, accounts.is_initialized, accounts.is_oa_disabled,
      (select string_agg(t.name, ',' order by t.name) from account_tags at join tags t on t.id = at.tag_id
        where at.account_id = accounts.id) as tags
    from page join accounts on accounts.id = page.id ${JOIN.b} ${JOIN.u} ${JOIN.s}
    order by ${order}`,
  );
  const countKey = JSON.stringify(['gaa', input.kind, input.query, input.tagNames]);
  const total = cachedCount(db, countKey, async () => {
    const rows = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from accounts ${needsB ? JOIN.b : sql``} ${where}`,
    );
    return Number(rows[0]!.n);
  });
  const [rows, n] = await Promise.all([page, total]);
  return { total: n, shops: rows.map(toRow) };
};
