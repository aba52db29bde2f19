import { listManagersOp, saveAclsOp, type TSaveAclsRequest } from '@shopdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';

const keys = { shop: (id: number) => ['acls', id] as const };

/** spec 002 §7 Acls: the shop's managers and the save of one manager's acls. */
export const useManagers = (id: number) =>
  useApiQuery(listManagersOp, { params: { id } }, { queryKey: keys.shop(id), staleTime: 0, enabled: id > 0 });

export const useSaveAcls = (accountId: number) => {
  const client = useQueryClient();
  const m = useApiMutation(saveAclsOp, {
    onSuccess: () => client.invalidateQueries({ queryKey: keys.shop(accountId) }),
  });
  return {
    saving: m.isPending,
    save: (body: TSaveAclsRequest) => m.mutateAsync({ params: { accountId }, body }),
  };
};
