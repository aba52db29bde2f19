import { PROMOTION_OPS, type TPromotionInputRaw, type TPromotionPortal } from '@shopdesk/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';

export type { TPromotionPortal };

export const promotionKeys = {
  all: (businessId: number) => ['promotions', businessId] as const,
  list: (businessId: number, q: { keyword?: string; offset: number; limit: number }) =>
    ['promotions', businessId, 'list', q] as const,
};

/** A shop's promotions (spec 002 §7 Promotions): the same calls under /gaa and /eaa. */
export const usePromotions = (
  type: TPromotionPortal,
  businessId: number,
  query: { keyword?: string; offset: number; limit: number },
) =>
  useApiQuery(
    PROMOTION_OPS[type].list,
    { params: { businessId }, query },
    { queryKey: promotionKeys.list(businessId, query), placeholderData: keepPreviousData, staleTime: 0 },
  );

export const usePromotionWrites = (type: TPromotionPortal, businessId: number) => {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: promotionKeys.all(businessId) });
  const ops = PROMOTION_OPS[type];
  const creator = useApiMutation(ops.create, { onSuccess: refresh });
  const toggler = useApiMutation(ops.setEnabled, { onSettled: refresh });
  const deleter = useApiMutation(ops.remove, { onSuccess: refresh });
  return {
    saving: creator.isPending,
    create: (promotion: TPromotionInputRaw) =>
      creator.mutateAsync({ params: { businessId }, body: { businessId, promotion } }),
    setEnabled: (id: number, enabled: boolean) =>
      toggler.mutateAsync({
        params: { businessId, id },
        body: { id, class: 'common', businessId, enabled },
      }),
    remove: (id: number) => deleter.mutateAsync({ params: { businessId, id } }),
  };
};
