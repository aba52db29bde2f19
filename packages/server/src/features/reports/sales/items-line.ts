import { type SQL, sql } from 'drizzle-orm';

type Lang = 'zh-TW' | 'en';
type LineItem = { names: { zh?: string | null; en?: string | null }; quantity: number };

/**
 * An order's items line, "牛肉麵 x2、紅茶 x1": each item's name in the language (English falls back to the
 * Chinese name when it has none) with its quantity, in the order they were ordered; null for no item. Written
 * on the order when it is placed (`orders.items_line_zh` / `items_line_en`, order-store.ts newOrderValues) and
 * read by the sales page and its exports, which then need no join to order_items per order (that join was
 * three quarters of the export's database time: docs/decisions/reports.md "Items line kept on the order").
 * `itemsLineSql` is the same rule in SQL for an order written without it (before migration 0049; test
 * helpers' rows); items-line.test.ts holds the two to the same answers.
 */
export const itemsLine = (items: readonly LineItem[], lang: Lang): string | null => {
  const parts: string[] = [];
  for (const i of items) {
    const zh = i.names.zh ?? null;
    const name = lang === 'en' ? i.names.en || zh : zh;
    // SQL's `null || …` is null and string_agg leaves it out
    if (name === null || name === undefined) continue;
    parts.push(`${name} x${i.quantity}`);
  }
  return parts.length ? parts.join('、') : null;
};

/** The order's stored items line in the language: `o` is the orders row. */
export const storedItemsLine = (lang: Lang): SQL =>
  lang === 'en' ? sql`o.items_line_en` : sql`o.items_line_zh`;

/** `itemsLine` as an aggregate over order_items `i` (ordered by id: the order they were ordered in). */
export const itemsLineAgg = (lang: Lang): SQL => {
  const key = lang === 'en' ? 'en' : 'zh';
  return sql`string_agg(coalesce(nullif(i.names->>${key}, ''), i.names->>'zh') || ' x' || i.quantity,
    '、' order by i.id)`;
};

/**
 * The items line of order `o`: the stored one, or, for an order written without it, made from its items
 * (the sub-select runs only then: coalesce evaluates its arguments lazily).
 */
export const itemsLineSql = (lang: Lang): SQL =>
  sql`coalesce(${storedItemsLine(lang)}, (select ${itemsLineAgg(lang)} from order_items i where i.order_id = o.id))`;
