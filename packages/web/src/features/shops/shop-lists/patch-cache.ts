import type { TEaaShopRow, TGaaShopRow, TQueryShopsResponse } from '@shopdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { shopListKeys } from './shop-list-queries';

/**
 * After a successful row action the cached pages are patched in place: the row shows the saved value at
 * once, and going back to an earlier page does not flash the old one.
 */
export const usePatchGaaRow = () => {
  const client = useQueryClient();
  return useCallback(
    (id: number, patch: Partial<TGaaShopRow>) =>
      client.setQueriesData<TQueryShopsResponse>({ queryKey: [...shopListKeys.all, 'gaa'] }, (old) =>
        old
          ? {
              data: {
                ...old.data,
                shops: old.data.shops.map((s) => (s.id === id ? { ...s, ...patch } : s)),
              },
            }
          : old,
      ),
    [client],
  );
};

export const usePatchEaaRow = () => {
  const client = useQueryClient();
  return useCallback(
    (accountId: number, patch: Partial<TEaaShopRow>) =>
      client.setQueriesData<{ total: number; shops: TEaaShopRow[] }>(
        { queryKey: [...shopListKeys.all, 'eaa'] },
        (old) =>
          old
            ? { ...old, shops: old.shops.map((s) => (s.accountId === accountId ? { ...s, ...patch } : s)) }
            : old,
      ),
    [client],
  );
};
