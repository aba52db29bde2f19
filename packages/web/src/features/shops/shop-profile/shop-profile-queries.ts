import {
  getLabelPrinterOp,
  getShopOp,
  goLiveChecklistOp,
  managerInfoOp,
  manualAcceptOp,
  patchLabelPrinterOp,
  putShopOp,
  regenerateBindingCodeOp,
  setShopStatusOp,
  type TShopPageType,
  type TShopPortal,
  type TShopResponse,
} from '@shopdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';

/** One key family per shop: a save or a new binding code refreshes that shop's info and edit pages. */
export const shopProfileKeys = {
  shop: (type: TShopPageType, id: number) => ['shop-profile', type, id] as const,
  part: (type: TShopPageType, id: number, part: string) => [...shopProfileKeys.shop(type, id), part] as const,
};

export const useShop = (type: TShopPageType, id: number) =>
  useApiQuery(
    getShopOp,
    { params: { type, id } },
    { queryKey: shopProfileKeys.part(type, id, 'shop'), staleTime: 0 },
  );

/** The go-live checklist: read again each time the info page opens (the ticks follow the other pages' saves). */
export const useGoLiveChecklist = (type: TShopPortal, id: number, enabled: boolean) =>
  useApiQuery(
    goLiveChecklistOp,
    { params: { type, accountId: id } },
    { queryKey: shopProfileKeys.part(type, id, 'go-live'), staleTime: 0, enabled },
  );

export const useManagerInfo = (
  type: TShopPageType,
  id: number,
  siAccountId: number | null,
  kind: string | undefined,
) =>
  useApiQuery(
    managerInfoOp,
    {
      params: { type, siAccountId: siAccountId ?? 0 },
      query: { businessId: id, type: kind as 'catering' | 'retail' },
    },
    { queryKey: shopProfileKeys.part(type, id, `manager-${siAccountId ?? 0}`), enabled: kind !== undefined },
  );

export const useLabelPrinter = (type: TShopPageType, id: number) =>
  useApiQuery(
    getLabelPrinterOp,
    { params: { type, id } },
    { queryKey: shopProfileKeys.part(type, id, 'label'), staleTime: 0 },
  );

/** Stores a saved or renewed shop in the cache, so both pages show it without another call. */
const useStoreShop = (type: TShopPageType, id: number) => {
  const client = useQueryClient();
  return (update: (old: TShopResponse | undefined) => TShopResponse | undefined) =>
    client.setQueryData<TShopResponse>(shopProfileKeys.part(type, id, 'shop'), update);
};

export const useSaveShop = (type: TShopPageType, id: number) => {
  const store = useStoreShop(type, id);
  return useApiMutation(putShopOp, { onSuccess: (saved) => store(() => saved) });
};

export const useRegenerateCode = (type: TShopPortal, id: number) => {
  const store = useStoreShop(type, id);
  return useApiMutation(regenerateBindingCodeOp, {
    onSuccess: ({ results }) =>
      store((old) =>
        old
          ? {
              ...old,
              businessData: { ...old.businessData, code: results.code },
              codeExpiredTime: results.expiredTime,
            }
          : old,
      ),
  });
};

export const useSaveLabelPrinter = (type: TShopPageType, id: number) => {
  const client = useQueryClient();
  return useApiMutation(patchLabelPrinterOp, {
    onSuccess: (saved) => client.setQueryData(shopProfileKeys.part(type, id, 'label'), saved),
  });
};

/**
 * The info page's two switches (spec 000 §4): each writes its one field through its own call, never the
 * whole edit form, and stores the new value in the cached shop so the edit page shows it too.
 */
const usePatchBusiness = (type: TShopPortal, id: number) => {
  const store = useStoreShop(type, id);
  return (patch: Partial<TShopResponse['businessData']>) =>
    store((old) => (old ? { ...old, businessData: { ...old.businessData, ...patch } } : old));
};

export const useSetOnlineOrdering = (type: TShopPortal, id: number) => {
  const patch = usePatchBusiness(type, id);
  return useApiMutation(setShopStatusOp, { onSuccess: ({ isEnabled }) => patch({ isEnabled }) });
};

export const useSetManualAccept = (type: TShopPortal, id: number) => {
  const patch = usePatchBusiness(type, id);
  return useApiMutation(manualAcceptOp, { onSuccess: ({ isManual }) => patch({ isManual }) });
};
