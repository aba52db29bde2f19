import {
  activateLiteOp,
  createIntegrationOp,
  deactivateLiteOp,
  getDvrSettingsOp,
  listIntegrationsOp,
  listLiteActiveOp,
  listLiteCatalogueOp,
  listServicesOp,
  listServiceUrlsOp,
  saveDvrSettingsOp,
  saveServiceOp,
  type TDvrSettings,
  type TSaveIntegrationRequest,
  type TVendorCode,
  updateIntegrationOp,
} from '@shopdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';

const key = (id: number) => ['integrations', id] as const;

/** spec 002 §7 Integrations and services: every read of the page, keyed by shop. */
export const useIntegrationData = (id: number) => {
  const p = { params: { id } };
  // a read that fails is asked twice more before its group shows 狀態未知 (a busy server's 503 passes)
  const on = { enabled: id > 0, retry: 2 } as const;
  return {
    settings: useApiQuery(listIntegrationsOp, p, { ...on, queryKey: [...key(id), 'mw'] }),
    services: useApiQuery(listServicesOp, p, { ...on, queryKey: [...key(id), 'services'] }),
    urls: useApiQuery(listServiceUrlsOp, p, { ...on, queryKey: [...key(id), 'urls'] }),
    active: useApiQuery(listLiteActiveOp, p, { ...on, queryKey: [...key(id), 'active'] }),
    catalogue: useApiQuery(listLiteCatalogueOp, {}, { retry: 2, queryKey: [...key(id), 'catalogue'] }),
    dvr: useApiQuery(getDvrSettingsOp, p, { ...on, queryKey: [...key(id), 'dvr'] }),
  };
};

export const useIntegrationWrites = (id: number) => {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: key(id) });
  const create = useApiMutation(createIntegrationOp, { onSuccess });
  const update = useApiMutation(updateIntegrationOp, { onSuccess });
  const activate = useApiMutation(activateLiteOp, { onSuccess });
  const deactivate = useApiMutation(deactivateLiteOp, { onSuccess });
  const service = useApiMutation(saveServiceOp, { onSuccess });
  const dvr = useApiMutation(saveDvrSettingsOp, { onSuccess });
  const params = { id };
  return {
    save: (body: TSaveIntegrationRequest, exists: boolean) =>
      (exists ? update : create).mutateAsync({ params, body }),
    setLite: (vendor_code: TVendorCode, on: boolean) =>
      on
        ? activate.mutateAsync({ params, body: { vendor_code } })
        : deactivate.mutateAsync({ params, query: { vendor_code } }),
    setService: (x: TVendorCode, enabled: boolean, liffId?: string | null) =>
      service.mutateAsync({ params: { id, x }, body: { enabled, liffId } }),
    saveDvr: (body: TDvrSettings) => dvr.mutateAsync({ params, body }),
  };
};
