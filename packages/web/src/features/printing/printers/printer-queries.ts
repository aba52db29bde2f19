import {
  createPrinterOp,
  deletePrinterOp,
  listAllPrintersOp,
  listPrintersOp,
  purgePrinterQueueOp,
  type TPrinterInput,
  type TPrinterUpdate,
  updatePrinterOp,
} from '@shopdesk/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';

export const printerKeys = {
  all: ['printers'] as const,
  shop: (accountId: number) => ['printers', 'shop', accountId] as const,
  list: (query: object) => ['printers', 'list', query] as const,
};

export const useShopPrinters = (accountId: number) =>
  useApiQuery(
    listPrintersOp,
    { params: { id: accountId } },
    { queryKey: printerKeys.shop(accountId), staleTime: 0 },
  );

export const usePrinterWrites = (accountId: number) => {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: printerKeys.all });
  const creator = useApiMutation(createPrinterOp, { onSuccess: refresh });
  const updater = useApiMutation(updatePrinterOp, { onSuccess: refresh });
  const deleter = useApiMutation(deletePrinterOp, { onSuccess: refresh });
  const purger = useApiMutation(purgePrinterQueueOp, { onSuccess: refresh });
  return {
    saving: creator.isPending || updater.isPending,
    create: (body: TPrinterInput) => creator.mutateAsync({ params: { id: accountId }, body }),
    update: (did: string, body: TPrinterUpdate) => updater.mutateAsync({ params: { did }, body }),
    remove: (did: string) => deleter.mutateAsync({ params: { did } }),
    purge: (did: string) => purger.mutateAsync({ params: { did } }),
  };
};

export type TPrinterListFilter = { offset: number; limit: number; accountId?: number; state?: string };
export const useAllPrinters = (q: TPrinterListFilter, refresh: boolean) =>
  useApiQuery(
    listAllPrintersOp,
    { query: { ...q, state: q.state as never, refresh: refresh ? 'true' : undefined } },
    { queryKey: printerKeys.list({ ...q, refresh }), placeholderData: keepPreviousData, staleTime: 0 },
  );
