import type { TMealType, TNames } from '@shopdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { reserveIds } from './menu-store';

/** A menu to write: a read menu (TMenu) fits, and so does a seed template. Class ids are local keys. */
export type MenuDraft = {
  classes: { id: number; sku: string; names: TNames }[];
  products: {
    classId: number;
    names: TNames;
    description: TNames;
    price: number;
    image: string | null;
    calories: number | null;
    mealTypes: TMealType[];
    dailyStock: number | null;
    position: number;
    optionGroups: {
      names: TNames;
      kind: 'single' | 'multiple';
      minSelect: number;
      maxSelect: number;
      position: number;
      options: { names: TNames; priceDelta: number; position: number }[];
    }[];
  }[];
};

/** Rows per INSERT: the rows travel as one JSON parameter that PostgreSQL unpacks (jsonb_to_recordset). */
const CHUNK = 5000;

/**
 * Inserts rows given as objects keyed by column name. One JSON parameter per chunk instead of a dozen
 * bind parameters per row: the seed writes millions of rows this way several times faster.
 */
const insertRows = async (tx: Db, table: string, columns: Record<string, string>, rows: object[]) => {
  const names = Object.keys(columns).join(', ');
  const defs = Object.entries(columns)
    .map(([name, type]) => `${name} ${type}`)
    .join(', ');
  for (let i = 0; i < rows.length; i += CHUNK) {
    const json = JSON.stringify(rows.slice(i, i + CHUNK));
    await tx.execute(
      sql`insert into ${sql.identifier(table)} (${sql.raw(names)}) select ${sql.raw(names)} from jsonb_to_recordset(${json}::jsonb) as x(${sql.raw(defs)})`,
    );
  }
};

/**
 * Writes whole menus as fresh rows (copy menu, seed): new ids reserved up front so children can name their
 * parents, then one batched INSERT per table. Today's stock starts full and nothing is sold out.
 */
export const writeMenus = async (tx: Db, menus: { accountId: number; menu: MenuDraft }[]) => {
  const classes = menus.flatMap(({ accountId, menu }) => menu.classes.map((c, i) => ({ accountId, c, i })));
  const classIds = await reserveIds(tx, 'menu_classes', classes.length);
  const classKey = (accountId: number, localId: number) => `${accountId}:${localId}`;
  const classMap = new Map(classes.map(({ accountId, c }, k) => [classKey(accountId, c.id), classIds[k]!]));
  const prods = menus.flatMap(({ accountId, menu }) => menu.products.map((p) => ({ accountId, p })));
  const productIds = await reserveIds(tx, 'products', prods.length);
  const groups = prods.flatMap(({ accountId, p }, k) =>
    p.optionGroups.map((g) => ({ accountId, g, productId: productIds[k]! })),
  );
  const groupIds = await reserveIds(tx, 'option_groups', groups.length);
  const opts = groups.flatMap(({ accountId, g }, k) =>
    g.options.map((o) => ({ accountId, o, groupId: groupIds[k]! })),
  );
  const optionIds = await reserveIds(tx, 'options', opts.length);

  await insertRows(
    tx,
    'menu_classes',
    { id: 'int', account_id: 'int', sku: 'text', names: 'jsonb', position: 'int' },
    classes.map(({ accountId, c, i }, k) => ({
      id: classIds[k],
      account_id: accountId,
      sku: c.sku,
      names: c.names,
      position: i,
    })),
  );
  await insertRows(
    tx,
    'products',
    {
      id: 'int',
      account_id: 'int',
      class_id: 'int',
      names: 'jsonb',
      description: 'jsonb',
      price: 'int',
      image_path: 'text',
      calories: 'int',
      meal_types: 'jsonb',
      daily_stock: 'int',
      stock_left: 'int',
      position: 'int',
    },
    prods.map(({ accountId, p }, k) => ({
      id: productIds[k],
      account_id: accountId,
      class_id: classMap.get(classKey(accountId, p.classId)),
      names: p.names,
      description: p.description,
      price: p.price,
      image_path: p.image,
      calories: p.calories,
      meal_types: p.mealTypes,
      daily_stock: p.dailyStock,
      stock_left: p.dailyStock,
      position: p.position,
    })),
  );
  await insertRows(
    tx,
    'option_groups',
    {
      id: 'int',
      account_id: 'int',
      product_id: 'int',
      names: 'jsonb',
      kind: 'text',
      min_select: 'int',
      max_select: 'int',
      position: 'int',
    },
    groups.map(({ accountId, g, productId }, k) => ({
      id: groupIds[k],
      account_id: accountId,
      product_id: productId,
      names: g.names,
      kind: g.kind,
      min_select: g.minSelect,
      max_select: g.maxSelect,
      position: g.position,
    })),
  );
  await insertRows(
    tx,
    'options',
    { id: 'int', account_id: 'int', group_id: 'int', names: 'jsonb', price_delta: 'int', position: 'int' },
    opts.map(({ accountId, o, groupId }, k) => ({
      id: optionIds[k],
      account_id: accountId,
      group_id: groupId,
      names: o.names,
      price_delta: o.priceDelta,
      position: o.position,
    })),
  );
};
