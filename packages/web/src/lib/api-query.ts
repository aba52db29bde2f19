import type { TOperation } from '@shopdesk/contract';
import {
  QueryClient,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import { ApiClientError, callApi, type TCallArgs, type TResponse } from './api';

/**
 * Default query key of an operation call: method, path, then params and query. Features that need to
 * invalidate a family of calls keep their own key factory and pass `queryKey`.
 */
export const apiQueryKey = <O extends TOperation>(op: O, args: TCallArgs<O>) => {
  const { params, query } = args as { params?: unknown; query?: unknown };
  return [op.method, op.path, params ?? null, query ?? null] as const;
};

type TQueryOptions<O extends TOperation> = Omit<
  UseQueryOptions<TResponse<O>, ApiClientError>,
  'queryFn' | 'queryKey'
> & { queryKey?: readonly unknown[] };

/** useQuery over one contract operation; the fetch is aborted when the query is cancelled. */
export const useApiQuery = <O extends TOperation>(op: O, args: TCallArgs<O>, options?: TQueryOptions<O>) =>
  useQuery<TResponse<O>, ApiClientError>({
    ...options,
    queryKey: options?.queryKey ?? apiQueryKey(op, args),
    queryFn: ({ signal }) => callApi(op, { ...args, signal }),
  });

/** useMutation over one contract operation; variables are the call's params/query/body. */
export const useApiMutation = <O extends TOperation>(
  op: O,
  options?: Omit<UseMutationOptions<TResponse<O>, ApiClientError, TCallArgs<O>>, 'mutationFn'>,
) =>
  useMutation<TResponse<O>, ApiClientError, TCallArgs<O>>({
    ...options,
    mutationFn: (args) => callApi(op, args),
  });

/** Client errors (4xx) will not change on retry; a network blip or a 5xx may. */
const shouldRetry = (failures: number, error: unknown) =>
  failures < 2 && !(error instanceof ApiClientError && error.status >= 400 && error.status < 500);

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
