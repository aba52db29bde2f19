import {
  deleteLineSpotOp,
  findAddressOp,
  getDirectoryEntryOp,
  lookupLineSpotOp,
  searchDirectoryShopsOp,
  type TLineSpotSi,
  uploadLineSpotOp,
} from '@shopdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';

/** One key family: an upload or a removal refreshes the search, the entry and the look-up at once. */
export const lineSpotKeys = {
  all: ['line-spot'] as const,
  search: (keyword: string) => ['line-spot', 'search', keyword] as const,
  entry: (id: number) => ['line-spot', 'entry', id] as const,
  lookup: (si: TLineSpotSi, id: number) => ['line-spot', 'lookup', si, id] as const,
};

export const useDirectorySearch = (keyword: string) =>
  useApiQuery(
    searchDirectoryShopsOp,
    { query: keyword ? { keyword } : {} },
    { queryKey: lineSpotKeys.search(keyword), staleTime: 0 },
  );

export const useDirectoryEntry = (id: number | null) =>
  useApiQuery(
    getDirectoryEntryOp,
    { params: { id: id ?? 0 } },
    { queryKey: lineSpotKeys.entry(id ?? 0), enabled: id !== null, staleTime: 0 },
  );

export const useLineSpotLookup = (si: TLineSpotSi, id: number | null) =>
  useApiQuery(
    lookupLineSpotOp,
    { params: { siName: si, id: id ?? 0 } },
    { queryKey: lineSpotKeys.lookup(si, id ?? 0), enabled: id !== null, staleTime: 0 },
  );

export const useFindAddress = () => useApiMutation(findAddressOp);

const useRefreshing = <O extends typeof uploadLineSpotOp | typeof deleteLineSpotOp>(op: O) => {
  const client = useQueryClient();
  return useApiMutation(op, { onSuccess: () => client.invalidateQueries({ queryKey: lineSpotKeys.all }) });
};
export const useUploadLineSpot = () => useRefreshing(uploadLineSpotOp);
export const useRemoveLineSpot = () => useRefreshing(deleteLineSpotOp);
