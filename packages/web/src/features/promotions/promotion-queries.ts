import {
  createPromotionOp,
  deletePromotionOp,
  listPromotionsOp,
  type PROMOTION_PORTALS,
  setPromotionEnabledOp,
  type TPromotionInputRaw,
} from '@shopdesk/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../lib/api-query';

export type TPromotionPortal = (typeof PROMOTION_PORTALS)[number];

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
    listPromotionsOp,
    { params: { type, businessId }, query },
    { queryKey: promotionKeys.list(businessId, query), placeholderData: keepPreviousData, staleTime: 0 },
  );

export const usePromotionWrites = (type: TPromotionPortal, businessId: number) => {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: promotionKeys.all(businessId) });
  const creator = useApiMutation(createPromotionOp, { onSuccess: refresh });
  const toggler = useApiMutation(setPromotionEnabledOp, { onSettled: refresh });
  const deleter = useApiMutation(deletePromotionOp, { onSuccess: refresh });
  return {
    saving: creator.isPending,
    create: (promotion: TPromotionInputRaw) =>
      creator.mutateAsync({ params: { type, businessId }, body: { businessId, promotion } }),
    setEnabled: (id: number, enabled: boolean) =>
      toggler.mutateAsync({
        params: { type, businessId, id },
        body: { id, class: 'common', businessId, enabled },
      }),
    remove: (id: number) => deleter.mutateAsync({ params: { type, businessId, id } }),
  };
};
