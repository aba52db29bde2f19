import type { SorterResult } from 'antd/es/table/interface';

export type TSortOrder = 'ascend' | 'descend' | null;

/** The URL's sort ("-name", "invoice") as antd's per-column order, with the list's default shown too. */
export const columnOrder = (sort: string | undefined, key: string, fallback: string): TSortOrder => {
  const s = sort ?? fallback;
  if (s === key) return 'ascend';
  if (s === `-${key}`) return 'descend';
  return null;
};

/** antd's sorter back to the URL's sort string (undefined = the default sort). */
export const sortFromTable = <T>(sorter: SorterResult<T> | SorterResult<T>[]): string | undefined => {
  const s = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!s?.order || !s.columnKey) return undefined;
  return `${s.order === 'descend' ? '-' : ''}${String(s.columnKey)}`;
};
