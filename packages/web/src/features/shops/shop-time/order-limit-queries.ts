import {
  createAccountOrderLimitOp,
  deleteOrderLimitOp,
  listOrderLimitsOp,
  patchOrderLimitOp,
  type TOrderLimitData,
  type TShopPortal,
} from '@shopdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';
import { shopTimeKeys } from './shop-time-queries';

/**
 * Order limits of a shop, for the Time tab and the order-limit pages alike. The calls are the ones with
 * the caller's portal in the path (spec 000 §7, 002 §7), so gaa, si and eaa use the same hooks.
 */
export const useOrderLimits = (type: TShopPortal, accountId: number) =>
  useApiQuery(
    listOrderLimitsOp,
    { params: { type, accountId } },
    { queryKey: shopTimeKeys.part(accountId, 'limits'), staleTime: 0 },
  );

export const useOrderLimitWrites = (type: TShopPortal, accountId: number) => {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: shopTimeKeys.part(accountId, 'limits') });
  const creator = useApiMutation(createAccountOrderLimitOp, { onSuccess: refresh });
  const updater = useApiMutation(patchOrderLimitOp, { onSuccess: refresh });
  const deleter = useApiMutation(deleteOrderLimitOp, { onSuccess: refresh });
  return {
    saving: creator.isPending || updater.isPending,
    create: (data: TOrderLimitData) =>
      creator.mutateAsync({ params: { type, id: accountId }, body: { ...data, account_id: accountId } }),
    update: (id: number, data: TOrderLimitData) =>
      updater.mutateAsync({ params: { type, accountId, id }, body: { ...data, account_id: accountId } }),
    remove: (id: number) => deleter.mutateAsync({ params: { type, accountId, id } }),
  };
};
