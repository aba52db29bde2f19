import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/**
 * Rows of a table read as json inside a larger statement (`row_to_json(t)`, keys are the column names), mapped
 * as drizzle maps the table's columns when it selects them (each column's `mapFromDriverValue`): a reader that
 * folds a table's rows into another statement gets the same row objects, on either driver, without a second
 * mapping to keep in step with the schema.
 */
export const rowsFromJson = <T extends Table>(
  table: T,
  rows: readonly Record<string, unknown>[],
): InferSelectModel<T>[] => {
  const columns = Object.entries(getTableColumns(table));
  return rows.map(
    (r) =>
      Object.fromEntries(
        columns.map(([key, col]) => {
          const v = r[col.name];
          return [key, v === null || v === undefined ? null : col.mapFromDriverValue(v)];
        }),
      ) as InferSelectModel<T>,
  );
};
