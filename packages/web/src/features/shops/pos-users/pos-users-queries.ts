import { deletePosUserOp, listPosUsersOp, posSignupOp } from '@shopdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';

type TUserType = 'gaa' | 'si' | 'eaa' | 'line';

export const posUsersKeys = {
  all: ['pos-users'] as const,
  list: (userType: TUserType, shopId: number) => ['pos-users', userType, shopId] as const,
};

/** spec 002 §7 GET /{userType}/qcpos/users?shopId: the dialog's list, fetched while it is open. */
export const usePosUsers = (userType: TUserType, shopId: number, enabled: boolean) =>
  useApiQuery(
    listPosUsersOp,
    { params: { userType }, query: { shopId } },
    { queryKey: posUsersKeys.list(userType, shopId), enabled, staleTime: 0 },
  );

/** Add and delete refresh the shop's list whatever their outcome (a 409 may mean the list changed). */
export const usePosUserMutations = (userType: TUserType, shopId: number) => {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: posUsersKeys.list(userType, shopId) });
  return {
    add: useApiMutation(posSignupOp, { onSettled }),
    remove: useApiMutation(deletePosUserOp, { onSettled }),
  };
};
