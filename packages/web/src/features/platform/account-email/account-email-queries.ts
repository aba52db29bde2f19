import { sendShopInfoEmailOp, shopInfoEmailPreviewOp } from '@shopdesk/contract';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';

type TType = 'gaa' | 'si';

export const accountEmailKeys = {
  preview: (type: TType, accountId: number) => ['account-email', type, accountId] as const,
};

/** What the shop-info e-mail will carry (name, binding code, URLs). */
export const useShopInfoPreview = (type: TType, accountId: number | null) =>
  useApiQuery(
    shopInfoEmailPreviewOp,
    { params: { type, accountId: accountId ?? 0 } },
    { queryKey: accountEmailKeys.preview(type, accountId ?? 0), enabled: accountId !== null, staleTime: 0 },
  );

export const useSendShopInfo = () => useApiMutation(sendShopInfoEmailOp);
