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
import type { Db } from '../../../db/client';
import {
  cachedCount,
  containsPattern,
  direction,
  runStatement,
  type Statement,
  statement,
  whereAll,
} from './sql-helpers';

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

/**
 * The filters of the `query` and `queryByTag` parameters as SQL on `accounts` (docs in shop-query.ts), with
 * placeholders for the values: the text depends only on which filters are set (the statement's shape, cached
 * below), the values come from `filterValues`.
 */
const filterConditions = (input: GaaListInput): { conds: SQL[]; needsB: boolean } => {
  const q = input.query;
  // the kind in the text (one of two contract values): the partial index of the kind's ids then serves a
  // prepared page query's kept plan too (docs/decisions/shops.md "Shop list speed: Prepared page query")
  const conds: SQL[] = [sql.raw(`accounts.kind = '${input.kind === 'retail' ? 'retail' : 'catering'}'`)];
  if (q.id) conds.push(sql`accounts.id = ${sql.placeholder('id')}`);
  if (q.name) conds.push(sql`b.name ilike ${sql.placeholder('name')}`);
  if (q.tag)
    conds.push(sql`accounts.id in (select at.account_id from account_tags at
      join tags t on t.id = at.tag_id where t.name ilike ${sql.placeholder('tag')})`);
  // Every selected tag chip narrows the list: a shop must carry all of them (an unknown name matches no
  // shop). By name in the page query itself: no round trip to look the ids up first.
  for (let i = 0; i < input.tagNames.length; i++)
    conds.push(sql`accounts.id in (select at.account_id from account_tags at
      where at.tag_id = (select t.id from tags t where t.name = ${sql.placeholder(`tag${i}`)}))`);
  if (q.siName)
    conds.push(sql`accounts.si_account_id in
      (select id from si_accounts where name ilike ${sql.placeholder('si')} or display_name ilike ${sql.placeholder('si')})`);
  if (q.eaaName)
    conds.push(sql`accounts.owner_user_id in
      (select id from users where type = 'eaa' and (name ilike ${sql.placeholder('eaa')} or email ilike ${sql.placeholder('eaa')}))`);
  return { conds, needsB: Boolean(q.name) };
};

/** The values of filterConditions' placeholders. */
const filterValues = (input: GaaListInput): Record<string, unknown> => {
  const q = input.query;
  const v: Record<string, unknown> = {};
  if (q.id) v.id = Number(q.id);
  if (q.name) v.name = containsPattern(q.name);
  if (q.tag) v.tag = containsPattern(q.tag);
  input.tagNames.forEach((name, i) => {
    v[`tag${i}`] = name;
  });
  if (q.siName) v.si = containsPattern(q.siName);
  if (q.eaaName) v.eaa = containsPattern(q.eaaName);
  return v;
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

/** The page and count statements of one shape (kind, sort, which filters, page-1 size), built once. */
type Shape = { page: Statement; count: Statement };
const shapes = new Map<string, Shape>();
const SHAPES_MAX = 1_000;

const buildShape = (input: GaaListInput, prepared: boolean): Shape => {
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
  const paging = prepared
    ? sql.raw(`limit ${input.limit} offset 0`)
    : sql`limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
  return {
    page: statement(
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
    ),
    count: statement(
      undefined,
      sql`select count(*)::int as n from accounts ${needsB ? JOIN.b : sql``} ${where}`,
    ),
  };
};

/**
 * One page of the gaa list. The page's ids are found first, joining only what the filters and the sort
 * need (a deep page then skips index entries, not joined rows); the 15–50 rows are joined afterwards.
 * The statements of a shape are built once (no query building per request).
 */
export const queryGaaShops = async (db: Db, input: GaaListInput) => {
  const q = input.query;
  // Page 1 of a standard page size with at most two filters is a named prepared statement whose plan
  // PostgreSQL can keep: its limit and offset are in the text (a plan is never kept over a LIMIT/OFFSET
  // parameter), and the bound on filters bounds the statements each connection holds
  // (docs/decisions/shops.md "Shop list speed: Prepared page query").
  const filters = input.tagNames.length + [q.id, q.name, q.tag, q.siName, q.eaaName].filter(Boolean).length;
  const prepared =
    input.offset === 0 && (GAA_PAGE_SIZES as readonly number[]).includes(input.limit) && filters <= 2;
  const shapeKey = [
    input.kind,
    input.sort ?? '',
    q.id ? 1 : 0,
    q.name ? 1 : 0,
    q.tag ? 1 : 0,
    q.siName ? 1 : 0,
    q.eaaName ? 1 : 0,
    input.tagNames.length,
    prepared ? input.limit : 0,
  ].join('|');
  let shape = shapes.get(shapeKey);
  if (!shape) {
    shape = buildShape(input, prepared);
    if (shapes.size >= SHAPES_MAX) shapes.clear();
    shapes.set(shapeKey, shape);
  }
  const values = filterValues(input);
  const page = runStatement<Row>(db, shape.page, { ...values, limit: input.limit, offset: input.offset });
  const countKey = JSON.stringify(['gaa', input.kind, q, input.tagNames]);
  const count = shape.count;
  const total = cachedCount(db, countKey, async () => {
    const rows = await runStatement<{ n: number }>(db, count, values);
    return Number(rows[0]!.n);
  });
  const [rows, n] = await Promise.all([page, total]);
  return { total: n, shops: rows.map(toRow) };
};
