import type { TablePaginationConfig } from 'antd';
import { type ReactNode, useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * List state in the URL (STYLE.md): page, size, sort and filters are search parameters, so a reload or a
 * shared link shows the same list. `filterKeys` are the list's own text filters.
 */
export type TUrlListState<F extends string> = {
  page: number;
  size: number;
  sort: string | undefined;
  filters: Record<F, string>;
};

const positive = (raw: string | null, fallback: number) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

export const useUrlListState = <F extends string>(opts: {
  filterKeys: readonly F[];
  sizes: readonly number[];
}) => {
  const [params, setParams] = useSearchParams();
  const { filterKeys, sizes } = opts;
  const state = useMemo<TUrlListState<F>>(() => {
    const size = positive(params.get('size'), sizes[0]!);
    return {
      page: positive(params.get('page'), 1),
      // A size the list does not offer (an edited link) falls back to the default.
      size: sizes.includes(size) ? size : sizes[0]!,
      sort: params.get('sort') ?? undefined,
      filters: Object.fromEntries(filterKeys.map((k) => [k, params.get(k) ?? ''])) as Record<F, string>,
    };
  }, [params, filterKeys, sizes]);

  const update = useCallback(
    (next: Partial<Omit<TUrlListState<F>, 'filters'>> & { filters?: Partial<Record<F, string>> }) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          const put = (key: string, value: string | number | undefined, omit?: string | number) => {
            if (value === undefined || value === '' || value === omit) out.delete(key);
            else out.set(key, String(value));
          };
          if ('page' in next) put('page', next.page, 1);
          if ('size' in next) put('size', next.size, sizes[0]);
          if ('sort' in next) put('sort', next.sort);
          for (const [k, v] of Object.entries(next.filters ?? {})) put(k, (v as string | undefined)?.trim());
          // spec 000 §5: the pager goes back to page 1 when the size or the filters change.
          if (('size' in next || next.filters) && !('page' in next)) out.delete('page');
          return out;
        },
        { replace: false },
      ),
    [setParams, sizes],
  );

  /**
   * The antd Table props of a list without column sorting: the pager shows the URL's page and size, a new
   * size goes back to page 1. `extra` adds pager options (a compact pager on narrow screens).
   */
  const table = (
    total: number,
    showTotal: (total: number) => ReactNode,
    extra: TablePaginationConfig = {},
  ) => ({
    pagination: {
      current: state.page,
      pageSize: state.size,
      total,
      showSizeChanger: true,
      pageSizeOptions: sizes.map(String),
      showTotal,
      ...extra,
    },
    onChange: (p: TablePaginationConfig) => {
      if (p.pageSize !== state.size) update({ size: p.pageSize });
      else update({ page: p.current });
    },
  });

  return { ...state, offset: (state.page - 1) * state.size, update, table };
};
