import {
  createPaymentServiceOp,
  createQrMerchantOp,
  getPaymentConfigsOp,
  getQrMerchantOp,
  type TPaymentConfig,
  type TPaymentServiceCreate,
  type TPaymentServiceUpdate,
  type TQrMerchantInput,
  testPaymentServiceOp,
  togglePaymentConfigOp,
  updatePaymentServiceOp,
} from '@shopdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';

const key = (shopId: number) => ['qrpay', shopId] as const;

export const useMerchant = (shopId: number) =>
  useApiQuery(
    getQrMerchantOp,
    { params: { shopId } },
    { queryKey: [...key(shopId), 'merchant'], staleTime: 0, retry: false },
  );

export const usePaymentConfigs = (shopId: number, enabled: boolean) =>
  useApiQuery(
    getPaymentConfigsOp,
    { params: { shopId } },
    { queryKey: [...key(shopId), 'configs'], staleTime: 0, enabled },
  );

export const useQrpayWrites = (shopId: number) => {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: key(shopId) });
  const params = { shopId };
  const merchant = useApiMutation(createQrMerchantOp, { onSuccess });
  const create = useApiMutation(createPaymentServiceOp, { onSuccess });
  const update = useApiMutation(updatePaymentServiceOp, { onSuccess });
  const toggle = useApiMutation(togglePaymentConfigOp, { onSuccess });
  const test = useApiMutation(testPaymentServiceOp, { onSuccess });
  return {
    createMerchant: (body: TQrMerchantInput) => merchant.mutateAsync({ body }),
    createService: (body: TPaymentServiceCreate) => create.mutateAsync({ params, body }),
    updateService: (paymentServiceId: number, body: TPaymentServiceUpdate) =>
      update.mutateAsync({ params: { shopId, paymentServiceId }, body }),
    toggle: (service: TPaymentConfig['service'], type: TPaymentConfig['type'], enable: boolean) =>
      toggle.mutateAsync({ params, body: { service, type, enable } }),
    test: (paymentServiceId: number) => test.mutateAsync({ params: { shopId, paymentServiceId } }),
    testing: test.isPending,
  };
};
