import {
  getLogisticRulesOp,
  getLogisticSettingsOp,
  listLogisticPolygonsOp,
  putLogisticRulesOp,
  putLogisticSettingsOp,
  type TLogisticRulesResponse,
  type TLogisticSettingsResponse,
  type TShopPortal,
} from '@shopdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';

export const logisticsKeys = {
  settings: (id: number) => ['logistics', id, 'settings'] as const,
  rules: (id: number) => ['logistics', id, 'rules'] as const,
  polygons: () => ['logistics', 'polygons'] as const,
};

export const useLogisticSettings = (type: TShopPortal, accountId: number) =>
  useApiQuery(
    getLogisticSettingsOp,
    { params: { userType: type, accountId } },
    { queryKey: logisticsKeys.settings(accountId), staleTime: 0, enabled: accountId > 0 },
  );

export const useSaveLogisticSettings = (type: TShopPortal, accountId: number) => {
  const client = useQueryClient();
  const m = useApiMutation(putLogisticSettingsOp, {
    onSuccess: (saved) =>
      client.setQueryData<TLogisticSettingsResponse>(logisticsKeys.settings(accountId), saved),
  });
  return {
    ...m,
    save: (body: Parameters<typeof m.mutateAsync>[0]['body']) =>
      m.mutateAsync({ params: { userType: type, accountId }, body }),
  };
};

export const useLogisticRules = (type: TShopPortal, accountId: number) =>
  useApiQuery(
    getLogisticRulesOp,
    { params: { userType: type, accountId } },
    { queryKey: logisticsKeys.rules(accountId), staleTime: 0, enabled: accountId > 0 },
  );

export const useSaveLogisticRules = (type: TShopPortal, accountId: number) => {
  const client = useQueryClient();
  const m = useApiMutation(putLogisticRulesOp, {
    onSuccess: (saved) => client.setQueryData<TLogisticRulesResponse>(logisticsKeys.rules(accountId), saved),
  });
  return {
    ...m,
    save: (rules: Parameters<typeof m.mutateAsync>[0]['body']['rules']) =>
      m.mutateAsync({ params: { userType: type, accountId }, body: { rules } }),
  };
};

export const useShopZones = () =>
  useApiQuery(listLogisticPolygonsOp, {}, { queryKey: logisticsKeys.polygons(), staleTime: 0 });
