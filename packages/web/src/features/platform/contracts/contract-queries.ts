import {
  createContractOp,
  disableSystemOp,
  enableSystemOp,
  getContractsOp,
  listPlansOp,
  listRegistrationOrdersOp,
  type TCreateContractRequest,
} from '@shopdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';

const keys = {
  shop: (accountId: number) => ['contracts', accountId] as const,
};

/** spec 002 §7 Contracts: the list, the plans and the shop's registration orders (gaa only). */
export const useContracts = (accountId: number, businessId: number) =>
  useApiQuery(
    getContractsOp,
    { params: { accountId }, query: { businessId } },
    { queryKey: [...keys.shop(accountId), 'list', businessId], staleTime: 0 },
  );
export const usePlans = () => useApiQuery(listPlansOp, {}, { staleTime: 5 * 60_000 });
/** gaa only: a shop manager reading its contracts does not ask (`enabled` false). */
export const useRegistrationOrders = (businessId: number, enabled = true) =>
  useApiQuery(
    listRegistrationOrdersOp,
    { params: { businessId } },
    { queryKey: [...keys.shop(businessId), 'registration-orders'], enabled },
  );

export const useContractWrites = (accountId: number) => {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: keys.shop(accountId) });
  const creator = useApiMutation(createContractOp, { onSuccess: refresh });
  const on = useApiMutation(enableSystemOp);
  const off = useApiMutation(disableSystemOp);
  return {
    saving: creator.isPending,
    switching: on.isPending || off.isPending,
    create: (body: TCreateContractRequest) => creator.mutateAsync({ body }),
    setSystem: (enabled: boolean) => (enabled ? on : off).mutateAsync({ body: { accountId } }),
  };
};
