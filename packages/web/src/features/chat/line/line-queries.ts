import {
  accountKeyOp,
  createLineAccountOp,
  deleteNotifyGroupOp,
  listRichMenusOp,
  listSiAccountsOp,
  notifyGroupsOp,
  type TShopKind,
  type TShopPortal,
} from '@shopdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';

export const lineKeys = {
  groups: (type: TShopPortal, id: number) => ['line', 'groups', type, id] as const,
};

export const useRichMenus = (type: TShopKind) => useApiQuery(listRichMenusOp, { query: { type } });
export const useSiOptions = (enabled = true) => useApiQuery(listSiAccountsOp, {}, { enabled });
export const useAccountKey = () => useApiMutation(accountKeyOp);
export const useFinishWizard = () => useApiMutation(createLineAccountOp);

export const useNotifyGroups = (type: TShopPortal, id: number | null) =>
  useApiQuery(
    notifyGroupsOp,
    { params: { type }, query: { business_id: id ?? 0 } },
    { queryKey: lineKeys.groups(type, id ?? 0), enabled: id !== null, staleTime: 0 },
  );

export const useRemoveNotifyGroup = (type: TShopPortal, id: number) => {
  const client = useQueryClient();
  return useApiMutation(deleteNotifyGroupOp, {
    onSuccess: () => client.invalidateQueries({ queryKey: lineKeys.groups(type, id) }),
  });
};
