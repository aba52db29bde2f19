import {
  bulkShopsOp,
  eaaShopsOp,
  listSiAccountsOp,
  queryShopsOp,
  siShopsOp,
  type TEaaShopsRequest,
  type TQueryShopsRequest,
  type TSiShopsRequest,
  tagSuggestionsOp,
} from '@shopdesk/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApiQuery } from '../../../lib/api-query';

/** One query-key family per list, so an action can refresh exactly the lists it changed. */
export const shopListKeys = {
  all: ['shop-lists'] as const,
  gaa: (q: TQueryShopsRequest) => ['shop-lists', 'gaa', q] as const,
  si: (q: TSiShopsRequest) => ['shop-lists', 'si', q] as const,
  eaa: (q: TEaaShopsRequest) => ['shop-lists', 'eaa', q] as const,
  siAccounts: ['shop-lists', 'si-accounts'] as const,
  tags: (keyword: string) => ['shop-lists', 'tags', keyword] as const,
};

/** The gaa list: the retail tree asks /gaa/shops/bulk?type=retail (spec 002 §7). */
export const useGaaShops = (query: TQueryShopsRequest) =>
  useApiQuery(
    query.type === 'retail' ? bulkShopsOp : queryShopsOp,
    { query },
    { queryKey: shopListKeys.gaa(query), placeholderData: keepPreviousData, staleTime: 0 },
  );

export const useSiShops = (query: TSiShopsRequest) =>
  useApiQuery(siShopsOp, { query }, { queryKey: shopListKeys.si(query), placeholderData: keepPreviousData });

export const useEaaShops = (query: TEaaShopsRequest) =>
  useApiQuery(
    eaaShopsOp,
    { query },
    { queryKey: shopListKeys.eaa(query), placeholderData: keepPreviousData },
  );

export const useSiAccounts = () =>
  useApiQuery(listSiAccountsOp, {}, { queryKey: shopListKeys.siAccounts, staleTime: 5 * 60_000 });

/** spec 002 §7 Tags: suggestions for the typed text, at most 5 (the server's limit too). */
export const useTagSuggestions = (keyword: string) =>
  useApiQuery(
    tagSuggestionsOp,
    { query: { keyword, limit: 5 } },
    { queryKey: shopListKeys.tags(keyword), placeholderData: keepPreviousData, staleTime: 60_000 },
  );

export const useRefreshShopLists = () => {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: shopListKeys.all }), [client]);
};
