import {
  addSpecialDayOp,
  deleteSpecialDayOp,
  getOpeningHoursOp,
  getTimingOp,
  listSpecialDaysOp,
  putOpeningHoursOp,
  putTimingOp,
  type TOpeningHoursResponse,
  type TShopPortal,
  type TTimingResponse,
} from '@shopdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';

/** One key family per shop: each write refreshes exactly the part of that shop it changed. */
export const shopTimeKeys = {
  shop: (id: number) => ['shop-time', id] as const,
  part: (id: number, part: 'opening' | 'days-off' | 'timing' | 'limits') => ['shop-time', id, part] as const,
};

export const useOpeningHours = (type: TShopPortal, accountId: number) =>
  useApiQuery(
    getOpeningHoursOp,
    { params: { userType: type, accountId } },
    { queryKey: shopTimeKeys.part(accountId, 'opening'), staleTime: 0 },
  );

export const useSaveOpeningHours = (type: TShopPortal, accountId: number) => {
  const client = useQueryClient();
  const mutation = useApiMutation(putOpeningHoursOp, {
    onSuccess: (saved) =>
      client.setQueryData<TOpeningHoursResponse>(shopTimeKeys.part(accountId, 'opening'), saved),
  });
  return {
    ...mutation,
    save: (hours: Omit<TOpeningHoursResponse, 'savedAt'>) =>
      mutation.mutateAsync({ params: { userType: type, accountId }, body: hours }),
  };
};

export const useDaysOff = (type: TShopPortal, accountId: number) =>
  useApiQuery(
    listSpecialDaysOp,
    { params: { userType: type, accountId } },
    { queryKey: shopTimeKeys.part(accountId, 'days-off'), staleTime: 0, enabled: accountId > 0 },
  );

export const useDayOffWrites = (type: TShopPortal, accountId: number) => {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: shopTimeKeys.part(accountId, 'days-off') });
  const adder = useApiMutation(addSpecialDayOp, { onSuccess: refresh });
  const deleter = useApiMutation(deleteSpecialDayOp, { onSuccess: refresh });
  const params = { userType: type, accountId };
  return {
    adding: adder.isPending,
    add: (date: string) => adder.mutateAsync({ params, body: { date, closeDay: 100 } }),
    remove: (id: number) => deleter.mutateAsync({ params: { ...params, id } }),
    refresh,
  };
};

export const useTiming = (type: TShopPortal, accountId: number) =>
  useApiQuery(
    getTimingOp,
    { params: { userType: type, accountId } },
    { queryKey: shopTimeKeys.part(accountId, 'timing'), staleTime: 0 },
  );

export const useSaveTiming = (type: TShopPortal, accountId: number) => {
  const client = useQueryClient();
  const mutation = useApiMutation(putTimingOp, {
    onSuccess: (saved) => client.setQueryData<TTimingResponse>(shopTimeKeys.part(accountId, 'timing'), saved),
  });
  // one field over the latest saved values: the save bar saves several fields one after the other, and each
  // must keep what the one before it saved
  return (base: TTimingResponse, patch: Partial<TTimingResponse>) => {
    const latest = client.getQueryData<TTimingResponse>(shopTimeKeys.part(accountId, 'timing')) ?? base;
    const { waiting_time: _, ...body } = { ...latest, ...patch };
    return mutation.mutateAsync({ params: { userType: type, accountId }, body });
  };
};
