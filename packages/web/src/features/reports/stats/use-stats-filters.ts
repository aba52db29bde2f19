import { lastDays, STATS_DEFAULT_DAYS } from '@shopdesk/contract';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const num = (v: string | null) => {
  const n = Number(v);
  return v && Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * The filters of a stats page live in the URL (STYLE.md): from, to, si, and the shop as spec 002 §2 names
 * it (shop_id, shop_name). Missing dates = the last 7 days.
 */
export const useStatsFilters = () => {
  const [params, setParams] = useSearchParams();
  const fallback = lastDays(STATS_DEFAULT_DAYS);
  const filters = {
    from: params.get('from') ?? fallback.from,
    to: params.get('to') ?? fallback.to,
    siAccountId: num(params.get('si')),
    shopId: num(params.get('shop_id')),
    shopName: params.get('shop_name') ?? undefined,
    token: params.get('token') ?? undefined,
  };
  const set = useCallback(
    (patch: Record<string, string | number | undefined>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v === undefined || v === '') next.delete(k);
            else next.set(k, String(v));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { filters, set, params };
};
