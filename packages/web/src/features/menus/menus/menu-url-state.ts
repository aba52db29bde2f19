import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const idOf = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** The open shop and class live in the URL (?shop=12&class=34): a reload or a shared link shows the same. */
export const useMenuUrlState = () => {
  const [params, setParams] = useSearchParams();
  const shopId = idOf(params.get('shop'));
  const classId = idOf(params.get('class'));
  const set = useCallback(
    (next: { shop?: number | null; class?: number | null }, replace = false) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(next)) {
            if (value === null || value === undefined) out.delete(key);
            else out.set(key, String(value));
          }
          return out;
        },
        { replace },
      ),
    [setParams],
  );
  return {
    shopId,
    classId,
    /** Another shop: its first class opens. */
    setShop: (shop: number | null, replace = false) => set({ shop, class: null }, replace),
    setClass: (cls: number | null, replace = false) => set({ class: cls }, replace),
  };
};
