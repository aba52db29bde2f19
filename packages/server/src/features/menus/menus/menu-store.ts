import {
  MEAL_TYPES,
  menuImageUrl,
  type TMenu,
  type TMenuClass,
  type TMenuOption,
  type TMenuOptionGroup,
  type TMenuProduct,
} from '@shopdesk/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';
import { businesses, menuClasses, optionGroups, options, products } from '../../../db/schema';
import { notFound } from '../../../http/errors';

type ClassRow = typeof menuClasses.$inferSelect;
type ProductRow = typeof products.$inferSelect;
type GroupRow = typeof optionGroups.$inferSelect;
type OptionRow = typeof options.$inferSelect;

export const toClass = (r: ClassRow): TMenuClass => ({
  id: r.id,
  sku: r.sku,
  names: r.names,
  position: r.position,
});

export const toOption = (r: OptionRow): TMenuOption => ({
  id: r.id,
  groupId: r.groupId,
  names: r.names,
  priceDelta: r.priceDelta,
  soldOut: r.soldOut,
  position: r.position,
});

export const toGroup = (r: GroupRow, opts: OptionRow[]): TMenuOptionGroup => ({
  id: r.id,
  productId: r.productId,
  names: r.names,
  kind: r.kind,
  minSelect: r.minSelect,
  maxSelect: r.maxSelect,
  position: r.position,
  options: opts.filter((o) => o.groupId === r.id).map(toOption),
});

export const toProduct = (r: ProductRow, groups: GroupRow[], opts: OptionRow[]): TMenuProduct => ({
  id: r.id,
  classId: r.classId ?? 0,
  names: r.names,
  description: r.description,
  price: r.price,
  image: r.imagePath,
  imageUrl: r.imagePath ? menuImageUrl(r.imagePath) : null,
  calories: r.calories,
  mealTypes: r.mealTypes,
  dailyStock: r.dailyStock,
  stockLeft: r.stockLeft,
  soldOut: r.soldOut,
  position: r.position,
  optionGroups: groups.filter((g) => g.productId === r.id).map((g) => toGroup(g, opts)),
});

/** The audit snapshot of a product row: what an operator changed, without timestamps. */
export const productSnapshot = (r: ProductRow) => ({
  classId: r.classId,
  names: r.names,
  description: r.description,
  price: r.price,
  image: r.imagePath,
  calories: r.calories,
  mealTypes: r.mealTypes,
  dailyStock: r.dailyStock,
  stockLeft: r.stockLeft,
  soldOut: r.soldOut,
  archived: r.archived,
});

/**
 * A product's option groups with their options, in the order `loadChoices` gives them, as one json text value
 * (`choicesOf` reads it): for a reader that folds them into its products read (order intake's
 * `loadOrderedProducts`: one statement however many products and groups). `productId` is the product's id in
 * the outer statement, qualified.
 */
export const choicesJsonSql = (productId: SQL) => sql<string>`(${choicesJson(productId)})::text`;

/** `choicesJsonSql` as a json value, for a reader that nests it in its own json. */
export const choicesJson = (productId: SQL) =>
  sql`(select coalesce(json_agg(json_build_object('id', g.id, 'productId', g.product_id, 'names', g.names,
      'kind', g.kind, 'minSelect', g.min_select, 'maxSelect', g.max_select, 'position', g.position,
      'options', (select coalesce(json_agg(json_build_object('id', x.id, 'groupId', x.group_id, 'names', x.names,
          'priceDelta', x.price_delta, 'soldOut', x.sold_out, 'position', x.position) order by x.position, x.id),
        '[]'::json) from options x where x.group_id = g.id)) order by g.position, g.id), '[]'::json)
    from option_groups g where g.product_id = ${productId})`;

/** The groups of `choicesJsonSql` (text, or the json value already parsed), as `toGroup` shapes them. */
export const choicesOf = (json: string | unknown[]): TMenuOptionGroup[] =>
  (typeof json === 'string' ? JSON.parse(json) : json) as TMenuOptionGroup[];

const byPosition = <T extends { position: number; id: number }>(a: T, b: T) =>
  a.position - b.position || a.id - b.id;

/** Groups and options of some products, in order. */
export const loadChoices = async (db: Db, productIds: number[]) => {
  if (!productIds.length) return { groups: [] as GroupRow[], opts: [] as OptionRow[] };
  const groups = await db
    .select()
    .from(optionGroups)
    .where(inArray(optionGroups.productId, productIds))
    .orderBy(asc(optionGroups.position), asc(optionGroups.id));
  const opts = groups.length
    ? await db
        .select()
        .from(options)
        .where(
          inArray(
            options.groupId,
            groups.map((g) => g.id),
          ),
        )
        .orderBy(asc(options.position), asc(options.id))
    : [];
  return { groups, opts };
};

/** The shop's whole live menu: four indexed reads by account id (schema/menus.ts). */
export const loadMenu = async (db: Db, accountId: number): Promise<TMenu> => {
  const [shop] = await db.select().from(businesses).where(eq(businesses.id, accountId)).limit(1);
  if (!shop) throw notFound();
  const classes = await db.select().from(menuClasses).where(eq(menuClasses.accountId, accountId));
  classes.sort(byPosition);
  const rank = new Map(classes.map((c, i) => [c.id, i]));
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.accountId, accountId), eq(products.archived, false)));
  rows.sort((a, b) => (rank.get(a.classId ?? 0) ?? 0) - (rank.get(b.classId ?? 0) ?? 0) || byPosition(a, b));
  const groups = await db.select().from(optionGroups).where(eq(optionGroups.accountId, accountId));
  const opts = await db.select().from(options).where(eq(options.accountId, accountId));
  groups.sort(byPosition);
  opts.sort(byPosition);
  return {
    shop: {
      accountId,
      name: shop.name,
      isCalorie: shop.isCalorie,
      isAutoRestoreStock: shop.isAutoRestoreStock,
      resetTime: shop.resetTime,
      mealTypes: MEAL_TYPES.filter(
        (m) => ({ eat_in: shop.isEatIn, to_go: shop.isToGo, delivery: shop.isDelivery })[m],
      ),
    },
    classes: classes.map(toClass),
    products: rows.map((r) => toProduct(r, groups, opts)),
  };
};

export const loadProduct = async (db: Db, productId: number): Promise<TMenuProduct> => {
  const [row] = await db.select().from(products).where(eq(products.id, productId));
  if (!row) throw notFound();
  const { groups, opts } = await loadChoices(db, [row.id]);
  return toProduct(row, groups, opts);
};

export const loadGroup = async (db: Db, groupId: number): Promise<TMenuOptionGroup> => {
  const [row] = await db.select().from(optionGroups).where(eq(optionGroups.id, groupId));
  if (!row) throw notFound();
  const opts = await db
    .select()
    .from(options)
    .where(eq(options.groupId, groupId))
    .orderBy(asc(options.position), asc(options.id));
  return toGroup(row, opts);
};

/**
 * Row ids of a table reserved in order (nextval), so batch inserts of parents and children can refer to
 * each other without relying on the order RETURNING gives rows back (copy menu, seed).
 */
export const reserveIds = async (
  db: Db,
  table: 'menu_classes' | 'products' | 'option_groups' | 'options',
  count: number,
): Promise<number[]> => {
  if (count === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${count})`,
  );
  return rows.map((r) => Number(r.id));
};
