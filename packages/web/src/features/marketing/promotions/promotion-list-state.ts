import { PROMOTION_LIMITS } from '@shopdesk/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

export const DEFAULT_SIZE = 15;
type TQuery = Record<'keyword' | 'page' | 'size', string | undefined>;

/**
 * The promotion list's search, page and size: in the URL on the promotions page (a reload or a shared link
 * shows the same list), in the tab's own state inside the settings page, whose URL holds its shop and tab.
 * `embedded` never changes for a mounted list.
 */
export const usePromotionListState = (embedded: boolean) => {
  const [search, setSearch] = useSearchParams();
  const [local, setLocal] = useState<Partial<TQuery>>({});
  const read = (k: keyof TQuery) => (embedded ? local[k] : (search.get(k) ?? undefined));
  const sizes = PROMOTION_LIMITS.pageSizes;
  const setQuery = (next: Partial<TQuery>) => {
    if (embedded) {
      setLocal((prev) => ({ ...prev, ...next }));
      return;
    }
    const q = new URLSearchParams(search);
    for (const [k, v] of Object.entries(next))
      if (v) q.set(k, v);
      else q.delete(k);
    setSearch(q, { replace: true });
  };
  return {
    keyword: read('keyword') || undefined,
    size: sizes.find((s) => String(s) === read('size')) ?? DEFAULT_SIZE,
    page: Math.max(1, Number(read('page')) || 1),
    sizes,
    setQuery,
  };
};
