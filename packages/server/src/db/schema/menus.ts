import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from './columns';
import { accounts } from './shops';

/** Names in zh-TW and en (spec 002 §3 "Product class: sku, nameArr"). */
export type TNamesColumn = { zh: string; en: string };
export type TMealTypeColumn = 'eat_in' | 'to_go' | 'delivery';

/**
 * Menu tables. Every row carries its shop's account_id, so a shop's menu is read with one
 * indexed query per table and a child row can be checked against the shop in the URL without joins.
 */
export const menuClasses = pgTable(
  'menu_classes',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    names: jsonb('names').$type<TNamesColumn>().notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('menu_classes_account_sku_unique').on(t.accountId, t.sku),
    index('menu_classes_account_position_idx').on(t.accountId, t.position),
  ],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** null only for archived products whose class was deleted afterwards. */
    classId: integer('class_id').references(() => menuClasses.id, { onDelete: 'set null' }),
    names: jsonb('names').$type<TNamesColumn>().notNull(),
    description: jsonb('description').$type<TNamesColumn>().notNull().default({ zh: '', en: '' }),
    /** NT$, whole dollars. */
    price: integer('price').notNull(),
    /** File name under DATA_DIR/uploads (SHA-256 of the bytes + extension). */
    imagePath: text('image_path'),
    calories: integer('calories'),
    mealTypes: jsonb('meal_types')
      .$type<TMealTypeColumn[]>()
      .notNull()
      .default(sql`'["eat_in","to_go","delivery"]'::jsonb`),
    /** null = unlimited. */
    dailyStock: integer('daily_stock'),
    /** What is left today; null when unlimited. Orders take from it atomically (features/menus/menus/stock.ts). */
    stockLeft: integer('stock_left'),
    soldOut: boolean('sold_out').notNull().default(false),
    position: integer('position').notNull().default(0),
    /** Deleted from the menu; kept so past orders still name it. */
    archived: boolean('archived').notNull().default(false),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('products_account_class_position_idx').on(t.accountId, t.classId, t.position),
    index('products_class_idx').on(t.classId),
    // The last guard of "never below zero", whatever code writes the row.
    check('products_stock_left_check', sql`${t.stockLeft} >= 0`),
    check('products_price_check', sql`${t.price} >= 0`),
  ],
);

export const optionGroups = pgTable(
  'option_groups',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    names: jsonb('names').$type<TNamesColumn>().notNull(),
    kind: text('kind', { enum: ['single', 'multiple'] }).notNull(),
    minSelect: integer('min_select').notNull().default(0),
    maxSelect: integer('max_select').notNull().default(1),
    position: integer('position').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('option_groups_account_idx').on(t.accountId),
    index('option_groups_product_position_idx').on(t.productId, t.position),
  ],
);

export const options = pgTable(
  'options',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => optionGroups.id, { onDelete: 'cascade' }),
    names: jsonb('names').$type<TNamesColumn>().notNull(),
    /** NT$ added to the product price when chosen; may be negative. */
    priceDelta: integer('price_delta').notNull().default(0),
    soldOut: boolean('sold_out').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('options_account_idx').on(t.accountId),
    index('options_group_position_idx').on(t.groupId, t.position),
  ],
);
